import { describe, expect, it } from 'vitest';
import { ConfigError, insecureSettings, loadConfig, servesDevOutbox } from './config.js';

describe('loadConfig', () => {
  it('has embedded defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      issuer: 'http://localhost:3000',
      port: 3000,
      productName: 'Verity',
      env: 'development',
      databaseUrl: undefined,
      redisUrl: undefined,
      redisCommandTimeoutMs: 200,
      redisKeyPrefix: 'verity:',
      keyRefreshSeconds: 60,
      keyActivationDelaySeconds: 900,
      smtpUrl: undefined,
      shareLinkDays: 14,
      evidenceMaxAgeDays: 365,
      contactRetentionDays: 365,
      tokenRateLimits: { perClient: 0, perAddress: 60, abusePerAddress: 120_000 },
      userinfoRateLimits: { perClient: 0, perAddress: 120, abusePerAddress: 120_000 },
    });
    expect(config.dataDir).toMatch(/data$/);
    expect(
      loadConfig({
        USERINFO_RATE_LIMIT_PER_CLIENT: '600',
        USERINFO_RATE_LIMIT_PER_ADDRESS: '30',
        USERINFO_RATE_LIMIT_ABUSE_PER_ADDRESS: '5000',
      }).userinfoRateLimits,
    ).toEqual({ perClient: 600, perAddress: 30, abusePerAddress: 5000 });
  });

  it('treats empty values as unset and trims the issuer', () => {
    expect(loadConfig({ PORT: '', PUBLIC_URL: 'https://id.example.com/' })).toMatchObject({
      port: 3000,
      issuer: 'https://id.example.com',
    });
  });

  it.each([
    ['PUBLIC_URL', 'ftp://x'],
    ['PUBLIC_URL', 'not a url'],
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://x'],
    ['REDIS_URL', 'http://x'],
    ['REDIS_COMMAND_TIMEOUT_MS', '5'],
    ['REDIS_COMMAND_TIMEOUT_MS', 'soon'],
    ['REDIS_KEY_PREFIX', 'has space'],
    ['REDIS_KEY_PREFIX', 'x'.repeat(65)],
    ['SMTP_URL', 'http://x'],
    ['NODE_ENV', 'staging'],
    ['SUPPORT_EMAIL', 'nobody'],
    ['SHARE_LINK_DAYS', '0'],
    ['SHARE_LINK_DAYS', '91'],
    ['SHARE_LINK_DAYS', 'a week'],
    ['EVIDENCE_MAX_AGE_DAYS', '0'],
    ['EVIDENCE_MAX_AGE_DAYS', '1.5'],
    ['CONTACT_RETENTION_DAYS', '0'],
    ['CONTACT_RETENTION_DAYS', '3651'],
    ['KEY_REFRESH_SECONDS', '0'],
    ['KEY_REFRESH_SECONDS', 'a minute'],
    ['KEY_ACTIVATION_DELAY_SECONDS', '0'],
    // Not more than twice the refresh (60 s): an instance could sign before others publish.
    ['KEY_ACTIVATION_DELAY_SECONDS', '120'],
    ['USERINFO_RATE_LIMIT_PER_CLIENT', '-1'],
    ['USERINFO_RATE_LIMIT_PER_CLIENT', 'lots'],
    ['USERINFO_RATE_LIMIT_PER_ADDRESS', '0'],
    ['USERINFO_RATE_LIMIT_ABUSE_PER_ADDRESS', '1000001'],
    ['TOKEN_RATE_LIMIT_PER_ADDRESS', '0'],
  ])('refuses %s=%s naming the setting', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(name);
  });
});

/** A real phone provider: production without one warns (sandbox phone provider). */
const phoneApi = {
  PHONE_API_URL: 'https://api.example.com',
  PHONE_API_ACCOUNT: 'AC1',
  PHONE_API_TOKEN: 'token',
  PHONE_FROM: '+447700900000',
};

describe('insecureSettings', () => {
  it.each([
    [{}, 0],
    [{ PUBLIC_URL: 'http://127.0.0.1:3000' }, 0],
    [
      {
        PUBLIC_URL: 'https://id.example.com',
        NODE_ENV: 'production',
        SMTP_URL: 'smtps://mail',
        ...phoneApi,
      },
      0,
    ],
    [{ PUBLIC_URL: 'http://id.example.com' }, 2],
    [{ PUBLIC_URL: 'https://id.example.com', SMTP_URL: 'smtps://mail' }, 0],
    // No SMTP_URL, and the sandbox phone provider.
    [{ PUBLIC_URL: 'https://id.example.com', NODE_ENV: 'production' }, 2],
    [{ PUBLIC_URL: 'https://id.example.com', NODE_ENV: 'production', ...phoneApi }, 1],
    // Plain http twice, no SMTP_URL, and the sandbox phone provider.
    [{ PUBLIC_URL: 'http://id.example.com', NODE_ENV: 'production' }, 4],
  ])('%o gives %i warnings', (env, count) => {
    expect(insecureSettings(loadConfig(env))).toHaveLength(count);
  });
});

