import { describe, expect, it } from 'vitest';
import { safeRedirectUrl } from './redirect';

const base = 'http://localhost:3000/sendresponse';

describe('safeRedirectUrl', () => {
  it.each<[string, string | null]>([
    ['/oidc/auth/abc', 'http://localhost:3000/oidc/auth/abc'],
    [
      'https://client.example/callback?code=1&state=2',
      'https://client.example/callback?code=1&state=2',
    ],
    ['http://127.0.0.1:3001/', 'http://127.0.0.1:3001/'],
    ['javascript:alert(1)', null],
    ['data:text/html,hi', null],
    ['http://[bad', null],
  ])('%s', (address, expected) => {
    expect(safeRedirectUrl(address, base)).toBe(expected);
  });
});
