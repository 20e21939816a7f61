import { createHash } from 'node:crypto';
import { PinProtocolError, parseMpinId } from '@verity/pin';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { ShareAuthority } from '../features/pin/authority.js';
import { MemoryKeyValueStore } from '../kv/memoryStore.js';
import { RateLimiter, type RateLimit } from '../kv/rateLimiter.js';
import { SIGNATURE_HEADER, checkSignature } from './requestSigning.js';
import { requestIdGenerator } from '../http/requestId.js';
import {
  ISSUE_PATH,
  authorityErrorCodes,
  issueRequestSchema,
  type AuthorityErrorCode,
} from './wire.js';

export interface AuthorityServiceOptions {
  /** The authority's name in logs, e.g. verity-dta-2. */
  name: string;
  /** This authority's master share (hex); nothing else in the deployment should hold it. */
  masterShare: string;
  /** The secret shared with Verity, which signs every call with it. */
  secret: string;
  /** Shares issued per minute, for all callers together. */
  issuesPerMinute: number;
  /** How old an mpin_id may be: Verity asks for shares only while a registration is open. */
  freshSeconds: number;
  logLevel?: string;
  now?: () => number;
}

/** The same registration may be retried (a lost answer), but not used as a share oracle. */
const ISSUES_PER_IDENTITY = 3;
const FUTURE_SKEW_MS = 60_000;
const BODY_LIMIT = 8 * 1024;

export const authorityLimits = {
  failedSignaturesPerAddress: { name: 'authority-bad-signature', max: 10, windowSeconds: 900 },
} satisfies Record<string, RateLimit>;

class Refusal extends Error {
  constructor(
    readonly code: AuthorityErrorCode,
    readonly reason: string,
  ) {
    super(reason);
  }
}

/** A reference to an identity for the audit log: not the mpin_id, which holds the user id. */
export function identityRef(mpinId: string): string {
  return createHash('sha256').update(mpinId).digest('hex').slice(0, 16);
}

/**
 * A PIN secret-share authority as its own HTTP service (docs/pin-protocol.md): one master
 * share, one signed call (issue), rate limits, and an audit line for every share it gives
 * and every refusal. It keeps its counters in memory: it is meant to run as one process.
 */