describe('servesDevOutbox', () => {
  it.each([
    [{}, true],
    [{ PUBLIC_URL: 'http://127.0.0.1:3000' }, true],
    [{ PUBLIC_URL: 'https://id.example.com' }, false],
    [{ NODE_ENV: 'production' }, false],
  ])('%o → %s', (env, expected) => {
    expect(servesDevOutbox(loadConfig(env))).toBe(expected);
  });
});

describe('social login settings', () => {
  it('configures a provider only with both its client id and secret', () => {
    expect(loadConfig({}).social).toEqual({});
    const config = loadConfig({
      GOOGLE_CLIENT_ID: 'g',
      GOOGLE_CLIENT_SECRET: 'gs',
      FACEBOOK_CLIENT_ID: 'f',
      FACEBOOK_CLIENT_SECRET: 'fs',
    });
    expect(config.social).toEqual({
      google: { issuer: 'https://accounts.google.com', clientId: 'g', clientSecret: 'gs' },
      facebook: {
        authorizationUrl: 'https://www.facebook.com/v23.0/dialog/oauth',
        graphUrl: 'https://graph.facebook.com/v23.0',
        clientId: 'f',
        clientSecret: 'fs',
      },
    });
  });

  it.each([
    [{ GOOGLE_CLIENT_ID: 'g' }],
    [{ MICROSOFT_CLIENT_SECRET: 's' }],
    [{ FACEBOOK_CLIENT_ID: 'f', FACEBOOK_GRAPH_URL: 'not a url', FACEBOOK_CLIENT_SECRET: 's' }],
    [{ GOOGLE_CLIENT_ID: 'g', GOOGLE_CLIENT_SECRET: 's', GOOGLE_ISSUER: 'ftp://x' }],
  ])('refuses %o', (env) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
  });

  it('warns about a provider over plain http', () => {
    const env = {
      PUBLIC_URL: 'https://id.example.com',
      SMTP_URL: 'smtps://mail',
      MICROSOFT_CLIENT_ID: 'm',
      MICROSOFT_CLIENT_SECRET: 's',
      MICROSOFT_ISSUER: 'http://127.0.0.1:9000',
    };
    expect(insecureSettings(loadConfig(env))).toHaveLength(1);
  });
});
describe('second-factor settings', () => {
  it('defaults to 6-digit codes and the sandbox phone provider', () => {
    const config = loadConfig({});
    expect(config.secondFactorCodeLength).toBe(6);
    expect(config.phoneApi).toBeUndefined();
  });

  it('warns about 4-digit codes', () => {
    const config = loadConfig({ SECOND_FACTOR_CODE_LENGTH: '4' });
    expect(config.secondFactorCodeLength).toBe(4);
    expect(insecureSettings(config).join('\n')).toContain('SECOND_FACTOR_CODE_LENGTH=4');
  });

  it('warns when production runs on the sandbox phone provider', () => {
    const production = {
      PUBLIC_URL: 'https://id.example.com',
      NODE_ENV: 'production',
      SMTP_URL: 'smtps://mail',
    };
    expect(insecureSettings(loadConfig(production))).toEqual([
      expect.stringContaining('without PHONE_API_URL'),
    ]);
    expect(insecureSettings(loadConfig({ ...production, ...phoneApi }))).toEqual([]);
    // Outside production the sandbox phone provider is the intended one.
    expect(insecureSettings(loadConfig({ ...production, NODE_ENV: 'development' }))).toEqual([]);
  });

  it('takes the phone API settings together or not at all', () => {
    expect(() => loadConfig({ PHONE_API_URL: 'https://api.example.com' })).toThrow('go together');
    expect(
      loadConfig({
        PHONE_API_URL: 'https://api.example.com',
        PHONE_API_ACCOUNT: 'AC1',
        PHONE_API_TOKEN: 'token',
        PHONE_FROM: '+447700900000',
      }).phoneApi,
    ).toEqual({
      url: 'https://api.example.com',
      account: 'AC1',
      token: 'token',
      from: '+447700900000',
    });
    expect(() => loadConfig({ SECOND_FACTOR_CODE_LENGTH: '5' })).toThrow();
  });
});

