import { createServer, request, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { peekForm, readBody } from './formBody.js';

/**
 * peekForm over real sockets: the form read ahead and the whole body read afterwards (as
 * oidc-provider reads it), whether the body arrives at once, in pieces, or not as a form.
 */
describe('peekForm', () => {
  let server: Server;
  let port: number;
  beforeAll(async () => {
    server = createServer((req: IncomingMessage, res) => {
      void (async () => {
        const peeked = await peekForm(req, 1024);
        const body = await readBody(req, 4096);
        res.setHeader('content-type', 'application/json');
        res.end(
          JSON.stringify({
            peeked: peeked ? Object.fromEntries(peeked) : null,
            body: body === 'too-large' ? body : body.toString('utf8'),
          }),
        );
      })();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => new Promise((resolve) => server.close(resolve)));

  /** Sends `pieces` as one request's body, a pause between them; the server's answer. */
  function send(
    pieces: string[],
    headers: Record<string, string>,
  ): Promise<{ peeked: Record<string, string> | null; body: string }> {
    return new Promise((resolve, reject) => {
      const req = request({ port, method: 'POST', path: '/', headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve(JSON.parse(Buffer.concat(chunks).toString('utf8'))));
      });
      req.on('error', reject);
      void (async () => {
        for (const piece of pieces) {
          req.write(piece);
          await new Promise((wait) => setTimeout(wait, 20));
        }
        req.end();
      })();
    });
  }

  const form = 'client_id=abc&client_assertion=x.y.z&grant_type=client_credentials';
  const formHeaders = (length: number) => ({
    'content-type': 'application/x-www-form-urlencoded',
    'content-length': String(length),
  });

  it.each([
    ['at once', [form]],
    ['in three pieces', [form.slice(0, 5), form.slice(5, 30), form.slice(30)]],
  ])('reads a form sent %s and leaves all of it to the next reader', async (_name, pieces) => {
    const answer = await send(pieces, formHeaders(form.length));
    expect(answer.peeked).toEqual({
      client_id: 'abc',
      client_assertion: 'x.y.z',
      grant_type: 'client_credentials',
    });
    expect(answer.body).toBe(form);
  });

  it.each([
    ['not a form', { 'content-type': 'application/json', 'content-length': '2' }, ['{}']],
    ['larger than the limit', formHeaders(2000), ['a='.padEnd(2000, 'x')]],
    ['without a length (chunked)', { 'content-type': 'application/x-www-form-urlencoded' }, [form]],
  ])('leaves a body %s unread', async (_name, headers, pieces) => {
    const answer = await send(pieces, headers);
    expect(answer.peeked).toBeNull();
    expect(answer.body).toBe(pieces.join(''));
  });
});
