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
      smtpUrl: undefined,
      shareLinkDays: 14,
    });
    expect(config.dataDir).toMatch(/data$/);
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
    ['SMTP_URL', 'http://x'],
    ['NODE_ENV', 'staging'],
    ['SUPPORT_EMAIL', 'nobody'],
    ['SHARE_LINK_DAYS', '0'],
    ['SHARE_LINK_DAYS', '91'],
    ['SHARE_LINK_DAYS', 'a week'],
  ])('refuses %s=%s naming the setting', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(name);
  });
});

describe('insecureSettings', () => {
  it.each([
    [{}, 0],
    [{ PUBLIC_URL: 'http://127.0.0.1:3000' }, 0],
    [{ PUBLIC_URL: 'https://id.example.com', NODE_ENV: 'production', SMTP_URL: 'smtps://mail' }, 0],
    [{ PUBLIC_URL: 'http://id.example.com' }, 2],
    [{ PUBLIC_URL: 'https://id.example.com', SMTP_URL: 'smtps://mail' }, 0],
    [{ PUBLIC_URL: 'https://id.example.com', NODE_ENV: 'production' }, 1],
    [{ PUBLIC_URL: 'http://id.example.com', NODE_ENV: 'production' }, 3],
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
