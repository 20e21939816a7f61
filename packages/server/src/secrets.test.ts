import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';
import { loadSecrets } from './secrets.js';

describe('loadSecrets', () => {
  const dirs: string[] = [];
  const dataDir = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'verity-secrets-'));
    dirs.push(dir);
    return path.join(dir, 'data');
  };
  afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  it('generates secrets into DATA_DIR with mode 0600 and keeps them', () => {
    const config = loadConfig({ DATA_DIR: dataDir() });
    const first = loadSecrets(config);
    expect(first.dataKey).toHaveLength(32);
    expect(statSync(path.join(config.dataDir, 'secrets.json')).mode & 0o777).toBe(0o600);
    expect(loadSecrets(config)).toEqual(first);
  });

  it('refuses to start on PostgreSQL without supplied secrets', () => {
    const config = loadConfig({ DATA_DIR: dataDir(), DATABASE_URL: 'postgres://x/y' });
    expect(() => loadSecrets(config)).toThrow(ConfigError);
  });

  it('uses supplied secrets', () => {
    const key = randomBytes(32).toString('base64url');
    const secrets = loadSecrets(
      loadConfig({
        DATA_DIR: dataDir(),
        DATABASE_URL: 'postgres://x/y',
        COOKIE_KEYS: 'k'.repeat(32),
        DATA_ENCRYPTION_KEY: key,
      }),
    );
    expect(secrets.cookieKeys).toEqual(['k'.repeat(32)]);
    expect(secrets.dataKey.toString('base64url')).toBe(key);
  });

  it.each([
    [{ COOKIE_KEYS: 'short', DATA_ENCRYPTION_KEY: randomBytes(32).toString('base64url') }],
    [{ COOKIE_KEYS: 'k'.repeat(32), DATA_ENCRYPTION_KEY: randomBytes(16).toString('base64url') }],
    [{ COOKIE_KEYS: 'k'.repeat(32) }],
  ])('refuses weak or partial secrets %o', (env) => {
    expect(() => loadSecrets(loadConfig({ DATA_DIR: dataDir(), ...env }))).toThrow(ConfigError);
  });
});
