import { languages } from '@verity/contracts';
import { describe, expect, it } from 'vitest';
import { codeMessages } from './codeMessages.js';

const samples = ['Verity', '123456', 'verify your e-mail'];

describe('the code messages in English and Welsh', () => {
  it('have the same keys in every language', () => {
    for (const language of languages) {
      expect(Object.keys(codeMessages[language]).sort()).toEqual(
        Object.keys(codeMessages.en).sort(),
      );
    }
  });

  it.each(Object.keys(codeMessages.en))('%s is translated, and keeps its arguments', (key) => {
    const name = key as keyof (typeof codeMessages)['en'];
    const arity = typeof codeMessages.en[name] === 'function' ? codeMessages.en[name].length : 0;
    const text = (language: 'en' | 'cy') => {
      const entry = codeMessages[language][name];
      return typeof entry === 'string'
        ? entry
        : (entry as (...args: string[]) => string)(...samples.slice(0, arity));
    };
    expect(text('cy').trim()).not.toBe('');
    expect(text('cy')).not.toBe(text('en'));
    for (const argument of samples.slice(0, arity)) expect(text('cy')).toContain(argument);
  });
});
