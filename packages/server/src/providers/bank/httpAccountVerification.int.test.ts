import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../test/testServer.js';
import { AccountVerificationUnavailable } from './accountVerification.js';
import { HttpAccountVerification } from './httpAccountVerification.js';

/** A local stand-in for the account-verification service: the answer is set per test. */
let answer: { status: number; body: string };
let seen: Array<{ path?: string; auth?: string; body: unknown }>;

describe('HttpAccountVerification against a local fake', () => {
  let server: Server;
  let base: string;
  const provider = () => new HttpAccountVerification({ url: `${base}/v1/`, apiKey: 'key-1' });
  const input = {
    name: { givenNames: 'Ada', familyName: 'Lovelace' },
    sortCode: '089999',
    accountNumber: '66374958',
  };

  beforeAll(async () => {
    base = `http://127.0.0.1:${await freePort()}`;
    server = createServer(async (request, response) => {
      let body = '';
      for await (const chunk of request) body += String(chunk);
      seen.push({ path: request.url, auth: request.headers.authorization, body: JSON.parse(body) });
      response.writeHead(answer.status, { 'content-type': 'application/json' });
      response.end(answer.body);
    });
    await new Promise<void>((resolve) => server.listen(Number(new URL(base).port), resolve));
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('sends the name, sort code and account number with the API key', async () => {
    seen = [];
    answer = { status: 200, body: JSON.stringify({ id: 't-1', result: 'MATCH' }) };
    await expect(provider().verify(input)).resolves.toEqual({
      outcome: 'match',
      transactionId: 't-1',
    });
    expect(seen).toEqual([
      {
        path: '/v1/verifications',
        auth: 'Bearer key-1',
        body: {
          name: 'Ada Lovelace',
          sortCode: '089999',
          accountNumber: '66374958',
          accountType: 'personal',
        },
      },
    ]);
  });

  it.each([
    [
      { id: 't', result: 'CLOSE_MATCH', name: 'A Lovelace' },
      { outcome: 'closeMatch', transactionId: 't', holderName: 'A Lovelace' },
    ],
    [
      { id: 't', result: 'CLOSE_MATCH' },
      { outcome: 'noMatch', transactionId: 't' },
    ],
    [
      { id: 't', result: 'NO_MATCH' },
      { outcome: 'noMatch', transactionId: 't' },
    ],
    [
      { id: 't', result: 'ACCOUNT_NOT_FOUND' },
      { outcome: 'notFound', transactionId: 't' },
    ],
  ])('maps %j', async (body, expected) => {
    seen = [];
    answer = { status: 200, body: JSON.stringify(body) };
    await expect(provider().verify(input)).resolves.toEqual(expected);
  });

  it.each([
    ['a server error', { status: 500, body: '{}' }],
    ['a refused key', { status: 401, body: '{}' }],
    ['an unknown result', { status: 200, body: JSON.stringify({ id: 't', result: 'MAYBE' }) }],
    ['not JSON', { status: 200, body: 'oops' }],
  ])('is unavailable on %s, never a mismatch', async (_case, reply) => {
    seen = [];
    answer = reply;
    await expect(provider().verify(input)).rejects.toBeInstanceOf(AccountVerificationUnavailable);
  });

  it('is unavailable when nothing listens', async () => {
    const gone = new HttpAccountVerification({
      url: `http://127.0.0.1:${await freePort()}`,
      apiKey: 'k',
    });
    await expect(gone.verify(input)).rejects.toBeInstanceOf(AccountVerificationUnavailable);
  });
});
