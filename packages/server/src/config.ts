import { existsSync } from 'node:fs';
import path from 'node:path';
import { parse as parseDotenv } from 'dotenv';
import { readFileSync } from 'node:fs';
import { pinLengthOf } from '@verity/pin';
import { z } from 'zod';
import type { MailRetrySettings } from './providers/email/mailWorker.js';

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
  DATABASE_APPLICATION_NAME: z
    .string()
    .regex(/^[A-Za-z0-9 ._:-]{1,63}$/, 'letters, digits, spaces and . _ : -, at most 63')
    .default('verity'),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// URL')
    .optional(),
  REDIS_COMMAND_TIMEOUT_MS: z.coerce.number().int().min(20).max(10_000).default(200),
  REDIS_KEY_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9._:-]{1,64}$/, 'letters, digits and . _ : -, at most 64')
    .default('verity:'),
  KEY_REFRESH_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  CLIENT_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(10),
  KEY_ACTIVATION_DELAY_SECONDS: z.coerce.number().int().min(1).max(86_400).default(900),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().default('Verity <no-reply@localhost>'),
  MAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(40),
  MAIL_MAX_AGE_MINUTES: z.coerce.number().int().min(1).max(10_080).default(1440),
  MAIL_RETRY_FIRST_MS: z.coerce.number().int().min(10).max(3_600_000).default(10_000),
  REFRESH_RETRY_GRACE_SECONDS: z.coerce.number().int().min(0).max(60).default(10),
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
  SHARE_LINK_DAYS: z.coerce.number().int().min(1).max(90).default(14),
  CODE_GUESSES_PER_15_MINUTES: z.coerce.number().int().min(1).max(100).default(5),
  CODE_GUESSES_PER_DAY: z.coerce.number().int().min(1).max(1000).default(20),
  CODE_GUESSES_PER_ADDRESS_PER_HOUR: z.coerce.number().int().min(1).max(10000).default(60),
  CODE_GUESSES_PER_ADDRESS_PER_DAY: z.coerce.number().int().min(1).max(100000).default(300),
  PASSWORD_LOCK_AFTER: z.coerce.number().int().min(1).max(100).default(100),
  PASSWORD_FREE_FAILURES: z.coerce.number().int().min(1).max(20).default(5),
  PASSWORD_MAX_DELAY_MINUTES: z.coerce.number().int().min(1).max(1440).default(60),
  PASSWORD_CHECKS_PER_ADDRESS_PER_15_MINUTES: z.coerce.number().int().min(1).max(10000).default(30),
  SANDBOX_BANK: z.enum(['on', 'off']).optional(),
  OB_PROVIDERS: z.string().optional(),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_ISSUER: z.url({ protocol: /^https?$/ }).default('https://accounts.google.com'),
  MICROSOFT_CLIENT_ID: z.string().min(1).optional(),
  MICROSOFT_CLIENT_SECRET: z.string().min(1).optional(),
  // The tenant of personal Microsoft accounts; a work tenant's id for work accounts.
  MICROSOFT_ISSUER: z
    .url({ protocol: /^https?$/ })
    .default('https://login.microsoftonline.com/9188040d-6c67-4c5b-b112-36a304b66dad/v2.0'),
  FACEBOOK_CLIENT_ID: z.string().min(1).optional(),
  FACEBOOK_CLIENT_SECRET: z.string().min(1).optional(),
  FACEBOOK_AUTHORIZATION_URL: z
    .url({ protocol: /^https?$/ })
    .default('https://www.facebook.com/v23.0/dialog/oauth'),
  FACEBOOK_GRAPH_URL: z.url({ protocol: /^https?$/ }).default('https://graph.facebook.com/v23.0'),
  PHONE_API_URL: z.url({ protocol: /^https?$/ }).optional(),
  PHONE_API_ACCOUNT: z.string().min(1).optional(),
  PHONE_API_TOKEN: z.string().min(1).optional(),
  PHONE_FROM: z.string().min(1).optional(),
  SECOND_FACTOR_CODE_LENGTH: z.enum(['4', '6']).default('6'),
  PIN_AUTHORITY_1_SHARE: z
    .string()
    .regex(/^[0-9a-f]{64}$/, 'must be 32 bytes of lower-case hex')
    .optional(),
  PIN_AUTHORITY_2_SHARE: z
    .string()
    .regex(/^[0-9a-f]{64}$/, 'must be 32 bytes of lower-case hex')
    .optional(),
  PIN_LENGTH: z.coerce.number().optional(),
  SANDBOX_CHECKS: z.enum(['on', 'off']).optional(),
  // Photo ID by the local image pipeline (features/photoId): a photo proves no document genuine.
  LOCAL_PHOTO_CHECKS: z.enum(['on', 'off']).optional(),
  // Days the photos of a completed photo check are kept for disputes (0: deleted at once).
  PHOTO_RETENTION_DAYS: z.coerce.number().int().min(0).max(30).default(0),
  // Minutes a phone link for the photo checks lasts (features/photoId/handoffStore.ts).
  PHOTO_HANDOFF_MINUTES: z.coerce.number().int().min(1).max(30).default(10),
  // Who carries out the photo checks: the local pipeline, or a vendor's API (PHOTO_VENDOR_*).
  PHOTO_ID_PROVIDER: z.enum(['local', 'vendor']).default('local'),
  PHOTO_VENDOR_URL: z.url({ protocol: /^https?$/ }).optional(),
  PHOTO_VENDOR_API_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  PHOTO_VENDOR_WEBHOOK_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  PHOTO_VENDOR_NAME: z
    .string()
    .regex(/^[A-Za-z0-9 ._-]{1,64}$/, 'letters, digits, spaces and . _ -, at most 64')
    .default('onfido'),
  PHOTO_VENDOR_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(15_000),
  // The one page that may frame / (the PIN frame helper): an exact origin, never '*'.
  PIN_FRAME_PARENT_ORIGIN: z
    .url({ protocol: /^https?$/ })
    .refine(
      (value) => URL.canParse(value) && new URL(value).origin === value,
      'must be an origin, e.g. https://shop.example',
    )
    .optional(),
  ACCOUNT_VERIFICATION_URL: z.url({ protocol: /^https?$/ }).optional(),
  ACCOUNT_VERIFICATION_API_KEY: z.string().min(1).optional(),
  // Authority 2 as its own service (packages/server/src/authority/); Verity signs its calls.
  PIN_AUTHORITY_2_URL: z.url({ protocol: /^https?$/ }).optional(),
  PIN_AUTHORITY_2_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  // PIN identities whose secret was issued before this time renew it at their next login.
  PIN_RENEW_SECRETS_ISSUED_BEFORE: z.iso.datetime({ offset: true }).optional(),
  // 12 months: a check is a GPG45 look at one time (activity, fraud, credit file), and the
  // credit searches behind it are kept 12 months (the terms); docs/configuration.md says more.
  // The token, introspection and revocation endpoints, per minute (http/tokenEndpointLimits.ts).
  TOKEN_RATE_LIMIT_PER_CLIENT: z.coerce.number().int().min(0).max(1_000_000).default(0),
  TOKEN_RATE_LIMIT_PER_ADDRESS: z.coerce.number().int().min(1).max(1_000_000).default(60),
  TOKEN_RATE_LIMIT_ABUSE_PER_ADDRESS: z.coerce
    .number()
    .int()
    .min(1)
    .max(1_000_000)
    .default(120_000),
  // The userinfo endpoint, per minute (http/userinfoLimits.ts).
  USERINFO_RATE_LIMIT_PER_CLIENT: z.coerce.number().int().min(0).max(1_000_000).default(0),
  USERINFO_RATE_LIMIT_PER_ADDRESS: z.coerce.number().int().min(1).max(1_000_000).default(120),
  USERINFO_RATE_LIMIT_ABUSE_PER_ADDRESS: z.coerce
    .number()
    .int()
    .min(1)
    .max(1_000_000)
    .default(120_000),
  EVIDENCE_MAX_AGE_DAYS: z.coerce.number().int().min(1).max(3650).default(365),
  CONTACT_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(365),
  // The bearer token a Prometheus scrape of /metrics sends; unset, /metrics does not exist.
  METRICS_TOKEN: z.string().min(32, 'must be at least 32 characters').optional(),
  // OpenTelemetry's standard setting: the collector's base address (traces go to /v1/traces).
  OTEL_EXPORTER_OTLP_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
});

