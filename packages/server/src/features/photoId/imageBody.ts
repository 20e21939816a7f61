import type { PhotoKind } from '@verity/contracts';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../../http/apiError.js';
import { decodableTypes, sniffImageType } from './imageType.js';

/**
 * Photos come as the raw request body (Content-Type image/jpeg, image/png, image/webp), not base64 in JSON: a third smaller, streamed into one Buffer, and what a
 * browser's fetch sends from a File or a canvas Blob as it is. Only the routes of this scope
 * take such bodies, up to `limit` bytes (the app's own limit elsewhere is 64 KiB).
 */
export function acceptImageBodies(scope: FastifyInstance): void {
  // Every body is taken as bytes, JSON and text too (the handler then refuses them): nothing
  // parses up to 10 MB of JSON before the journey has looked at the caller.
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );
  // A body over the route's limit is a photo to take smaller, said next to it.
  scope.setErrorHandler((error: FastifyError, request) => {
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
      throw new ApiError('photo_too_large', undefined, { image: photoOf(request) });
    throw error;
  });
}

/** Which photo a route takes, by its address. */
export function photoOf(request: FastifyRequest): PhotoKind {
  // The desktop's /api/photoid/selfie and the phone's /api/photoid/handoff/phone/selfie.
  return request.url.split('?')[0]!.endsWith('/selfie') ? 'selfie' : 'document';
}

/**
 * The photo's bytes: an image type declared, a body sent, and bytes of a type the pipeline
 * decodes (sniffed from the bytes themselves, never the declared type: a HEIC, a GIF, a PDF
 * are not), else 415 photo_unsupported_type before anything is counted: a file the server
 * cannot read costs no try.
 */
export function photoBytes(request: FastifyRequest): Buffer {
  const type = request.headers['content-type']?.split(';')[0]?.trim().toLowerCase() ?? '';
  const body: unknown = request.body;
  if (!type.startsWith('image/') || !Buffer.isBuffer(body) || !decodable(body))
    throw new ApiError('photo_unsupported_type', undefined, { image: photoOf(request) });
  return body;
}

function decodable(bytes: Buffer): boolean {
  const sniffed = sniffImageType(bytes);
  return sniffed !== null && decodableTypes.has(sniffed);
}
