import { describe, expect, it } from 'vitest';
import { displayValue } from './display';

describe('displayValue', () => {
  it('writes dates in words', () => {
    expect(displayValue('date', '1990-03-12')).toBe('12 March 1990');
    expect(displayValue('date2', '1990-03-12')).toBe('12 March 1990');
    expect(displayValue('date', 'not a date')).toBe('not a date');
  });

  it('shows an address value as its text and postcode', () => {
    const address = {
      postcode: 'SW1A 2AA',
      uprn: '9',
      text: '10 Downing Street, London',
      picklist: true,
    };
    expect(displayValue('address', JSON.stringify(address))).toBe(
      '10 Downing Street, London, SW1A 2AA',
    );
    // The server may have written it out already.
    expect(displayValue('address', '10 Downing Street, London, SW1A 2AA')).toBe(
      '10 Downing Street, London, SW1A 2AA',
    );
  });

  it('shows anything else as it is', () => {
    expect(displayValue('text', ' Ada ')).toBe('Ada');
    expect(displayValue('email', 'ada@example.com')).toBe('ada@example.com');
    expect(displayValue('text', '')).toBe('');
  });
});
