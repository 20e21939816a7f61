import { joinDateParts } from '@verity/contracts';
import { describe, expect, it } from 'vitest';
import { dateInputBound, formatDate, localIsoDate, splitIsoDate } from './dates';

describe('splitIsoDate', () => {
  it('gives the parts the inputs show, and joins back with joinDateParts', () => {
    const parts = splitIsoDate('1990-02-01');
    expect(parts).toEqual({ day: '1', month: '2', year: '1990' });
    expect(joinDateParts(parts.day, parts.month, parts.year)).toBe('1990-02-01');
  });

  it('is empty for anything but yyyy-mm-dd', () => {
    for (const value of ['', '1/2/1990', '1990-2-1', 'x']) {
      expect(splitIsoDate(value)).toEqual({ day: '', month: '', year: '' });
    }
  });
});

describe('dateInputBound', () => {
  const today = new Date(2026, 0, 5, 23, 30);
  it('is today as a local date for "today"', () => {
    expect(dateInputBound('today', today)).toBe('2026-01-05');
    expect(localIsoDate(today)).toBe('2026-01-05');
  });
  it('passes real dates and drops anything else', () => {
    expect(dateInputBound('1900-01-01', today)).toBe('1900-01-01');
    expect(dateInputBound('1990-02-31', today)).toBeUndefined();
    expect(dateInputBound('soon', today)).toBeUndefined();
    expect(dateInputBound(undefined, today)).toBeUndefined();
  });
});

describe('formatDate', () => {
  it('writes a date in words, whatever the time zone', () => {
    expect(formatDate('1990-02-01')).toBe('1 February 1990');
    expect(formatDate('2000-12-31')).toBe('31 December 2000');
  });
  it('is null for an impossible date', () => {
    expect(formatDate('1990-02-31')).toBeNull();
    expect(formatDate('')).toBeNull();
  });
});
