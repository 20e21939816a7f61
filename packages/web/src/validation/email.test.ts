import { describe, expect, it } from 'vitest';
import { emailSuggestion, isValidEmail } from './email';

describe('isValidEmail', () => {
  it.each([
    ['ada@example.com', true],
    ['  ada@example.com ', true],
    ['ada.lovelace+verity@mail.example.co.uk', true],
    ['', false],
    ['ada', false],
    ['ada@example', false],
    ['ada@example.c', false],
    ['ada lovelace@example.com', false],
    ['ada@@example.com', false],
    [`${'a'.repeat(250)}@example.com`, false],
  ])('%j is %s', (email, valid) => {
    expect(isValidEmail(email)).toBe(valid);
  });
});

describe('emailSuggestion', () => {
  it.each([
    ['ada@gmial.com', 'ada@gmail.com'],
    ['Ada.Lovelace@hotmial.com', 'Ada.Lovelace@hotmail.com'],
    ['ada@yahoo.con', 'ada@yahoo.com'],
  ])('suggests a fix for %s', (email, suggestion) => {
    expect(emailSuggestion(email)).toBe(suggestion);
  });

  it.each(['ada@gmail.com', 'ada@example.com', 'ada@company.co.uk', 'ada', '', 'ada@'])(
    'suggests nothing for %j',
    (email) => {
      expect(emailSuggestion(email)).toBeNull();
    },
  );
});