/** One account-data provider (OB_PROVIDERS, a JSON list); see docs/configuration.md. */
const bankProviderSchema = z.strictObject({
  display_name: z
    .string()
    .regex(/^[A-Za-z0-9][A-Za-z0-9 &'.-]{0,59}$/, "letters, digits, spaces and & ' . -"),
  /** tl: the bank's page opens in place of Verity's; tk: in an embedded frame. */
  type: z.enum(['tl', 'tk']).default('tl'),
  auth_url: z.url({ protocol: /^https?$/ }),
  api_url: z.url({ protocol: /^https?$/ }),
  client_id: z.string().min(1),
  client_secret: z.string().min(1),
  /** The provider's own bank choice, passed through (TrueLayer's providers parameter). */
  providers: z.string().optional(),
  /** An SVG file served at /providers/{display_name}.svg. */
  logo_file: z.string().optional(),
});

export type BankProviderConfig = z.infer<typeof bankProviderSchema>;

export interface CodeGuessBudgets {
  /** Guesses per subject (an address or a user) and purpose in any 15 minutes. */
  perSubjectAndPurposePer15Minutes: number;
  /** Guesses per subject, all purposes together, in any 24 hours: the overall daily cap. */
  perSubjectPerDay: number;
  /** Guesses per client address, all subjects together. */
  perAddressPerHour: number;
  perAddressPerDay: number;
}

export interface PasswordThrottleSettings {
  /** Consecutive failures that lock password login until a reset (NIST: at most 100). */
  lockAfter: number;
  /** Consecutive failures answered without delay; each one after waits twice as long. */
  freeFailures: number;
  firstDelaySeconds: number;
  maxDelaySeconds: number;
  /** How long a lock (and the failures that lead to it) is remembered without a reset. */
  lockDays: number;
  /** Failures per account in any 15 minutes. */
  failuresPer15Minutes: number;
  /** Password checks per client address in any 15 minutes, every account and path together. */
  checksPerAddressPer15Minutes: number;
}

export interface Config {
  publicUrl: URL;
  issuer: string;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  databaseSchema: string | undefined;
  /** PostgreSQL's application_name of this instance's connections. */
  databaseApplicationName: string;
  redisUrl: string | undefined;
  /** How long a Redis command may take before the call fails (503) instead of waiting. */
  redisCommandTimeoutMs: number;
  /** Put before every key and channel name in Redis: deployments sharing one Redis differ. */
  redisKeyPrefix: string;
  /** How often each instance re-reads the signing keys (oidc/liveProvider.ts). */
  keyRefreshSeconds: number;
  /** How long an instance keeps a client it read (features/clients/store.ts); 0: not at all. */
  clientCacheSeconds: number;
  /** From `keys rotate` until the new keys sign; longer than the refresh (oidc/keys.ts). */
  keyActivationDelaySeconds: number;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** When the mail worker tries a failed message again, and when it gives up. */
  mailRetry: MailRetrySettings;
  /** A confidential client's repeated refresh within this many seconds is a retry (0: none). */
  refreshRetryGraceSeconds: number;
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
  /** Authority 2 as its own service: its address and the secret Verity signs calls with. */
  pinAuthority2Remote: { url: string; secret: string } | undefined;
  /** Digits of a PIN: 4 to 6, anything else 4. */
  pinLength: number;
  /** A Twilio-style SMS and voice API; without it, the sandbox phone provider. */
  phoneApi: { url: string; account: string; token: string; from: string } | undefined;
  /** Digits of SMS and voice codes: 6, or 4 where the deployment accepts the risk. */
  secondFactorCodeLength: 4 | 6;
  /** How long a shared-identity link works, in days. */
  shareLinkDays: number;
  /** Wrong-code budgets across every code issued (docs/configuration.md has the arithmetic). */
  codeGuesses: CodeGuessBudgets;
  /** Password throttling (NIST SP 800-63B 5.2.2), shared by every path that checks a password. */
  passwordThrottle: PasswordThrottleSettings;
  /** The built-in sandbox bank at /sandbox-bank: on by default, off in production unless set. */
  sandboxBank: boolean;
  /** Real account-data providers (open banking). */
  bankProviders: BankProviderConfig[];
  /** Social login providers with a client id and secret; the others show no button. */
  social: SocialConfig;
  /**
   * The sandbox identity-check providers (documents, credit reference, cards, mobile
   * operators): on by default, off in production unless set. Off, those checks are not offered.
   */
  sandboxChecks: boolean;
  /**
   * The photo checks (GenuinePassport, GenuineDrivingLicence, SelfieComparison) by the local
   * image pipeline: on by default, off in production unless set (a photo of a document and its
   * printed data cannot prove the document genuine). Off, those checks are not offered.
   */
  localPhotoChecks: boolean;
  /** Days the photos of a completed photo check are kept (0 to 30; 0: deleted at completion). */
  photoRetentionDays: number;
  /** Minutes the desktop's link to the phone for the photo checks lasts (1 to 30). */
  photoHandoffMinutes: number;
  /**
   * The photo checks by a vendor's API (PHOTO_ID_PROVIDER=vendor) instead of the local
   * pipeline: its address, API token, webhook key, name in evidence and per-call timeout.
   */
  photoVendor:
    | { url: string; apiToken: string; webhookToken: string; name: string; timeoutMs: number }
    | undefined;
  /** The exact origin that may frame / and receives its frame helper's messages, if any. */
  pinFrameParentOrigin: string | null;
  /** A Confirmation-of-Payee style service for typed bank accounts (the Bank check). */
  accountVerification: { url: string; apiKey: string } | undefined;
  /** Epoch ms: PIN secrets issued before it are renewed at the next login (renewSecret). */
  pinRenewSecretsIssuedBefore: number | null;
  /** Calls a minute to the token endpoints: per confidential client (0: none), per address. */
  tokenRateLimits: { perClient: number; perAddress: number; abusePerAddress: number };
  userinfoRateLimits: { perClient: number; perAddress: number; abusePerAddress: number };
  /** Days a piece of identity-check evidence counts (evidence/validity.ts). */
  evidenceMaxAgeDays: number;
  /** Days a contact-form message is kept before the periodic sweep deletes it. */
  contactRetentionDays: number;
  /** The bearer token that opens /metrics; undefined: no /metrics. */
  metricsToken: string | undefined;
  /** An OTLP/HTTP collector's base address: traces are exported there; undefined: no tracing. */
  otlpEndpoint: string | undefined;
}

/** An OpenID Connect provider (Google, Microsoft): discovered from its issuer. */
export interface OpenIdProviderConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

/** Facebook: OAuth 2 with its dialog, and the Graph API for the token and the e-mail. */
export interface FacebookConfig {
  authorizationUrl: string;
  graphUrl: string;
  clientId: string;
  clientSecret: string;
}

export interface SocialConfig {
  google?: OpenIdProviderConfig;
  microsoft?: OpenIdProviderConfig;
  facebook?: FacebookConfig;
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
  for (const provider of ['GOOGLE', 'MICROSOFT', 'FACEBOOK'] as const) {
    if (Boolean(e[`${provider}_CLIENT_ID`]) !== Boolean(e[`${provider}_CLIENT_SECRET`])) {
      throw new ConfigError(
        `Invalid configuration:\n  ${provider}_CLIENT_ID and ${provider}_CLIENT_SECRET go together`,
      );
    }
  }
  if (Boolean(e.ADDRESS_API_URL) !== Boolean(e.ADDRESS_API_KEY)) {
    throw new ConfigError(
      'Invalid configuration:\n  ADDRESS_API_URL and ADDRESS_API_KEY go together',
    );
  }
  if (Boolean(e.ACCOUNT_VERIFICATION_URL) !== Boolean(e.ACCOUNT_VERIFICATION_API_KEY)) {
    throw new ConfigError(
      'Invalid configuration:\n  ACCOUNT_VERIFICATION_URL and ACCOUNT_VERIFICATION_API_KEY go together',
    );
  }
  if (Boolean(e.PIN_AUTHORITY_2_URL) !== Boolean(e.PIN_AUTHORITY_2_SECRET)) {
    throw new ConfigError(
      'Invalid configuration:\n  PIN_AUTHORITY_2_URL and PIN_AUTHORITY_2_SECRET go together',
    );
  }
  if (e.PIN_AUTHORITY_2_URL && e.PIN_AUTHORITY_2_SHARE) {
    throw new ConfigError(
      'Invalid configuration:\n  PIN_AUTHORITY_2_SHARE belongs to the authority service only, not to Verity, when PIN_AUTHORITY_2_URL is set',
    );
  }
  const phoneSettings = [e.PHONE_API_URL, e.PHONE_API_ACCOUNT, e.PHONE_API_TOKEN, e.PHONE_FROM];
  if (phoneSettings.some(Boolean) && !phoneSettings.every(Boolean)) {
    throw new ConfigError(
      'Invalid configuration:\n  PHONE_API_URL, PHONE_API_ACCOUNT, PHONE_API_TOKEN and PHONE_FROM go together',
    );
  }
  const vendorSettings = {
    PHOTO_VENDOR_URL: e.PHOTO_VENDOR_URL,
    PHOTO_VENDOR_API_TOKEN: e.PHOTO_VENDOR_API_TOKEN,
    PHOTO_VENDOR_WEBHOOK_TOKEN: e.PHOTO_VENDOR_WEBHOOK_TOKEN,
  };
  const missingVendor = Object.keys(vendorSettings).filter(
    (name) => !vendorSettings[name as keyof typeof vendorSettings],
  );
  if (e.PHOTO_ID_PROVIDER === 'vendor' && missingVendor.length > 0) {
    throw new ConfigError(
      `Invalid configuration:\n  PHOTO_ID_PROVIDER=vendor needs ${missingVendor.join(', ')}`,
    );
  }
  if (e.PHOTO_ID_PROVIDER === 'local' && missingVendor.length < 3) {
    throw new ConfigError(
      'Invalid configuration:\n  PHOTO_VENDOR_URL, PHOTO_VENDOR_API_TOKEN and PHOTO_VENDOR_WEBHOOK_TOKEN are used only with PHOTO_ID_PROVIDER=vendor',
    );
  }
  // A rotated key must be in every instance's JWKS before any instance signs with it.
  if (e.KEY_ACTIVATION_DELAY_SECONDS <= 2 * e.KEY_REFRESH_SECONDS) {
    throw new ConfigError(
      'Invalid configuration:\n  KEY_ACTIVATION_DELAY_SECONDS must be more than twice KEY_REFRESH_SECONDS',
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
    databaseApplicationName: e.DATABASE_APPLICATION_NAME,
    redisUrl: e.REDIS_URL,
    redisCommandTimeoutMs: e.REDIS_COMMAND_TIMEOUT_MS,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    keyRefreshSeconds: e.KEY_REFRESH_SECONDS,
    clientCacheSeconds: e.CLIENT_CACHE_SECONDS,
    keyActivationDelaySeconds: e.KEY_ACTIVATION_DELAY_SECONDS,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    mailRetry: {
      maxAttempts: e.MAIL_MAX_ATTEMPTS,
      maxAgeMs: e.MAIL_MAX_AGE_MINUTES * 60_000,
      firstRetryMs: e.MAIL_RETRY_FIRST_MS,
    },
    refreshRetryGraceSeconds: e.REFRESH_RETRY_GRACE_SECONDS,
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
    shareLinkDays: e.SHARE_LINK_DAYS,
    sandboxBank: e.SANDBOX_BANK ? e.SANDBOX_BANK === 'on' : e.NODE_ENV !== 'production',
    bankProviders: parseBankProviders(e.OB_PROVIDERS),
    social: socialConfig(e),
    phoneApi:
      e.PHONE_API_URL && e.PHONE_API_ACCOUNT && e.PHONE_API_TOKEN && e.PHONE_FROM
        ? {
            url: e.PHONE_API_URL,
            account: e.PHONE_API_ACCOUNT,
            token: e.PHONE_API_TOKEN,
            from: e.PHONE_FROM,
          }
        : undefined,
    secondFactorCodeLength: e.SECOND_FACTOR_CODE_LENGTH === '4' ? 4 : 6,
    codeGuesses: {
      perSubjectAndPurposePer15Minutes: e.CODE_GUESSES_PER_15_MINUTES,
      perSubjectPerDay: e.CODE_GUESSES_PER_DAY,
      perAddressPerHour: e.CODE_GUESSES_PER_ADDRESS_PER_HOUR,
      perAddressPerDay: e.CODE_GUESSES_PER_ADDRESS_PER_DAY,
    },
    passwordThrottle: {
      lockAfter: e.PASSWORD_LOCK_AFTER,
      freeFailures: e.PASSWORD_FREE_FAILURES,
      firstDelaySeconds: 30,
      maxDelaySeconds: e.PASSWORD_MAX_DELAY_MINUTES * 60,
      lockDays: 30,
      failuresPer15Minutes: 10,
      checksPerAddressPer15Minutes: e.PASSWORD_CHECKS_PER_ADDRESS_PER_15_MINUTES,
    },
    pinAuthorityShares: [e.PIN_AUTHORITY_1_SHARE, e.PIN_AUTHORITY_2_SHARE],
    pinAuthority2Remote:
      e.PIN_AUTHORITY_2_URL && e.PIN_AUTHORITY_2_SECRET
        ? { url: e.PIN_AUTHORITY_2_URL, secret: e.PIN_AUTHORITY_2_SECRET }
        : undefined,
    pinLength: pinLengthOf(e.PIN_LENGTH),
    sandboxChecks: e.SANDBOX_CHECKS ? e.SANDBOX_CHECKS === 'on' : e.NODE_ENV !== 'production',
    localPhotoChecks: e.LOCAL_PHOTO_CHECKS
      ? e.LOCAL_PHOTO_CHECKS === 'on'
      : e.NODE_ENV !== 'production',
    photoRetentionDays: e.PHOTO_RETENTION_DAYS,
    photoHandoffMinutes: e.PHOTO_HANDOFF_MINUTES,
    photoVendor:
      e.PHOTO_ID_PROVIDER === 'vendor'
        ? {
            url: e.PHOTO_VENDOR_URL!,
            apiToken: e.PHOTO_VENDOR_API_TOKEN!,
            webhookToken: e.PHOTO_VENDOR_WEBHOOK_TOKEN!,
            name: e.PHOTO_VENDOR_NAME,
            timeoutMs: e.PHOTO_VENDOR_TIMEOUT_MS,
          }
        : undefined,
    pinFrameParentOrigin: e.PIN_FRAME_PARENT_ORIGIN ?? null,
    accountVerification:
      e.ACCOUNT_VERIFICATION_URL && e.ACCOUNT_VERIFICATION_API_KEY
        ? { url: e.ACCOUNT_VERIFICATION_URL, apiKey: e.ACCOUNT_VERIFICATION_API_KEY }
        : undefined,
    pinRenewSecretsIssuedBefore: e.PIN_RENEW_SECRETS_ISSUED_BEFORE
      ? Date.parse(e.PIN_RENEW_SECRETS_ISSUED_BEFORE)
      : null,
    tokenRateLimits: {
      perClient: e.TOKEN_RATE_LIMIT_PER_CLIENT,
      perAddress: e.TOKEN_RATE_LIMIT_PER_ADDRESS,
      abusePerAddress: e.TOKEN_RATE_LIMIT_ABUSE_PER_ADDRESS,
    },
    userinfoRateLimits: {
      perClient: e.USERINFO_RATE_LIMIT_PER_CLIENT,
      perAddress: e.USERINFO_RATE_LIMIT_PER_ADDRESS,
      abusePerAddress: e.USERINFO_RATE_LIMIT_ABUSE_PER_ADDRESS,
    },
    evidenceMaxAgeDays: e.EVIDENCE_MAX_AGE_DAYS,
    contactRetentionDays: e.CONTACT_RETENTION_DAYS,
    metricsToken: e.METRICS_TOKEN,
    otlpEndpoint: e.OTEL_EXPORTER_OTLP_ENDPOINT,
  };
}

/**
 * The secrets `verity serve` needs supplied with DATABASE_URL, where several instances share
 * them and none may make its own (secrets.ts, features/pin/authority.ts): each one missing.
 */
export function missingSharedSecrets(config: Config): string[] {
  if (!config.databaseUrl) return [];
  return [
    ...(config.cookieKeys?.length ? [] : ['COOKIE_KEYS']),
    ...(config.dataEncryptionKey ? [] : ['DATA_ENCRYPTION_KEY']),
    ...(config.pinAuthorityShares[0] ? [] : ['PIN_AUTHORITY_1_SHARE']),
    ...(config.pinAuthorityShares[1] || config.pinAuthority2Remote
      ? []
      : ['PIN_AUTHORITY_2_SHARE (or PIN_AUTHORITY_2_URL and PIN_AUTHORITY_2_SECRET)']),
  ];
}

function parseBankProviders(raw: string | undefined): BankProviderConfig[] {
  if (!raw) return [];
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw new ConfigError('Invalid configuration:\n  OB_PROVIDERS: not valid JSON');
  }
  const parsed = z.array(bankProviderSchema).max(50).safeParse(json);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `OB_PROVIDERS.${issue.path.join('.')}: ${issue.message}`,
    );
    throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const names = parsed.data.map((provider) => provider.display_name.toLowerCase());
  if (new Set(names).size !== names.length)
    throw new ConfigError('Invalid configuration:\n  OB_PROVIDERS: display names must differ');
  return parsed.data;
}

function socialConfig(e: z.infer<typeof envSchema>): SocialConfig {
  const social: SocialConfig = {};
  if (e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET)
    social.google = {
      issuer: e.GOOGLE_ISSUER,
      clientId: e.GOOGLE_CLIENT_ID,
      clientSecret: e.GOOGLE_CLIENT_SECRET,
    };
  if (e.MICROSOFT_CLIENT_ID && e.MICROSOFT_CLIENT_SECRET)
    social.microsoft = {
      issuer: e.MICROSOFT_ISSUER,
      clientId: e.MICROSOFT_CLIENT_ID,
      clientSecret: e.MICROSOFT_CLIENT_SECRET,
    };
  if (e.FACEBOOK_CLIENT_ID && e.FACEBOOK_CLIENT_SECRET)
    social.facebook = {
      authorizationUrl: e.FACEBOOK_AUTHORIZATION_URL,
      graphUrl: e.FACEBOOK_GRAPH_URL,
      clientId: e.FACEBOOK_CLIENT_ID,
      clientSecret: e.FACEBOOK_CLIENT_SECRET,
    };
  return social;
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
  if (config.env === 'production' && config.sandboxBank) {
    warnings.push(
      'SANDBOX_BANK=on in production: the sandbox bank and its made-up customers are offered to users.',
    );
  }
  if (config.env === 'production' && config.publicUrl.protocol === 'http:') {
    warnings.push('NODE_ENV=production with an http PUBLIC_URL: cookies are not marked Secure.');
  }
  for (const url of socialUrls(config.social)) {
    if (url.protocol === 'http:')
      warnings.push(
        `A social login provider at ${url.origin} uses plain http: only a local test provider should.`,
      );
  }
  if (config.env === 'production' && !config.phoneApi) {
    warnings.push(
      'NODE_ENV=production without PHONE_API_URL: SMS and voice codes go to the sandbox phone provider and its development outbox, and are never delivered.',
    );
  }
  if (config.codeGuesses.perSubjectPerDay > 50) {
    warnings.push(
      `CODE_GUESSES_PER_DAY=${config.codeGuesses.perSubjectPerDay}: a 6-digit code is guessed within a year with a chance of about ${((config.codeGuesses.perSubjectPerDay * 365) / 10_000).toFixed(1)}% (docs/configuration.md).`,
    );
  }
  if (config.secondFactorCodeLength === 4) {
    warnings.push(
      'SECOND_FACTOR_CODE_LENGTH=4: SMS and voice codes have about 13 bits, below the 20 OWASP ASVS asks for.',
    );
  }
  if (config.env === 'production' && config.sandboxChecks) {
    warnings.push(
      'SANDBOX_CHECKS=on in production: identity checks use the sandbox providers, so anyone typing documented test data gets verified claims.',
    );
  }
  const photoVendor = config.photoVendor && new URL(config.photoVendor.url);
  if (photoVendor && photoVendor.protocol === 'http:' && !isLoopback(photoVendor)) {
    warnings.push(
      `PHOTO_VENDOR_URL ${photoVendor.origin} uses plain http off this machine: the photos and the API token travel unprotected.`,
    );
  }
  if (config.env === 'production' && config.localPhotoChecks && !config.photoVendor) {
    warnings.push(
      'LOCAL_PHOTO_CHECKS=on in production: document photos are read on this machine, which cannot tell a genuine document from a good copy (no chip read, no security features); the checks score validity 2 at most.',
    );
  }
  const authority2 = config.pinAuthority2Remote && new URL(config.pinAuthority2Remote.url);
  if (authority2 && authority2.protocol === 'http:' && !isLoopback(authority2)) {
    warnings.push(
      `PIN_AUTHORITY_2_URL ${authority2.origin} uses plain http off this machine: the key shares it answers travel unprotected.`,
    );
  }
  return warnings;
}

function socialUrls(social: SocialConfig): URL[] {
  return [
    social.google?.issuer,
    social.microsoft?.issuer,
    social.facebook?.authorizationUrl,
    social.facebook?.graphUrl,
  ]
    .filter((url): url is string => url !== undefined)
    .map((url) => new URL(url));
}
