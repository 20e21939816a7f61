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

/** Calls already counted (before their answer), so that counting again after it is skipped. */
const settled = new WeakSet<IncomingMessage>();

/**
 * Rate limits that fit who calls userinfo: a relying party's back end calling it after each
 * grant, from one address, is counted against the client its access tokens were issued to (a
 * valid token is the proof, so the client's limit is applied once oidc-provider has found the
 * token, before the answer leaves); a public client's token (a browser's) and calls without a
 * valid token count against the address as before; every call counts per address under a high
 * ceiling against abuse. Each call is counted before its answer is written, in one round trip
 * to the store, so a caller's next call (sent when this answer arrives) always meets its count.
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
   * Installed on every provider built: once oidc-provider has run a userinfo call and before
   * its answer is written, the call is counted (settle). A call answered with a valid token of
   * a confidential client counts against that client only, and past its limit is refused (429,
   * the answer dropped); any other counts against its address.
   */
  install(provider: Provider, clientIp: (req: IncomingMessage) => string): void {
    provider.use(async (ctx, next) => {
      await next();
      if (ctx.oidc?.route !== 'userinfo') return;
      const client = ctx.oidc.client;
      if (ctx.status === 200 && client && client.clientAuthMethod !== 'none') {
        // The client's call, never its address's, whatever the client's limit says.
        settled.add(ctx.req);
        if (this.client.max === 0) return;
        // Counted and checked in one: in a fixed window a refused call counted changes nothing.
        const result = await this.limiter.hit(this.client, client.clientId);
        if (result.allowed) return;
        this.onRefused(this.client.name);
        ctx.status = 429;
        ctx.set('Retry-After', String(result.retryAfterSeconds));
        ctx.body = {
          error: 'temporarily_unavailable',
          error_description: 'Too many requests; try again later.',
        };
        return;
      }
      // A store away: counted (or lost) after the answer, by the mount's settle.
      await this.settle(ctx.req, clientIp(ctx.req)).catch(() => undefined);
    });
  }

  /**
   * Before the call: the limit that refuses it and the seconds to wait, else null. The abuse
   * ceiling counted and the address's own budget peeked in one round trip; the latter is
   * counted with the call (settle): a confidential client's answered calls never fill it.
   */
  async admit(address: string): Promise<Refusal | null> {
    const refusedBy = (limit: RateLimit, result: RateLimitResult) =>
      result.allowed ? null : { limit: limit.name, retryAfterSeconds: result.retryAfterSeconds };
    const [hit, peeked] = await this.limiter.hitAndPeek(this.abuse, address, this.address, address);
    return refusedBy(this.abuse, hit) ?? refusedBy(this.address, peeked);
  }

  /**
   * Counts a call against its address, once: before its answer (install), or after it for a
   * call the provider did not finish or whose count failed then.
   */
  async settle(req: IncomingMessage, address: string): Promise<void> {
    if (settled.has(req)) return;
    await this.limiter.hit(this.address, address);
    settled.add(req);
  }
}
