import { describe, expect, it } from 'vitest';
import { accountMessages } from './accountMessages.js';
import { activityTitles } from './activityTitles.js';
import { codeMessages } from './codeMessages.js';
import { errorMessages } from './errorMessages.js';
import { kbvQuestionTexts } from './kbvQuestions.js';
import { noticeMessages } from './noticeMessages.js';
import { profileFieldTexts } from './profileFields.js';
import { providerPages } from './providerPages.js';
import { sandboxBankPages } from './sandboxBankPages.js';
import { secondFactorNames } from './secondFactorNames.js';
import { shareMessages } from './shareMessages.js';
import { verificationTexts } from './verificationTexts.js';

const catalogues = {
  accountMessages,
  activityTitles,
  codeMessages,
  errorMessages,
  kbvQuestionTexts,
  noticeMessages,
  profileFieldTexts,
  providerPages,
  sandboxBankPages,
  secondFactorNames,
  shareMessages,
  verificationTexts,
};
const samples = ['Verity', '123456', 'someone@example.com'];

/** Every text of a catalogue entry, functions called with sample arguments: [path, text]. */
function texts(path: string, entry: unknown): Array<[string, string]> {
  if (typeof entry === 'string') return [[path, entry]];
  if (typeof entry === 'function')
    return texts(`${path}()`, entry(...samples.slice(0, entry.length)));
  return Object.entries(entry as Record<string, unknown>).flatMap(([key, value]) =>
    texts(`${path}.${key}`, value),
  );
}

describe.each(Object.entries(catalogues))('the server catalogue %s', (_name, catalogue) => {
  const english = texts('', catalogue.en);
  const welsh = new Map(texts('', catalogue.cy));

  it('has every English text in Welsh, translated, with the same arguments in it', () => {
    expect(english.length).toBeGreaterThanOrEqual(3);
    expect([...welsh.keys()].sort()).toEqual(english.map(([path]) => path).sort());
    for (const [path, en] of english) {
      const cy = welsh.get(path)!;
      expect(cy.trim(), path).not.toBe('');
      expect(cy, path).not.toBe(en);
      // An argument may be lower-cased mid-sentence ("Rhaid i'r enwau cyntaf ...").
      for (const sample of samples)
        if (en.includes(sample)) expect(cy.toLowerCase(), path).toContain(sample.toLowerCase());
    }
  });
});
