import { describe, expect, it } from 'vitest';
import {
  dateEntryProblem,
  dateErrorTarget,
  datePartAutoComplete,
  datePartId,
  datePartsValue,
  splitIsoDate,
} from './dateParts';

const parts = (day: string, month: string, year: string) => ({ day, month, year });

describe('datePartsValue', () => {
  it.each([
    [parts('', '', ''), ''],
    [parts(' ', '', ' '), ''],
    [parts('17', '2', '1985'), '1985-02-17'],
    [parts('5', '03', '2030'), '2030-03-05'],
    [parts(' 1 ', ' 2 ', ' 1990 '), '1990-02-01'],
    // Whole but impossible: yyyy-mm-dd, which the rules refuse as no real date.
    [parts('31', '2', '2020'), '2020-02-31'],
    [parts('1', '13', '2020'), '2020-13-01'],
    // Not whole: what was typed, never a yyyy-mm-dd.
    [parts('17', '', '1985'), '1985--17'],
    [parts('17', '2', '85'), '85-2-17'],
    [parts('017', '2', '1985'), '1985-2-017'],
    [parts('1a', '2', '1985'), '1985-2-1a'],
  ])('%j gives %j', (typed, value) => expect(datePartsValue(typed)).toBe(value));
});

describe('dateEntryProblem', () => {
  it.each([
    ['', null, []],
    ['1985-02-17', null, []],
    ['2024-02-29', null, []],
    ['2020-02-31', 'Date of birth must be a real date', ['day', 'month', 'year']],
    ['2023-02-29', 'Date of birth must be a real date', ['day', 'month', 'year']],
    ['2020-13-01', 'Date of birth must be a real date', ['day', 'month', 'year']],
    ['2020-00-10', 'Date of birth must be a real date', ['day', 'month', 'year']],
    ['1985-2-1a', 'Date of birth must be a real date', ['day', 'month', 'year']],
    ['1985-2-1-2', 'Date of birth must be a real date', ['day', 'month', 'year']],
    ['1985-2-', 'Date of birth must include a day', ['day']],
    ['1985--17', 'Date of birth must include a month', ['month']],
    ['-2-17', 'Date of birth must include a year', ['year']],
    ['1985--', 'Date of birth must include a day and month', ['day', 'month']],
    ['--17', 'Date of birth must include a month and year', ['month', 'year']],
    ['85-2-17', 'Year must include 4 numbers', ['year']],
    ['19850-2-17', 'Year must include 4 numbers', ['year']],
  ])('%j: %j', (value, message, inError) => {
    const problem = dateEntryProblem(value, 'Date of birth');
    expect(problem?.message ?? null).toBe(message);
    expect(problem?.parts ?? []).toEqual(inError);
  });

  it('names the field without a document numbering', () => {
    expect(dateEntryProblem('2019-02-30', '4a. Date of Issue')?.message).toBe(
      'Date of Issue must be a real date',
    );
    expect(dateEntryProblem('2019--', '3. Date of Birth')?.message).toBe(
      'Date of Birth must include a day and month',
    );
  });

  it('leaves every value the inputs give for a real date to the field rules', () => {
    for (const [day, month, year] of [
      ['1', '1', '1900'],
      ['29', '2', '2024'],
      ['31', '12', '2099'],
    ] as const) {
      expect(dateEntryProblem(datePartsValue(parts(day, month, year)), 'Date')).toBeNull();
    }
  });
});

describe('splitIsoDate', () => {
  it('gives the inputs of a yyyy-mm-dd, which join back to it', () => {
    const typed = splitIsoDate('1990-02-01');
    expect(typed).toEqual(parts('1', '2', '1990'));
    expect(datePartsValue(typed)).toBe('1990-02-01');
  });

  it('is empty for anything but yyyy-mm-dd', () => {
    for (const value of ['', '1/2/1990', '1990-2-1', 'x']) {
      expect(splitIsoDate(value)).toEqual(parts('', '', ''));
    }
  });
});

describe('input ids and autofill', () => {
  it('links the error summary to the first input in error', () => {
    expect(datePartId('passport-dob', 'day')).toBe('passport-dob');
    expect(datePartId('passport-dob', 'year')).toBe('passport-dob-year');
    expect(dateErrorTarget('passport-dob', '')).toBe('passport-dob');
    expect(dateErrorTarget('passport-dob', '1985--17')).toBe('passport-dob-month');
    expect(dateErrorTarget('passport-dob', '85-2-17')).toBe('passport-dob-year');
    expect(dateErrorTarget('passport-dob', '2020-02-31')).toBe('passport-dob');
  });

  it('lets the browser fill in a birth date only', () => {
    expect(datePartAutoComplete(true, 'day')).toBe('bday-day');
    expect(datePartAutoComplete(true, 'year')).toBe('bday-year');
    expect(datePartAutoComplete(false, 'month')).toBe('off');
  });
});