export function buildAuthorityService(options: AuthorityServiceOptions): FastifyInstance {
  const now = options.now ?? Date.now;
  const authority = new ShareAuthority(options.name, options.masterShare);
  const kv = new MemoryKeyValueStore(now);
  const limiter = new RateLimiter(kv);
  const issueLimit: RateLimit = {
    name: 'authority-issue',
    max: options.issuesPerMinute,
    windowSeconds: 60,
  };
  const app = Fastify({
    logger:
      options.logLevel === 'silent'
        ? false
        : {
            level: options.logLevel ?? 'info',
            base: { authority: options.name },
            redact: { paths: ['req.headers', 'body'], remove: true },
          },
    bodyLimit: BODY_LIMIT,
    return503OnClosing: true,
    // The caller's X-Request-Id when valid (Verity's own call), else unique per process start.
    genReqId: requestIdGenerator(),
  });
  app.addHook('onRequest', async (request, reply) => {
    reply.header('X-Request-Id', request.id);
  });
  // The body stays a string until its signature is checked.
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) =>
    done(null, body),
  );

  const refuse = (reply: FastifyReply, code: AuthorityErrorCode, message: string) =>
    reply.status(authorityErrorCodes[code]).send({ error: { code, message } });

  app.setErrorHandler((error: Error & { statusCode?: number }, request, reply) => {
    if (error instanceof Refusal) {
      request.log.warn({ event: 'pin_share_refused', reason: error.reason }, 'refused');
      return refuse(reply, error.code, error.reason);
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500)
      return refuse(reply, 'validation_failed', 'The request is not valid.');
    request.log.error({ err: error }, 'unhandled error');
    return refuse(reply, 'internal_error', 'Internal error.');
  });

  app.setNotFoundHandler((_request, reply) => refuse(reply, 'not_found', 'No such call.'));
  app.get('/healthz', () => ({ status: 'ok' }));

  /** Guard: the caller holds the shared secret; repeated failures from one address are cut off. */
  async function signedByVerity(request: FastifyRequest): Promise<void> {
    const failures = Number(
      (await kv.get(`rl:${authorityLimits.failedSignaturesPerAddress.name}:${request.ip}`)) ?? 0,
    );
    if (failures >= authorityLimits.failedSignaturesPerAddress.max)
      throw new Refusal('rate_limited', 'too many failed signatures from this address');
    const header = request.headers[SIGNATURE_HEADER];
    const check = checkSignature(
      options.secret,
      typeof header === 'string' ? header : undefined,
      { method: request.method, path: ISSUE_PATH, body: String(request.body ?? '') },
      now(),
    );
    if (check !== 'valid') {
      await limiter.hit(authorityLimits.failedSignaturesPerAddress, request.ip);
      throw new Refusal('unauthorized', `signature ${check}`);
    }
  }

  function validBody(request: FastifyRequest) {
    let json: unknown;
    try {
      json = JSON.parse(String(request.body ?? ''));
    } catch {
      throw new Refusal('validation_failed', 'body is not JSON');
    }
    const parsed = issueRequestSchema.safeParse(json);
    if (!parsed.success) throw new Refusal('validation_failed', 'body does not match the schema');
    return parsed.data;
  }

  /** Guard: the identity was made for a registration that is still open. */
  function freshIdentity(mpinId: string): number {
    let issued: number;
    try {
      issued = Date.parse(parseMpinId(mpinId).issued);
    } catch (error) {
      if (error instanceof PinProtocolError) throw new Refusal('validation_failed', error.message);
      throw error;
    }
    const age = now() - issued;
    if (!Number.isFinite(issued) || age > options.freshSeconds * 1000 || age < -FUTURE_SKEW_MS)
      throw new Refusal('identity_not_fresh', 'mpin_id not issued within the registration window');
    return issued;
  }

  /**
   * Guard: one public key per identity, a few retries at most. Atomic without a lock: the
   * counter is incremented first, so of parallel first uses exactly one sees 1 and records its
   * key; any other sees a count above 1 and must find its own key already recorded, else it is
   * refused (a parallel first use with another key, or the same key not yet recorded).
   */
  async function firstUseOf(mpinId: string, publicKey: string, issued: number): Promise<number> {
    const ref = identityRef(mpinId);
    const ttl = Math.ceil((issued + options.freshSeconds * 1000 + FUTURE_SKEW_MS - now()) / 1000);
    const count = await kv.increment(`issues:${ref}`, Math.max(ttl, 1));
    if (count === 1) {
      await kv.set(`key:${ref}`, publicKey, Math.max(ttl, 1));
      return count;
    }
    if ((await kv.get(`key:${ref}`)) !== publicKey)
      throw new Refusal('identity_conflict', 'another public key was issued for this identity');
    if (count > ISSUES_PER_IDENTITY)
      throw new Refusal('rate_limited', 'too many issues for one identity');
    return count;
  }

  app.post(ISSUE_PATH, async (request) => {
    await signedByVerity(request);
    const { mpinId, publicKey } = validBody(request);
    const issued = freshIdentity(mpinId);
    const overall = await limiter.hit(issueLimit, 'all');
    if (!overall.allowed) throw new Refusal('rate_limited', 'issue limit per minute reached');
    const count = await firstUseOf(mpinId, publicKey, issued);
    let shares;
    try {
      shares = await authority.issue(mpinId, publicKey);
    } catch (error) {
      if (error instanceof PinProtocolError) throw new Refusal('validation_failed', error.message);
      throw error;
    }
    request.log.info(
      { event: 'pin_share_issued', identity: identityRef(mpinId), attempt: count },
      'share issued',
    );
    return shares;
  });

  const sweep = setInterval(() => void kv.sweep(), 60_000);
  sweep.unref();
  app.addHook('onClose', async () => {
    clearInterval(sweep);
    await kv.close();
  });
  return app;
}
