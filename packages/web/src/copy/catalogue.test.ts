import { describe, expect, it } from 'vitest';
import * as account from './account';
import * as accounts from './accounts';
import * as checks from './checks';
import * as common from './common';
import * as contact from './contact';
import * as forms from './forms';
import * as legal from './legal';
import * as navigation from './navigation';
import * as openBanking from './openBanking';
import * as pin from './pin';
import * as pinAccess from './pinAccess';
import * as profile from './profile';
import * as secondFactor from './secondFactor';
import * as social from './social';
import { welsh } from './cy/welsh';

const englishModules = [
  account,
  accounts,
  checks,
  common,
  contact,
  forms,
  legal,
  navigation,
  openBanking,
  pin,
  pinAccess,
  profile,
  secondFactor,
  social,
];
/** Every section of the English catalogue: each exported object of the copy modules. */
const english: Record<string, unknown> = Object.fromEntries(
  englishModules.flatMap((module) =>
    Object.entries(module).filter(([, value]) => typeof value === 'object' && value !== null),
  ),
);

/**
 * Welsh texts that may equal the English: names, which stay as they are (the product, the
 * sign-in providers). Each is a path in the catalogue, so nothing else slips through.
 */
const sameInBothLanguages = new Set(['socialCopy.providerName(google)']);

/** Arguments to call each function with; the rest take one or two sample names. */
const sampleArguments: Record<string, unknown[][]> = {
  'shareCopy.recipientHint': [[30]],
  'checksCopy.triesLeft': [[0], [1], [3]],
  'checksCopy.documentPhotoHint': [['passport'], ['driving licence']],
  'openBankingCopy.intro': [['Sample'], [null]],
  'openBankingCopy.cancelLink': [['Sample'], [null]],
  'pinCopy.digitsEntered': [[2, 4]],
  'pinAccessCopy.requester': [
    ['Sample', 30],
    ['Sample', 300],
  ],
  'profileCopy.addressesFound': [
    [1, 'CF10 1AA'],
    [3, 'CF10 1AA'],
  ],
  'secondFactorCopy.phoneCodeFormat': [[6]],
  'formsCopy.mustInclude': [
    ['Date of birth', ['year']],
    ['Date of birth', ['day', 'month']],
    ['Date of birth', ['day', 'month', 'year']],
  ],
};
const defaultArguments = (path: string, arity: number): unknown[][] =>
  path.startsWith('socialCopy.')
    ? [['google']]
    : [Array.from({ length: Math.max(arity, 1) }, () => 'Sample')];

interface Finding {
  path: string;
  problem: string;
}

/** Walks both values alike: same keys, every text non-empty and translated. */
function compare(path: string, en: unknown, cy: unknown, findings: Finding[]): void {
  if (typeof en === 'string') {
    if (typeof cy !== 'string') findings.push({ path, problem: 'not a text' });
    else if (cy.trim() === '') findings.push({ path, problem: 'empty' });
    // Punctuation alone (the full stop after a link) is the same in both.
    else if (cy === en && !sameInBothLanguages.has(path) && /\p{L}/u.test(en))
      findings.push({ path, problem: `same as the English: ${en}` });
    return;
  }
  if (en === null) {
    if (cy !== null) findings.push({ path, problem: 'should be null, as the English' });
    return;
  }
  if (typeof en === 'function') {
    if (typeof cy !== 'function') return void findings.push({ path, problem: 'not a function' });
    for (const args of sampleArguments[path] ?? defaultArguments(path, en.length)) {
      const call = `${path}(${args.join(',')})`;
      compare(call, (en as (...a: unknown[]) => unknown)(...args), cy(...args), findings);
    }
    return;
  }
  if (Array.isArray(en)) {
    if (!Array.isArray(cy) || cy.length !== en.length)
      return void findings.push({ path, problem: 'not a list of the same length' });
    en.forEach((item, index) => compare(`${path}.${index}`, item, cy[index], findings));
    return;
  }
  if (typeof en === 'object' && typeof cy === 'object' && cy !== null) {
    const enKeys = Object.keys(en).sort();
    const cyKeys = Object.keys(cy).sort();
    for (const key of enKeys.filter((key) => !cyKeys.includes(key)))
      findings.push({ path: `${path}.${key}`, problem: 'missing in Welsh' });
    for (const key of cyKeys.filter((key) => !enKeys.includes(key)))
      findings.push({ path: `${path}.${key}`, problem: 'missing in English' });
    for (const key of enKeys.filter((key) => cyKeys.includes(key)))
      compare(
        path === '' ? key : `${path}.${key}`,
        (en as Record<string, unknown>)[key],
        (cy as Record<string, unknown>)[key],
        findings,
      );
    return;
  }
  findings.push({ path, problem: `unexpected value ${typeof en}` });
}

describe('the catalogues, English and Welsh', () => {
  it('have the same sections and keys, every Welsh text given and translated', () => {
    const findings: Finding[] = [];
    compare('', english, welsh, findings);
    expect(findings).toEqual([]);
  });

  it('has sections to compare (the walk is not empty)', () => {
    expect(Object.keys(english).length).toBeGreaterThan(20);
    expect(Object.keys(welsh).sort()).toEqual(Object.keys(english).sort());
  });

  it.each([
    ['a missing key', { ...english, pinCopy: { cancel: 'x' } }, /missing in Welsh/],
    ['a text left in English', { ...english, pinCopy: pin.pinCopy }, /same as the English/],
  ])('finds %s', (_name, cy, problem) => {
    const findings: Finding[] = [];
    compare('', english, cy, findings);
    expect(findings.map((finding) => finding.problem).join('\n')).toMatch(problem);
  });
});
