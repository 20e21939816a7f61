import type { IncomingMessage } from 'node:http';
import type Provider from 'oidc-provider';
import type { RateLimit, RateLimiter, RateLimitResult } from '../kv/rateLimiter.js';

/** Every limit of the OpenID Connect endpoints counts calls a minute (also oidcMount.ts). */
export const ENDPOINT_LIMIT_WINDOW_SECONDS = 60;

/** The token, introspection and revocation endpoints: where clients authenticate. */
export const tokenEndpoints = /^\/oidc\/(token(\/(introspection|revocation))?|request)$/;

export interface TokenEndpointLimitSettings {
  /** Calls a minute of one confidential client, wherever it calls from; 0: no limit. */
  perClient: number;
  /** Calls a minute from one address that no confidential client authenticated. */
  perAddress: number;
  /** Every call a minute from one address, authenticated or not: abuse protection. */
  abusePerAddress: number;
}

/** Which confidential client a finished call authenticated, if any (set by the provider). */
const authenticated = new WeakMap<IncomingMessage, string>();

/**
 * Records, after oidc-provider has run, the confidential client that authenticated the call
 * (a secret or a signed assertion: a public client's id proves nothing). Only calls whose
 * client authenticated count against the client; all others against the address.
 */
export function recordClientAuthentication(provider: Provider): void {
  provider.use(async (ctx, next) => {
    await next();
    const client = ctx.oidc?.client;
    if (!client || !tokenEndpoints.test(ctx.path)) return;
    if (client.clientAuthMethod === 'none') return;
    // invalid_client (401): the credentials were wrong; the id alone is not the client.
    if (ctx.status === 401) return;
    authenticated.set(ctx.req, client.clientId);
  });
}

/** The client id a call names in HTTP Basic authentication (client_secret_basic), unverified. */
function claimedClient(req: IncomingMessage): string | null {
  const header = req.headers.authorization;
  if (!header?.toLowerCase().startsWith('basic ')) return null;
  const decoded = Buffer.from(header.slice(6).trim(), 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon <= 0) return null;
  try {
    return decodeURIComponent(decoded.slice(0, colon));
  } catch {
    return null;
  }
}

/**
 * Rate limits that fit who is calling the token endpoints: a relying party's back end, which
 * authenticates, per client id (and only its own successes count, so nobody can spend another
 * client's budget by naming it); everything else (public clients, wrong credentials, junk) per
 * address as before; and every call per address under a high ceiling against abuse.
 */
export class TokenEndpointLimits {
  private readonly client: RateLimit;
  private readonly address: RateLimit;
  private readonly abuse: RateLimit;

  constructor(
    private readonly limiter: RateLimiter,
    settings: TokenEndpointLimitSettings,
  ) {
    this.client = {
      name: 'oidc-token-client',
      max: settings.perClient,
      windowSeconds: ENDPOINT_LIMIT_WINDOW_SECONDS,
    };
    this.address = {
      name: 'oidc-token',
      max: settings.perAddress,
      windowSeconds: ENDPOINT_LIMIT_WINDOW_SECONDS,
    };
    this.abuse = {
      name: 'oidc-token-abuse',
      max: settings.abusePerAddress,
      windowSeconds: ENDPOINT_LIMIT_WINDOW_SECONDS,
    };
  }

  /** Before the call: the limit that refuses it and the seconds to wait, else null. */
  async admit(
    req: IncomingMessage,
    address: string,
  ): Promise<{ limit: string; retryAfterSeconds: number } | null> {
    const refusedBy = (limit: RateLimit, result: RateLimitResult) =>
      result.allowed ? null : { limit: limit.name, retryAfterSeconds: result.retryAfterSeconds };
    const abuse = refusedBy(this.abuse, await this.limiter.hit(this.abuse, address));
    if (abuse) return abuse;
    // Counted after the call (settle): a confidential client's successes never fill it.
    const unauthenticated = refusedBy(this.address, await this.limiter.peek(this.address, address));
    if (unauthenticated) return unauthenticated;
    const claimed = claimedClient(req);
    if (claimed && this.client.max > 0)
      return refusedBy(this.client, await this.limiter.peek(this.client, claimed));
    return null;
  }

  /** After the call: counted against the client that authenticated, else the address. */
  async settle(req: IncomingMessage, address: string): Promise<void> {
    const clientId = authenticated.get(req);
    if (clientId) {
      if (this.client.max > 0) await this.limiter.hit(this.client, clientId);
      return;
    }
    await this.limiter.hit(this.address, address);
  }
}
