import { describe, expect, it } from 'vitest';
import { firstSupportedLanguage, isLanguage } from './language.js';

describe('firstSupportedLanguage (ui_locales, claims_locales)', () => {
  it.each([
    ['cy', 'cy'],
    ['en', 'en'],
    ['cy-GB', 'cy'],
    ['CY-gb en', 'cy'],
    ['fr-CA cy en', 'cy'],
    ['en-GB cy', 'en'],
    ['de fr', null],
    ['', null],
    ['  cy  ', 'cy'],
    ['not_a_tag!! cy', 'cy'],
    ['x-private cy', 'cy'],
    [undefined, null],
    [42, null],
  ])('%j gives %j', (tags, expected) => {
    expect(firstSupportedLanguage(tags)).toBe(expected);
  });
});

describe('isLanguage', () => {
  it.each([
    ['en', true],
    ['cy', true],
    ['CY', false],
    ['fr', false],
    [null, false],
  ])('%j is %j', (value, expected) => {
    expect(isLanguage(value)).toBe(expected);
  });
});
