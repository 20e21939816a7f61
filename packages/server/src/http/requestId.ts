import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** What a caller's X-Request-Id may be to be adopted: short, and safe in a log line or header. */
const ACCEPTED = /^[A-Za-z0-9._:-]{1,128}$/;

export const REQUEST_ID_HEADER = 'x-request-id';

/** The caller's X-Request-Id when it is one acceptable value, else undefined. */
export function acceptedRequestId(header: string | string[] | undefined): string | undefined {
  return typeof header === 'string' && ACCEPTED.test(header) ? header : undefined;
}

/**
 * Fastify's genReqId: the caller's (or proxy's) X-Request-Id when valid, else an id unique
 * across processes and restarts (a random prefix chosen at start, then a counter), so ids from
 * several instances, or one instance before and after a restart, never collide in the logs.
 */
export function requestIdGenerator(): (req: IncomingMessage) => string {
  const prefix = randomBytes(6).toString('base64url');
  let counter = 0;
  return (req) =>
    acceptedRequestId(req.headers[REQUEST_ID_HEADER]) ?? `${prefix}-${(++counter).toString(36)}`;
}
