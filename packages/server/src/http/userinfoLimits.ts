import type { IncomingMessage } from 'node:http';
import type Provider from 'oidc-provider';
import type { RateLimit, RateLimiter, RateLimitResult } from '../kv/rateLimiter.js';
import { ENDPOINT_LIMIT_WINDOW_SECONDS } from './tokenEndpointLimits.js';

/** The userinfo endpoint (OpenID Connect Core 5.3), as oidc-provider serves it. */
export const userinfoEndpoint = /^\/oidc\/me$/;

export interface UserinfoLimitSettings {
  /** Calls a minute with the access tokens of one confidential client; 0: no limit. */
  perClient: number;
  /** Calls a minute from one address without a confidential client's valid access token. */
  perAddress: number;
  /** Every call a minute from one address, with a token or not: abuse protection. */
  abusePerAddress: number;
}

export type Refusal = { limit: string; retryAfterSeconds: number };

/** The confidential client whose valid access token a finished call presented. */
const answeredFor = new WeakMap<IncomingMessage, string>();

/**
 * Rate limits that fit who calls userinfo: a relying party's back end calling it after each
 * grant, from one address, is counted against the client its access tokens were issued to (a
 * valid token is the proof; the client's limit is checked once oidc-provider has found the
 * token, before the answer leaves); a public client's token (a browser's) and calls without a
 * valid token count against the address as before; every call counts per address under a high
 * ceiling against abuse. Refused calls are not counted.
 */
export class UserinfoLimits {
  private readonly client: RateLimit;
  private readonly address: RateLimit;
  private readonly abuse: RateLimit;

  constructor(
    private readonly limiter: RateLimiter,
    settings: UserinfoLimitSettings,
    /** Counts a refused call by the name of its limit (the metrics). */
    private readonly onRefused: (limit: string) => void,
  ) {
    const minute = ENDPOINT_LIMIT_WINDOW_SECONDS;
    this.client = { name: 'oidc-userinfo-client', max: settings.perClient, windowSeconds: minute };
    this.address = { name: 'oidc-userinfo', max: settings.perAddress, windowSeconds: minute };
    this.abuse = {
      name: 'oidc-userinfo-abuse',
      max: settings.abusePerAddress,
      windowSeconds: minute,
    };
  }

  /**
   * Installed on every provider built: after oidc-provider has answered a call with a valid
   * token of a confidential client, that client's limit refuses it (429, the answer dropped)
   * or the call is recorded for settle to count against the client.
   */
  install(provider: Provider): void {
    provider.use(async (ctx, next) => {
      await next();
      const client = ctx.oidc?.client;
      if (ctx.oidc?.route !== 'userinfo' || ctx.status !== 200 || !client) return;
      if (client.clientAuthMethod === 'none') return;
      if (this.client.max > 0) {
        const result = await this.limiter.peek(this.client, client.clientId);
        if (!result.allowed) {
          this.onRefused(this.client.name);
          ctx.status = 429;
          ctx.set('Retry-After', String(result.retryAfterSeconds));
          ctx.body = {
            error: 'temporarily_unavailable',
            error_description: 'Too many requests; try again later.',
          };
          return;
        }
      }
      answeredFor.set(ctx.req, client.clientId);
    });
  }

  /** Before the call: the limit that refuses it and the seconds to wait, else null. */
  async admit(address: string): Promise<Refusal | null> {
    const refusedBy = (limit: RateLimit, result: RateLimitResult) =>
      result.allowed ? null : { limit: limit.name, retryAfterSeconds: result.retryAfterSeconds };
    const abuse = refusedBy(this.abuse, await this.limiter.hit(this.abuse, address));
    if (abuse) return abuse;
    // Counted after the call (settle): a confidential client's answered calls never fill it.
    return refusedBy(this.address, await this.limiter.peek(this.address, address));
  }

  /** After the call: counted against the client whose token it carried, else the address. */
  async settle(req: IncomingMessage, address: string, status: number): Promise<void> {
    const clientId = answeredFor.get(req);
    if (clientId) {
      if (this.client.max > 0) await this.limiter.hit(this.client, clientId);
      return;
    }
    // A call refused by the client's limit is not counted against anyone.
    if (status === 429) return;
    await this.limiter.hit(this.address, address);
  }
}
