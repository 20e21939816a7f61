import type { KoaContextWithOIDC } from 'oidc-provider';
import { DEFAULT_REFRESH_TOKEN_LIFETIME } from '../features/clients/policy.js';

/** Seconds one refresh token lives unused; a rotation starts a new one within the family's limit. */
export const REFRESH_TOKEN_IDLE_SECONDS = 14 * 24 * 3600;

/**
 * The client metadata property (oidc-provider's extraClientMetadata) carrying the client's
 * refreshTokenLifetime policy: oidc-provider's ttl functions are synchronous, so the value
 * must come with the client it already holds.
 */
export const REFRESH_TOKEN_LIFETIME_METADATA = 'verity_refresh_token_lifetime';

interface RefreshTokenLike {
  /** When the family's first token was issued (seconds); rotation carries it over. */
  iiat?: number;
}

/** The client's family lifetime in seconds, as the provider's client object holds it. */
export function familyLifetimeOf(client: unknown): number {
  // oidc-provider keeps extra metadata under its own (snake_case) name.
  const value = (client as Record<string, unknown> | undefined)?.[REFRESH_TOKEN_LIFETIME_METADATA];
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0
    ? value
    : DEFAULT_REFRESH_TOKEN_LIFETIME;
}

/**
 * A new refresh token's lifetime: the idle lifetime, cut to what is left of its family's
 * absolute lifetime, counted from the family's first token (`iiat`), so that rotation never
 * extends the family. At least one second (oidc-provider needs a positive number; the token
 * being rotated was live a moment ago, so its family had time left).
 */
export function refreshTokenSeconds(
  token: RefreshTokenLike,
  familyLifetime: number,
  nowSeconds = Math.floor(Date.now() / 1000),
): number {
  const familyStart = token.iiat ?? nowSeconds;
  const left = familyStart + familyLifetime - nowSeconds;
  return Math.max(1, Math.min(REFRESH_TOKEN_IDLE_SECONDS, left));
}

/** oidc-provider's ttl.RefreshToken. */
export function refreshTokenTtl(
  _ctx: KoaContextWithOIDC | undefined,
  token: RefreshTokenLike,
  client: unknown,
): number {
  return refreshTokenSeconds(token, familyLifetimeOf(client));
}

/** A grant's lifetime when it is saved: it outlives every refresh token family issued under it. */
export function grantSeconds(client: unknown): number {
  return Math.max(REFRESH_TOKEN_IDLE_SECONDS, familyLifetimeOf(client));
}
