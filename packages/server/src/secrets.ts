import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createMasterShare } from '@verity/pin';
import { ConfigError, type Config } from './config.js';

export interface Secrets {
  /** Keys that sign cookies; the first signs, all verify (rotation). */
  cookieKeys: string[];
  /** 32-byte key that encrypts sensitive fields at rest (AES-256-GCM). */
  dataKey: Buffer;
}

const SECRETS_FILE = 'secrets.json';

function decodeDataKey(encoded: string): Buffer {
  const key = Buffer.from(encoded, 'base64url');
  if (key.length !== 32)
    throw new ConfigError('DATA_ENCRYPTION_KEY must be 32 bytes, base64url-encoded');
  return key;
}

function checkCookieKeys(keys: string[]): string[] {
  if (keys.length === 0 || keys.some((key) => key.length < 32)) {
    throw new ConfigError(
      'COOKIE_KEYS must be a comma-separated list of keys of at least 32 characters',
    );
  }
  return keys;
}

/**
 * The embedded default generates its secrets into DATA_DIR (mode 0600) on first start.
 * With PostgreSQL several instances share one database, so the secrets must be supplied
 * (COOKIE_KEYS, DATA_ENCRYPTION_KEY) and the server refuses to start without them.
 */
export function loadSecrets(config: Config): Secrets {
  if (config.cookieKeys || config.dataEncryptionKey) {
    if (!config.cookieKeys || !config.dataEncryptionKey) {
      throw new ConfigError('Set both COOKIE_KEYS and DATA_ENCRYPTION_KEY, or neither');
    }
    return {
      cookieKeys: checkCookieKeys(config.cookieKeys),
      dataKey: decodeDataKey(config.dataEncryptionKey),
    };
  }
  if (config.databaseUrl) {
    throw new ConfigError(
      'With DATABASE_URL, COOKIE_KEYS and DATA_ENCRYPTION_KEY must be supplied (see docs/configuration.md)',
    );
  }
  const file = path.join(config.dataDir, SECRETS_FILE);
  if (!existsSync(file)) {
    mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
    const generated = {
      cookieKeys: [randomBytes(32).toString('base64url')],
      dataKey: randomBytes(32).toString('base64url'),
    };
    writeFileSync(file, JSON.stringify(generated, null, 2), { mode: 0o600, flag: 'wx' });
  }
  chmodSync(file, 0o600);
  const stored = JSON.parse(readFileSync(file, 'utf8')) as {
    cookieKeys: string[];
    dataKey: string;
  };
  return { cookieKeys: checkCookieKeys(stored.cookieKeys), dataKey: decodeDataKey(stored.dataKey) };
}

/** Fresh values for an operator to put into COOKIE_KEYS, DATA_ENCRYPTION_KEY and the PIN authorities' shares. */
export function generateSecretValues(): Record<string, string> {
  return {
    COOKIE_KEYS: randomBytes(32).toString('base64url'),
    DATA_ENCRYPTION_KEY: randomBytes(32).toString('base64url'),
    // Each PIN authority's master share; give each only to the process that runs it.
    PIN_AUTHORITY_1_SHARE: createMasterShare(),
    PIN_AUTHORITY_2_SHARE: createMasterShare(),
  };
}
