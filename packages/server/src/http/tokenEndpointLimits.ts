import type { IncomingMessage } from 'node:http';
import type Provider from 'oidc-provider';
import type { RateLimit, RateLimiter, RateLimitResult } from '../kv/rateLimiter.js';
import { providerRouteOf } from '../oidc/provider.js';
import { isForm, peekForm } from './formBody.js';

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
/** Calls already counted (settle), so that counting again after the answer is skipped. */
const settled = new WeakSet<IncomingMessage>();

/** The confidential client that authenticated a call the provider has run, if any. */
function authenticatedClient(ctx: Parameters<Parameters<Provider['use']>[0]>[0]) {
  const client = ctx.oidc?.client;
  if (!client || client.clientAuthMethod === 'none') return undefined;
  // invalid_client (401): the credentials were wrong; the id alone is not the client.
  if (ctx.status === 401) return undefined;
  return client.clientId;
}

/** The longest client id read ahead of a call; a longer one is no client's and is not peeked. */
const MAX_CLIENT_ID = 256;

/** The client id a call names in HTTP Basic authentication (client_secret_basic), unverified. */
function basicClient(req: IncomingMessage): string | null {
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

/** The subject (else issuer) of a client assertion (RFC 7523 3: both the client id), unverified. */
function assertionClient(assertion: string): string | null {
  const payload = assertion.split('.')[1];
  if (!payload) return null;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as unknown;
    if (typeof claims !== 'object' || claims === null) return null;
    const { sub, iss } = claims as { sub?: unknown; iss?: unknown };
    return typeof sub === 'string' ? sub : typeof iss === 'string' ? iss : null;
  } catch {
    return null;
  }
}

/**
 * The client a call names, unverified, read before oidc-provider authenticates it: in the
 * Authorization header (client_secret_basic), else the form's client_id (private_key_jwt and
 * any method that sends it in the body), else its client_assertion's subject. Used only to
 * peek that client's budget: a caller naming someone else's client is refused while that
 * client is over its limit, and never counted against it (only settle counts, after
 * oidc-provider has authenticated the client).
 */
export function namedClient(req: IncomingMessage, form: URLSearchParams | null): string | null {
  const single = (name: string) => {
    const values = form?.getAll(name) ?? [];
    return values.length === 1 ? values[0]! : null;
  };
  const assertion = single('client_assertion');
  const named =
    basicClient(req) ?? single('client_id') ?? (assertion ? assertionClient(assertion) : null);
  return named && named.length <= MAX_CLIENT_ID ? named : null;
}

/**
 * A form posted without saying its length (Transfer-Encoding: chunked): it cannot be read
 * ahead and given back, so the client it names could not be refused before the call. Every
 * client library sends a Content-Length with a form; RFC 9110 15.5.12 (411) is the answer.
 */
function unsizedForm(req: IncomingMessage): boolean {
  return req.method === 'POST' && isForm(req) && req.headers['content-length'] === undefined;
}

/** oidc-provider's own limit for a request body (lib/shared/selective_body.js). */
const FORM_LIMIT = 56 * 1024;

/**
 * Rate limits that fit who is calling the token endpoints: a relying party's back end, which
 * authenticates, per client id, whichever way it authenticates (only the calls it
 * authenticated count, so nobody can spend another client's budget by naming it; a refused
 * call counts only towards the abuse ceiling); everything else (public clients, wrong
 * credentials, junk) per address as before; and every call per address under a high ceiling
 * against abuse.
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

  /**
   * Before the call: the limit that refuses it and the seconds to wait, 'length-required' for
   * a form without a Content-Length while a per-client limit applies, else null.
   */
  async admit(
    req: IncomingMessage,
    address: string,
  ): Promise<{ limit: string; retryAfterSeconds: number } | 'length-required' | null> {
    const refusedBy = (limit: RateLimit, result: RateLimitResult) =>
      result.allowed ? null : { limit: limit.name, retryAfterSeconds: result.retryAfterSeconds };
    // The abuse ceiling counted and the address's own budget peeked in one round trip; the
    // latter is counted after the call (settle): a confidential client's successes never fill it.
    const [hit, peeked] = await this.limiter.hitAndPeek(this.abuse, address, this.address, address);
    const abuse = refusedBy(this.abuse, hit);
    if (abuse) return abuse;
    const unauthenticated = refusedBy(this.address, peeked);
    if (unauthenticated) return unauthenticated;
    if (this.client.max === 0) return null;
    // The form is read ahead (and given back) only when a per-client limit needs the client
    // it names: a Basic header names it without reading the body.
    if (basicClient(req) === null && unsizedForm(req)) return 'length-required';
    const form = basicClient(req) ? null : await peekForm(req, FORM_LIMIT);
    const named = namedClient(req, form);
    if (named) return refusedBy(this.client, await this.limiter.peek(this.client, named));
    return null;
  }

  /**
   * Records, once oidc-provider has run a call and before its answer is written, the
   * confidential client that authenticated it (a secret or a signed assertion: a public
   * client's id proves nothing), and counts the call (settle). Counted before the answer, a
   * caller's next call (sent when this answer arrives) always meets this one's count; settle
   * runs again after the answer only for a call the provider did not finish (it threw).
   */
  install(provider: Provider, clientIp: (req: IncomingMessage) => string): void {
    provider.use(async (ctx, next) => {
      await next();
      if (!tokenEndpoints.test(providerRouteOf(ctx.path))) return;
      const clientId = authenticatedClient(ctx);
      if (clientId) authenticated.set(ctx.req, clientId);
      // A store away: counted (or lost) after the answer, as before.
      await this.settle(ctx.req, clientIp(ctx.req)).catch(() => undefined);
    });
  }

  /** After the call: counted against the client that authenticated, else the address; once. */
  async settle(req: IncomingMessage, address: string): Promise<void> {
    if (settled.has(req)) return;
    await this.count(req, address);
    settled.add(req);
  }

  private async count(req: IncomingMessage, address: string): Promise<void> {
    const clientId = authenticated.get(req);
    if (clientId) {
      if (this.client.max > 0) await this.limiter.hit(this.client, clientId);
      return;
    }
    await this.limiter.hit(this.address, address);
  }
}
