import { PinProtocolError, decodeScalar } from '@verity/pin';
import { z } from 'zod';
import { ConfigError } from '../config.js';
import { MIN_SECRET_LENGTH } from './requestSigning.js';

/** The authority service's settings (docs/configuration.md, 'The PIN authority service'). */
const envSchema = z.object({
  PIN_AUTHORITY_SHARE: z.string().regex(/^[0-9a-f]{64}$/, 'must be 32 bytes of lower-case hex'),
  PIN_AUTHORITY_SECRET: z.string().min(MIN_SECRET_LENGTH, 'must be at least 32 characters'),
  PIN_AUTHORITY_NAME: z
    .string()
    .regex(/^[a-z0-9-]{1,40}$/)
    .default('verity-dta-2'),
  PIN_AUTHORITY_HOST: z.string().min(1).default('127.0.0.1'),
  PIN_AUTHORITY_PORT: z.coerce.number().int().min(0).max(65535).default(3100),
  PIN_AUTHORITY_ISSUES_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(60),
  // Verity's registrations are open for 10 minutes (pinStore.ts REGISTRATION_TTL_MS).
  PIN_AUTHORITY_FRESH_SECONDS: z.coerce.number().int().min(60).max(86_400).default(900),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export interface AuthorityConfig {
  name: string;
  masterShare: string;
  secret: string;
  host: string;
  port: number;
  issuesPerMinute: number;
  freshSeconds: number;
  logLevel: string;
}

export function loadAuthorityConfig(env: Record<string, string | undefined>): AuthorityConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${issue.path.join('.')}: ${issue.message}`,
    );
    throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const e = parsed.data;
  try {
    decodeScalar(e.PIN_AUTHORITY_SHARE, 'PIN_AUTHORITY_SHARE');
  } catch (error) {
    if (error instanceof PinProtocolError)
      throw new ConfigError(`Invalid configuration:\n  ${error.message}`);
    throw error;
  }
  return {
    name: e.PIN_AUTHORITY_NAME,
    masterShare: e.PIN_AUTHORITY_SHARE,
    secret: e.PIN_AUTHORITY_SECRET,
    host: e.PIN_AUTHORITY_HOST,
    port: e.PIN_AUTHORITY_PORT,
    issuesPerMinute: e.PIN_AUTHORITY_ISSUES_PER_MINUTE,
    freshSeconds: e.PIN_AUTHORITY_FRESH_SECONDS,
    logLevel: e.LOG_LEVEL,
  };
}
