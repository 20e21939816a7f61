import { describe, expect, it } from 'vitest';
import { loadAuthorityConfig } from './config.js';

const share = '1b'.repeat(32);
const secret = 's'.repeat(32);

describe('the PIN authority service settings', () => {
  it('needs its share and secret; the rest has defaults', () => {
    expect(
      loadAuthorityConfig({ PIN_AUTHORITY_SHARE: share, PIN_AUTHORITY_SECRET: secret }),
    ).toEqual({
      name: 'verity-dta-2',
      masterShare: share,
      secret,
      host: '127.0.0.1',
      port: 3100,
      issuesPerMinute: 60,
      freshSeconds: 900,
      logLevel: 'info',
    });
  });

  it.each([
    [{ PIN_AUTHORITY_SECRET: secret }, 'PIN_AUTHORITY_SHARE'],
    [{ PIN_AUTHORITY_SHARE: share }, 'PIN_AUTHORITY_SECRET'],
    [{ PIN_AUTHORITY_SHARE: share.toUpperCase(), PIN_AUTHORITY_SECRET: secret }, 'lower-case hex'],
    [{ PIN_AUTHORITY_SHARE: share, PIN_AUTHORITY_SECRET: 'short' }, 'at least 32'],
    [{ PIN_AUTHORITY_SHARE: 'f'.repeat(64), PIN_AUTHORITY_SECRET: secret }, 'out of range'],
    [
      {
        PIN_AUTHORITY_SHARE: share,
        PIN_AUTHORITY_SECRET: secret,
        PIN_AUTHORITY_FRESH_SECONDS: '5',
      },
      'PIN_AUTHORITY_FRESH_SECONDS',
    ],
  ])('refuses %j', (env, message) => {
    expect(() => loadAuthorityConfig(env)).toThrow(message);
  });
});
