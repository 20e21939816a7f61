import { describe, expect, it } from 'vitest';
import { phoneCodeRule } from './phoneCode';

describe('phoneCodeRule', () => {
  it.each([
    [6, '123456', true],
    [6, '000000', true],
    [6, '1234', false],
    [6, '12345', false],
    [6, '1234567', false],
    [6, '12345a', false],
    [4, '1234', true],
    [4, '0000', true],
    [4, '123456', false],
    [4, '123', false],
    [4, '12345', false],
    [4, '', false],
  ] as const)('%i digits: %j is well formed: %s', (length, code, expected) => {
    expect(phoneCodeRule(length).pattern.test(code)).toBe(expected);
  });

  it.each([
    [6, 'The code should be 6 digits'],
    [4, 'The code should be 4 digits'],
  ] as const)('names the configured length (%i)', (length, message) => {
    expect(phoneCodeRule(length).message).toBe(message);
  });
});
