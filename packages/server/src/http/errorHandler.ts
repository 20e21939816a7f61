import { apiError } from '@verity/contracts';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { connectionLost } from '../db/resilientPool.js';
import { isUniqueViolation } from '../db/uniqueViolation.js';
import { PhotoPipelineUnavailable } from '../features/photoId/photoPipelineUnavailable.js';
import { KeyValueStoreUnavailable } from '../kv/storeUnavailable.js';
import { errorMessages } from '../messages/errorMessages.js';
import { ApiError } from './apiError.js';
import { requestLanguage } from './language.js';

const frameworkCodes: Record<string, { status: number; code: Parameters<typeof apiError>[0] }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, code: 'malformed_json' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: 'malformed_json' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: 'payload_too_large' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, code: 'unsupported_media_type' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, code: 'validation_failed' },
};

/**
 * Every failure becomes `{ error: { code, message } }` with a catalogue code. Bad input is a
 * 4xx, never a 500; a lost database connection is 503 with Retry-After; an unexpected failure
 * is logged (without the body) and answered as 500. A refusal that says how long to wait
 * (`details.retryAfterSeconds`: the password throttle, code budgets, rate limits) also says it
 * in `Retry-After` (RFC 9110 10.2.3), for clients that read only the header.
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const language = requestLanguage(request);
    // A code's own message, in the language of the browser asking.
    const refuse = (code: Parameters<typeof apiError>[0], details?: unknown) =>
      apiError(code, errorMessages[language].codes[code], details);
    if (error instanceof ApiError) {
      const wait = retryAfterOf(error);
      if (wait !== null) reply.header('Retry-After', String(wait));
      return reply
        .status(error.status)
        .send(apiError(error.code, error.messageIn(language), error.details));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const details = error.validation.map((issue) => ({
        path: issue.instancePath,
        message: issue.message,
      }));
      return reply.status(400).send(refuse('validation_failed', details));
    }
    const known = error.code ? frameworkCodes[error.code] : undefined;
    if (known) return reply.status(known.status).send(refuse(known.code));
    if (error.statusCode === 429) return reply.status(429).send(refuse('rate_limited'));
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(400).send(apiError('validation_failed', error.message));
    }
    // A value sent twice (or by two requests at once) that the database holds once: the
    // client's conflict, not a server failure. Logged without the statement's values.
    if (isUniqueViolation(error)) {
      request.log.warn({ code: error.code }, 'unique constraint conflict');
      return reply.status(409).send(refuse('conflict'));
    }
    if (connectionLost(error)) {
      // The database went away (restart, failover): an honest 503 the caller may retry.
      request.log.warn({ code: (error as { code?: unknown }).code }, 'database unavailable');
      reply.header('Retry-After', '1');
      return reply.status(503).send(refuse('service_unavailable'));
    }
    if (error instanceof KeyValueStoreUnavailable) {
      // Redis is down or too slow: the short-lived state (bindings, counters) cannot be read
      // or written, and nothing stands in for it, so the call is refused now, not after a hang.
      request.log.warn({ operation: error.operation }, 'key-value store unavailable');
      reply.header('Retry-After', '1');
      return reply.status(503).send(refuse('service_unavailable'));
    }
    if (error instanceof PhotoPipelineUnavailable) {
      // The photo pipeline's OCR or face worker failed or timed out (and was restarted), or
      // it is full: not the photo's fault, so no retake is counted; try again shortly.
      request.log.warn({ stage: error.stage }, 'photo pipeline unavailable');
      reply.header('Retry-After', '2');
      return reply.status(503).send(refuse('service_unavailable'));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(refuse('internal_error'));
  });
}

/** Whole seconds to wait, from an ApiError's `details.retryAfterSeconds`, if it has one. */
function retryAfterOf(error: ApiError): number | null {
  const details = error.details;
  if (typeof details !== 'object' || details === null || !('retryAfterSeconds' in details))
    return null;
  const seconds = (details as { retryAfterSeconds: unknown }).retryAfterSeconds;
  if (typeof seconds !== 'number' || !Number.isFinite(seconds) || seconds < 0) return null;
  return Math.max(1, Math.ceil(seconds));
}
