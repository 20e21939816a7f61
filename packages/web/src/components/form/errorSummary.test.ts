import { describe, expect, it } from 'vitest';
import { summaryErrors } from './errorSummary';

describe('summaryErrors', () => {
  const messages: Record<string, string | null> = {
    number: 'Passport No. is required',
    surname: null,
    dob: 'Date of Birth must include a month',
    expiry: '',
  };

  it("lists the fields with a message, in the form's order, linked to their inputs", () => {
    expect(
      summaryErrors(
        ['number', 'surname', 'dob', 'expiry'],
        (name) => messages[name],
        (name) => (name === 'dob' ? 'passport-dob-month' : `passport-${name}`),
      ),
    ).toEqual([
      { target: 'passport-number', message: 'Passport No. is required' },
      { target: 'passport-dob-month', message: 'Date of Birth must include a month' },
    ]);
  });

  it('is empty when no field has a message', () => {
    expect(
      summaryErrors(
        ['surname'],
        () => null,
        (name) => name,
      ),
    ).toEqual([]);
  });
});
