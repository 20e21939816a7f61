import { existsSync } from 'node:fs';
import path from 'node:path';
import { parse as parseDotenv } from 'dotenv';
import { readFileSync } from 'node:fs';
import { pinLengthOf } from '@verity/pin';
import { z } from 'zod';

/**
 * Every setting, read from the environment (and an optional .env in the working
 * directory, which never overrides the real environment). docs/configuration.md lists them.
 */
const envSchema = z.object({
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).default('http://localhost:3000'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  DATABASE_SCHEMA: z
    .string()
    .regex(/^[a-z_][a-z0-9_]*$/)
    .optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// URL')
    .optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().default('Verity <no-reply@localhost>'),
  PRODUCT_NAME: z.string().min(1).default('Verity'),
  COMPANY_NAME: z.string().min(1).default('Verity Ltd'),
  SUPPORT_EMAIL: z.email().default('support@localhost'),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ADDRESS_API_URL: z.url({ protocol: /^https?$/ }).optional(),
  ADDRESS_API_KEY: z.string().min(1).optional(),
  COOKIE_KEYS: z.string().optional(),
  DATA_ENCRYPTION_KEY: z.string().optional(),
  PIN_AUTHORITY_1_SHARE: z
    .string()
    .regex(/^[0-9a-f]{64}$/, 'must be 32 bytes of lower-case hex')
    .optional(),
  PIN_AUTHORITY_2_SHARE: z
    .string()
    .regex(/^[0-9a-f]{64}$/, 'must be 32 bytes of lower-case hex')
    .optional(),
  PIN_LENGTH: z.coerce.number().optional(),
});

export interface Config {
  publicUrl: URL;
  issuer: string;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  databaseSchema: string | undefined;
  redisUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  productName: string;
  companyName: string;
  supportEmail: string;
  env: 'development' | 'production' | 'test';
  /** How many reverse proxies in front of Verity to trust for X-Forwarded-* (0: none). */
  trustProxy: number;
  logLevel: string;
  /** A commercial postcode lookup; without it, the sandbox's built-in addresses. */
  addressApi: { url: string; key: string } | undefined;
  /** Supplied secrets (comma-separated cookie keys, base64url data key); see secrets.ts. */
  cookieKeys: string[] | undefined;
  dataEncryptionKey: string | undefined;
  /** The PIN authorities' master shares (hex); generated into DATA_DIR when not supplied. */
  pinAuthorityShares: [string | undefined, string | undefined];
  /** Digits of a PIN: 4 to 6, anything else 4. */
  pinLength: number;
}

export class ConfigError extends Error {}

export function readEnv(cwd = process.cwd()): Record<string, string | undefined> {
  const file = path.join(cwd, '.env');
  const fromFile = existsSync(file) ? parseDotenv(readFileSync(file)) : {};
  return { ...fromFile, ...process.env };
}

export function loadConfig(env: Record<string, string | undefined> = readEnv()): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${issue.path.join('.')}: ${issue.message}`,
    );
    throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const e = parsed.data;
  if (Boolean(e.ADDRESS_API_URL) !== Boolean(e.ADDRESS_API_KEY)) {
    throw new ConfigError(
      'Invalid configuration:\n  ADDRESS_API_URL and ADDRESS_API_KEY go together',
    );
  }
  const publicUrl = new URL(e.PUBLIC_URL);
  return {
    publicUrl,
    issuer: publicUrl.href.replace(/\/$/, ''),
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databaseSchema: e.DATABASE_SCHEMA,
    redisUrl: e.REDIS_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    productName: e.PRODUCT_NAME,
    companyName: e.COMPANY_NAME,
    supportEmail: e.SUPPORT_EMAIL,
    env: e.NODE_ENV,
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    addressApi:
      e.ADDRESS_API_URL && e.ADDRESS_API_KEY
        ? { url: e.ADDRESS_API_URL, key: e.ADDRESS_API_KEY }
        : undefined,
    cookieKeys: e.COOKIE_KEYS?.split(',')
      .map((key) => key.trim())
      .filter(Boolean),
    dataEncryptionKey: e.DATA_ENCRYPTION_KEY,
    pinAuthorityShares: [e.PIN_AUTHORITY_1_SHARE, e.PIN_AUTHORITY_2_SHARE],
    pinLength: pinLengthOf(e.PIN_LENGTH),
  };
}

const loopbackHosts = new Set(['localhost', '127.0.0.1', '[::1]']);

export function isLoopback(url: URL): boolean {
  return loopbackHosts.has(url.hostname);
}

/**
 * The development outbox shows every e-mail, codes included: it is served only outside
 * production and only when Verity itself is on this machine (a loopback PUBLIC_URL).
 */
export function servesDevOutbox(config: Config): boolean {
  return config.env !== 'production' && isLoopback(config.publicUrl);
}

/** Settings that are allowed but unsafe; printed loudly at start. */
export function insecureSettings(config: Config): string[] {
  const warnings: string[] = [];
  if (config.publicUrl.protocol === 'http:' && !loopbackHosts.has(config.publicUrl.hostname)) {
    warnings.push(
      `PUBLIC_URL ${config.publicUrl.origin} uses plain http outside localhost: cookies and tokens travel unprotected.`,
    );
  }
  if (config.env !== 'production' && !config.smtpUrl && !isLoopback(config.publicUrl)) {
    warnings.push(
      'No SMTP_URL and PUBLIC_URL is not local: e-mail goes to the development outbox, which is not served off this machine, so nobody receives it.',
    );
  }
  if (config.env === 'production' && !config.smtpUrl) {
    warnings.push(
      'NODE_ENV=production without SMTP_URL: e-mail goes to the development outbox and is never delivered.',
    );
  }
  if (config.env === 'production' && config.publicUrl.protocol === 'http:') {
    warnings.push('NODE_ENV=production with an http PUBLIC_URL: cookies are not marked Secure.');
  }
  return warnings;
}