describe('sandbox identity checks', () => {
  it.each([
    [{}, true],
    [{ NODE_ENV: 'production' }, false],
    [{ NODE_ENV: 'production', SANDBOX_CHECKS: 'on' }, true],
    [{ SANDBOX_CHECKS: 'off' }, false],
    [{ SANDBOX_CHECKS: 'on' }, true],
  ])('%o → sandboxChecks %s', (env, expected) => {
    expect(loadConfig(env).sandboxChecks).toBe(expected);
  });

  it('refuses values other than on and off', () => {
    expect(() => loadConfig({ SANDBOX_CHECKS: 'yes' })).toThrow('SANDBOX_CHECKS');
  });

  it('warns when the sandboxes run in production', () => {
    const env = {
      PUBLIC_URL: 'https://id.example.com',
      NODE_ENV: 'production',
      SMTP_URL: 'smtps://m',
      PHONE_API_URL: 'https://api.example.com',
      PHONE_API_ACCOUNT: 'AC1',
      PHONE_API_TOKEN: 'token',
      PHONE_FROM: '+447700900000',
    };
    expect(insecureSettings(loadConfig(env))).toEqual([]);
    const warnings = insecureSettings(loadConfig({ ...env, SANDBOX_CHECKS: 'on' }));
    expect(warnings).toEqual([expect.stringContaining('SANDBOX_CHECKS=on in production')]);
  });
});

describe('photo checks by the local pipeline', () => {
  it.each([
    [{}, true],
    [{ NODE_ENV: 'production' }, false],
    [{ NODE_ENV: 'production', LOCAL_PHOTO_CHECKS: 'on' }, true],
    [{ LOCAL_PHOTO_CHECKS: 'off' }, false],
  ])('%o → localPhotoChecks %s', (env, expected) => {
    expect(loadConfig(env).localPhotoChecks).toBe(expected);
  });

  it('keeps photos 0 days unless told, at most 30', () => {
    expect(loadConfig({}).photoRetentionDays).toBe(0);
    expect(loadConfig({ PHOTO_RETENTION_DAYS: '30' }).photoRetentionDays).toBe(30);
    expect(() => loadConfig({ PHOTO_RETENTION_DAYS: '31' })).toThrow('PHOTO_RETENTION_DAYS');
    expect(() => loadConfig({ PHOTO_RETENTION_DAYS: '-1' })).toThrow('PHOTO_RETENTION_DAYS');
  });

  it('lasts a phone link for the photos 10 minutes unless told, 1 to 30', () => {
    expect(loadConfig({}).photoHandoffMinutes).toBe(10);
    expect(loadConfig({ PHOTO_HANDOFF_MINUTES: '1' }).photoHandoffMinutes).toBe(1);
    expect(() => loadConfig({ PHOTO_HANDOFF_MINUTES: '0' })).toThrow('PHOTO_HANDOFF_MINUTES');
    expect(() => loadConfig({ PHOTO_HANDOFF_MINUTES: '31' })).toThrow('PHOTO_HANDOFF_MINUTES');
  });

  it('warns when the local pipeline runs in production', () => {
    const env = {
      PUBLIC_URL: 'https://id.example.com',
      NODE_ENV: 'production',
      SMTP_URL: 'smtps://m',
      PHONE_API_URL: 'https://api.example.com',
      PHONE_API_ACCOUNT: 'AC1',
      PHONE_API_TOKEN: 'token',
      PHONE_FROM: '+447700900000',
    };
    const warnings = insecureSettings(loadConfig({ ...env, LOCAL_PHOTO_CHECKS: 'on' }));
    expect(warnings).toEqual([expect.stringContaining('LOCAL_PHOTO_CHECKS=on in production')]);
  });
});

