import type { IncomingMessage } from 'node:http';

/** Whether a request says its body is a form (application/x-www-form-urlencoded). */
export function isForm(req: IncomingMessage): boolean {
  const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  return type === 'application/x-www-form-urlencoded';
}

/** Reads a request's whole body, at most `limit` bytes ('too-large' beyond): it is used up. */
export async function readBody(req: IncomingMessage, limit: number): Promise<Buffer | 'too-large'> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) return 'too-large';
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/**
 * Reads a form body ahead of whoever reads the request next (oidc-provider parses its own
 * bodies): the bytes are put back on the stream (`unshift`, before its end is emitted), so
 * the request reads as if untouched. Only a body that says its length (Content-Length, as
 * every form a client library sends does) of 1 to `limit` bytes is read: null otherwise, or
 * when the request fails or closes first. Anything read is given back either way.
 */
export function peekForm(req: IncomingMessage, limit: number): Promise<URLSearchParams | null> {
  const length = Number(req.headers['content-length']);
  if (req.method !== 'POST' || !isForm(req)) return Promise.resolve(null);
  if (!Number.isSafeInteger(length) || length < 1 || length > limit || !req.readable)
    return Promise.resolve(null);
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let ended = false;
    const finish = () => {
      req.off('readable', onReadable);
      req.off('end', onEnd);
      req.off('error', onFail);
      req.off('close', onFail);
      const body = Buffer.concat(chunks);
      // Given back unless the stream is over: the next reader reads these bytes first.
      if (body.length > 0 && !ended && !req.destroyed) req.unshift(body);
      resolve(size === length ? new URLSearchParams(body.toString('utf8')) : null);
    };
    const onReadable = () => {
      // Never read past the declared length, nor once the buffer is empty: a read then would
      // schedule the end of the stream before the bytes are given back.
      while (size < length && req.readableLength > 0) {
        const chunk = req.read() as Buffer | null;
        if (chunk === null) break;
        chunks.push(chunk);
        size += chunk.length;
      }
      if (size >= length || req.complete) finish();
    };
    const onEnd = () => {
      ended = true;
      finish();
    };
    const onFail = () => finish();
    req.on('readable', onReadable);
    req.on('end', onEnd);
    req.on('error', onFail);
    req.on('close', onFail);
  });
}
