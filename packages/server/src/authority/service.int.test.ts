import { randomBytes } from 'node:crypto';
import { clientSecretShare, createMasterShare, createMpinId, createUserKey } from '@verity/pin';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGNATURE_HEADER, signRequest } from './requestSigning.js';
import { buildAuthorityService } from './service.js';
import { ISSUE_PATH } from './wire.js';

/** The authority service on its own, over real HTTP: what it refuses, and what it gives. */
describe('PIN authority service', () => {
  const secret = randomBytes(32).toString('base64url');
  const masterShare = createMasterShare();
  let service: FastifyInstance;
  let url: string;

  async function start(issuesPerMinute = 100) {
    const app = buildAuthorityService({
      name: 'verity-dta-2',
      masterShare,
      secret,
      issuesPerMinute,
      freshSeconds: 900,
      logLevel: 'silent',
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    return { app, url: `http://127.0.0.1:${typeof address === 'object' && address?.port}` };
  }

  beforeAll(async () => {
    ({ app: service, url } = await start());
  });
  afterAll(async () => service?.close());

  const identity = (issued = new Date().toISOString()) =>
    createMpinId({ userID: randomBytes(8).toString('hex'), mobile: 0, issued });

  async function issue(
    body: unknown,
    options: { base?: string; key?: string; signature?: string | null } = {},
  ) {
    const text = JSON.stringify(body);
    const signature =
      options.signature === undefined
        ? signRequest(options.key ?? secret, { method: 'POST', path: ISSUE_PATH, body: text })
        : options.signature;
    const response = await fetch(`${options.base ?? url}${ISSUE_PATH}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(signature === null ? {} : { [SIGNATURE_HEADER]: signature }),
      },
      body: text,
    });
    return {
      status: response.status,
      body: (await response.json()) as {
        clientShare?: string;
        keyShare?: string;
        error?: { code: string; message: string };
      },
    };
  }

  it('issues s₂·A and s₂·Pa for a fresh identity signed by Verity', async () => {
    const mpinId = identity();
    const { publicKey } = createUserKey();
    const answer = await issue({ mpinId, publicKey });
    expect(answer.status).toBe(200);
    expect(answer.body.clientShare).toBe(clientSecretShare(masterShare, mpinId));
    expect(answer.body.keyShare).toMatch(/^[0-9a-f]{192}$/);
  });

  it.each<[string, { key?: string; signature?: string | null }]>([
    ['no signature', { signature: null }],
    ['a bearer token in its place', { signature: `Bearer ${secret}` }],
    ['another secret', { key: randomBytes(32).toString('base64url') }],
    ['an old signature (replay)', { signature: 'stale' }],
  ])('401 for a caller with %s', async (_, options) => {
    const body = { mpinId: identity(), publicKey: createUserKey().publicKey };
    const signature =
      options.signature === 'stale'
        ? signRequest(
            secret,
            { method: 'POST', path: ISSUE_PATH, body: JSON.stringify(body) },
            Date.now() - 120_000,
          )
        : options.signature;
    const answer = await issue(body, { ...options, signature });
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual({ error: { code: 'unauthorized', message: expect.any(String) } });
    expect(answer.body.clientShare).toBeUndefined();
  });

  it('a signature covers the body: a changed public key is refused', async () => {
    const mpinId = identity();
    const signed = JSON.stringify({ mpinId, publicKey: createUserKey().publicKey });
    const response = await fetch(`${url}${ISSUE_PATH}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        [SIGNATURE_HEADER]: signRequest(secret, { method: 'POST', path: ISSUE_PATH, body: signed }),
      },
      body: JSON.stringify({ mpinId, publicKey: createUserKey().publicKey }),
    });
    expect(response.status).toBe(401);
  });

  it('cuts off an address after 10 failed signatures, even with the right one then', async () => {
    const own = await start();
    try {
      const body = { mpinId: identity(), publicKey: createUserKey().publicKey };
      for (let i = 0; i < 10; i++)
        expect((await issue(body, { base: own.url, signature: null })).status).toBe(401);
      const after = await issue(body, { base: own.url });
      expect(after.status).toBe(429);
      expect(after.body.error?.code).toBe('rate_limited');
    } finally {
      await own.app.close();
    }
  });

  it('refuses an identity from outside the registration window (422)', async () => {
    const old = identity(new Date(Date.now() - 16 * 60_000).toISOString());
    const future = identity(new Date(Date.now() + 5 * 60_000).toISOString());
    for (const mpinId of [old, future]) {
      const answer = await issue({ mpinId, publicKey: createUserKey().publicKey });
      expect(answer.status).toBe(422);
      expect(answer.body.error?.code).toBe('identity_not_fresh');
    }
  });

  it('one public key per identity (409), and three issues at most (429)', async () => {
    const mpinId = identity();
    const { publicKey } = createUserKey();
    for (let i = 0; i < 3; i++) expect((await issue({ mpinId, publicKey })).status).toBe(200);
    expect((await issue({ mpinId, publicKey })).status).toBe(429);
    const other = await issue({ mpinId, publicKey: createUserKey().publicKey });
    expect(other.status).toBe(409);
    expect(other.body.error?.code).toBe('identity_conflict');
  });

  it('of parallel first uses with different public keys, exactly one is issued', async () => {
    const mpinId = identity();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => issue({ mpinId, publicKey: createUserKey().publicKey })),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status !== 200 && status !== 409)).toEqual([]);
  });

  it('400 for bad input, checked only after the signature', async () => {
    const publicKey = createUserKey().publicKey;
    for (const body of [
      { mpinId: 'zz', publicKey },
      { mpinId: identity(), publicKey: 'ab' },
      { mpinId: identity(), publicKey, extra: 1 },
      { mpinId: identity(), publicKey: '00'.repeat(96) }, // not a point
      { mpinId: '7b7d', publicKey }, // '{}': not an identity
    ]) {
      const answer = await issue(body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.error?.code).toBe('validation_failed');
    }
    expect((await issue({ mpinId: 'zz' }, { signature: null })).status).toBe(401);
  });

  it('answers other paths with 404 in the same error shape', async () => {
    const response = await fetch(`${url}/v1/other`, { method: 'POST' });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      error: { code: 'not_found', message: 'No such call.' },
    });
  });

  it('stops issuing past its limit per minute', async () => {
    const own = await start(2);
    try {
      const ask = () =>
        issue({ mpinId: identity(), publicKey: createUserKey().publicKey }, { base: own.url });
      expect((await ask()).status).toBe(200);
      expect((await ask()).status).toBe(200);
      const third = await ask();
      expect(third.status).toBe(429);
      expect(third.body.error?.code).toBe('rate_limited');
    } finally {
      await own.app.close();
    }
  });
});