describe('PHOTO_ID_PROVIDER', () => {
  const vendor = {
    PHOTO_ID_PROVIDER: 'vendor',
    PHOTO_VENDOR_URL: 'https://api.eu.onfido.example',
    PHOTO_VENDOR_API_TOKEN: 'api_sandbox.0123456789abcdef',
    PHOTO_VENDOR_WEBHOOK_TOKEN: 'webhook-0123456789abcdef',
  };

  it('is the local pipeline unless told; a vendor with its address, token and webhook key', () => {
    expect(loadConfig({}).photoVendor).toBeUndefined();
    expect(loadConfig(vendor).photoVendor).toEqual({
      url: 'https://api.eu.onfido.example',
      apiToken: 'api_sandbox.0123456789abcdef',
      webhookToken: 'webhook-0123456789abcdef',
      name: 'onfido',
      timeoutMs: 15_000,
    });
  });

  it.each([
    ['PHOTO_VENDOR_URL', 'PHOTO_ID_PROVIDER=vendor needs PHOTO_VENDOR_URL'],
    ['PHOTO_VENDOR_API_TOKEN', 'needs PHOTO_VENDOR_API_TOKEN'],
    ['PHOTO_VENDOR_WEBHOOK_TOKEN', 'needs PHOTO_VENDOR_WEBHOOK_TOKEN'],
  ])('refuses to start a vendor without %s', (missing, message) => {
    expect(() => loadConfig({ ...vendor, [missing]: '' })).toThrow(message);
  });

  it('refuses vendor settings without PHOTO_ID_PROVIDER=vendor, and short secrets', () => {
    expect(() => loadConfig({ ...vendor, PHOTO_ID_PROVIDER: 'local' })).toThrow(
      'used only with PHOTO_ID_PROVIDER=vendor',
    );
    expect(() => loadConfig({ ...vendor, PHOTO_VENDOR_WEBHOOK_TOKEN: 'short' })).toThrow(
      'PHOTO_VENDOR_WEBHOOK_TOKEN: must be at least 16 characters',
    );
    expect(() => loadConfig({ ...vendor, PHOTO_ID_PROVIDER: 'remote' })).toThrow(
      'PHOTO_ID_PROVIDER',
    );
  });

  it('warns of a vendor over plain http off this machine', () => {
    const remote = loadConfig({ ...vendor, PHOTO_VENDOR_URL: 'http://vendor.example' });
    expect(insecureSettings(remote)).toContainEqual(
      expect.stringContaining('PHOTO_VENDOR_URL http://vendor.example uses plain http'),
    );
    const local = loadConfig({ ...vendor, PHOTO_VENDOR_URL: 'http://127.0.0.1:9000' });
    expect(insecureSettings(local).join()).not.toContain('PHOTO_VENDOR_URL');
  });
});

describe('PIN_FRAME_PARENT_ORIGIN', () => {
  it('takes an exact origin; none by default', () => {
    expect(loadConfig({}).pinFrameParentOrigin).toBeNull();
    expect(
      loadConfig({ PIN_FRAME_PARENT_ORIGIN: 'https://shop.example' }).pinFrameParentOrigin,
    ).toBe('https://shop.example');
  });

  it.each(['*', 'https://shop.example/', 'https://shop.example/login', 'ftp://shop.example'])(
    'refuses %s',
    (value) => {
      expect(() => loadConfig({ PIN_FRAME_PARENT_ORIGIN: value })).toThrow(
        'PIN_FRAME_PARENT_ORIGIN',
      );
    },
  );
});

describe('PIN authority 2 as its own service', () => {
  const secret = 'x'.repeat(32);

  it('is in-process by default; remote with PIN_AUTHORITY_2_URL and its secret', () => {
    expect(loadConfig({}).pinAuthority2Remote).toBeUndefined();
    expect(
      loadConfig({ PIN_AUTHORITY_2_URL: 'https://dta2.internal', PIN_AUTHORITY_2_SECRET: secret })
        .pinAuthority2Remote,
    ).toEqual({ url: 'https://dta2.internal', secret });
  });

  it.each([
    [{ PIN_AUTHORITY_2_URL: 'https://dta2.internal' }, 'go together'],
    [{ PIN_AUTHORITY_2_SECRET: secret }, 'go together'],
    [{ PIN_AUTHORITY_2_URL: 'https://dta2.internal', PIN_AUTHORITY_2_SECRET: 'short' }, '32'],
    [{ PIN_AUTHORITY_2_URL: 'ftp://dta2.internal', PIN_AUTHORITY_2_SECRET: secret }, 'URL'],
    [
      {
        PIN_AUTHORITY_2_URL: 'https://dta2.internal',
        PIN_AUTHORITY_2_SECRET: secret,
        PIN_AUTHORITY_2_SHARE: 'a'.repeat(64),
      },
      'authority service only',
    ],
  ])('refuses %j', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('warns about plain http off this machine', () => {
    const at = (url: string) =>
      insecureSettings(loadConfig({ PIN_AUTHORITY_2_URL: url, PIN_AUTHORITY_2_SECRET: secret }));
    expect(at('http://127.0.0.1:3100')).toEqual([]);
    expect(at('http://dta2.internal:3100')).toEqual([
      expect.stringContaining('PIN_AUTHORITY_2_URL http://dta2.internal:3100 uses plain http'),
    ]);
  });
});
