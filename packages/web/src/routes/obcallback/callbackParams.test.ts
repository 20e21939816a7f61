import { describe, expect, it } from 'vitest';
import { readCallbackParams } from './callbackParams';

describe('readCallbackParams', () => {
  it.each([
    ['a code in the query', '', '?code=c1&state=s1', { kind: 'code', code: 'c1', state: 's1' }],
    [
      'a code in the hash',
      '#code=c1&state=s1&id_token=t1',
      '',
      { kind: 'code', code: 'c1', state: 's1', id_token: 't1' },
    ],
    [
      'the hash before the query',
      '#code=h&state=s',
      '?code=q&state=s',
      { kind: 'code', code: 'h', state: 's' },
    ],
    ['an error', '', '?error=access_denied&state=s1', { kind: 'error', error: 'access_denied' }],
    [
      'an error in the hash',
      '#error=TEMPORARY_ERROR',
      '',
      { kind: 'error', error: 'TEMPORARY_ERROR' },
    ],
    ['a code without state', '', '?code=c1', { kind: 'missing' }],
    ['nothing', '', '', { kind: 'missing' }],
    ['an empty hash', '#', '?code=c1&state=s1', { kind: 'code', code: 'c1', state: 's1' }],
  ])('%s', (_case, hash, search, expected) => {
    expect(readCallbackParams(hash, search)).toEqual(expected);
  });
});
