import { describe, expect, it } from 'vitest';
import { formatDate } from './dates';

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
