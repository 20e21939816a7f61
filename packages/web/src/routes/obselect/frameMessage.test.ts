import { describe, expect, it } from 'vitest';
import { callbackAddress, readFrameMessage } from './frameMessage';

const bank = 'https://bank.example';

describe('readFrameMessage', () => {
  it.each([
    [
      'a code from the bank',
      bank,
      { type: 'code', code: 'c1', state: 's1' },
      { kind: 'code', code: 'c1', state: 's1' },
    ],
    [
      'a code without state',
      bank,
      { type: 'code', code: 'c1' },
      { kind: 'code', code: 'c1', state: null },
    ],
    [
      'an error from the bank',
      bank,
      { type: 'error', error: 'access_denied' },
      { kind: 'error', error: 'access_denied' },
    ],
    [
      'credentials from the bank',
      bank,
      { type: 'credentials' },
      { kind: 'error', error: 'provider_error' },
    ],
    ['a code from a foreign origin', 'https://evil.example', { type: 'code', code: 'c1' }, null],
    [
      'a look-alike origin',
      'https://bank.example.evil.example',
      { type: 'code', code: 'c1' },
      null,
    ],
    ['an empty code', bank, { type: 'code', code: '' }, null],
    ['a code that is not text', bank, { type: 'code', code: 42 }, null],
    ['another type', bank, { type: 'resize', height: 10 }, null],
    ['a string', bank, 'code=c1', null],
    ['nothing', bank, null, null],
  ])('%s', (_case, origin, data, expected) => {
    expect(readFrameMessage(origin, data, bank)).toEqual(expected);
  });
});

describe('callbackAddress', () => {
  it('carries the code and the state, encoded', () => {
    expect(callbackAddress({ code: 'a b&c', state: 's/1' })).toBe(
      '/ObCallback?code=a+b%26c&state=s%2F1',
    );
    expect(callbackAddress({ code: 'c', state: null })).toBe('/ObCallback?code=c');
  });
});
