import { describe, expect, it } from 'vitest';
import { isUkMobile, normaliseMobile } from './mobileRules.js';

describe('UK mobile numbers', () => {
  it.each([
    ['07700900001', true],
    ['07700 900 001', true],
    [' 07700 900001 ', true],
    ['0770090000', false],
    ['077009000011', false],
    ['01632960001', false],
    ['+447700900001', false],
    ['0770090000a', false],
    ['', false],
  ])('%j: %s', (value, valid) => {
    expect(isUkMobile(value)).toBe(valid);
  });

  it('drops the spaces', () => {
    expect(normaliseMobile('07700 900 001')).toBe('07700900001');
  });
});
