import { describe, expect, it } from 'vitest';
import { autoCompleteFor, decorativeIcon, textInputType, matchChoice } from './fieldHints';

describe('autofill tokens', () => {
  it('names the well-known claims', () => {
    expect(autoCompleteFor('given_name')).toBe('given-name');
    expect(autoCompleteFor('family_name')).toBe('family-name');
    expect(autoCompleteFor('favourite_colour')).toBeUndefined();
  });
});

describe('textInputType', () => {
  it.each([
    ['phone_number', 'text', 'tel'],
    ['given_name', 'text', 'text'],
    ['email', 'email', 'email'],
    ['contact', 'email', 'email'],
  ] as const)('%s (%s) is %s', (name, type, expected) => {
    expect(textInputType(name, type)).toBe(expected);
  });
});

describe('decorativeIcon', () => {
  it('keeps a symbol or emoji', () => {
    expect(decorativeIcon('✉')).toBe('✉');
    expect(decorativeIcon(' 👤 ')).toBe('👤');
  });
  it('ignores names, words and markup', () => {
    for (const icon of [undefined, '', 'fa-user', 'user', 'A', '<b>', 'https://x/y.png', '✉✉✉']) {
      expect(decorativeIcon(icon)).toBeNull();
    }
  });
});

describe('matchChoice', () => {
  const choices = ['United Kingdom', 'Ireland', 'France'];
  it('finds the choice ignoring case and outer spaces', () => {
    expect(matchChoice('United Kingdom', choices)).toBe('United Kingdom');
    expect(matchChoice(' ireland ', choices)).toBe('Ireland');
  });
  it('leaves anything else as typed', () => {
    expect(matchChoice('Fran', choices)).toBe('Fran');
    expect(matchChoice('', choices)).toBe('');
  });
});
