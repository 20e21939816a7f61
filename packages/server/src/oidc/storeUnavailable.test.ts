import { createServer, type Server } from 'node:http';
import Provider, { type Adapter, type AdapterPayload } from 'oidc-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerStoreUnavailable, reportingUnavailable } from './storeUnavailable.js';

/** What pg says when PostgreSQL ended the connection (resilientPool.ts: connectionLost). */
const lost = () =>
  Object.assign(new Error('terminating connection due to administrator command'), {
    code: '57P01',
  });

/** An in-memory store that can go away, as the database does. */
const records = new Map<string, AdapterPayload>();
let storeDown = false;
let accountsDown = false;
class SwitchableAdapter implements Adapter {
  constructor(private readonly model: string) {}
  private check() {
    if (storeDown) throw lost();
  }
  async upsert(id: string, payload: AdapterPayload) {
    this.check();
    records.set(`${this.model}:${id}`, payload);
  }
  async find(id: string) {
    this.check();
    return records.get(`${this.model}:${id}`);
  }
  async findByUserCode() {
    this.check();
    return undefined;
  }
  async findByUid() {
    this.check();
    return undefined;
  }
  async consume() {
    this.check();
  }
  async destroy(id: string) {
    this.check();
    records.delete(`${this.model}:${id}`);
  }
  async revokeByGrantId() {
    this.check();
  }
}

/**
 * oidc-provider itself, with the store's outages answered as answerStoreUnavailable does:
 * through the adapter (reportingUnavailable) and from elsewhere (findAccount failing).
 */
describe('a store outage inside oidc-provider', () => {
  let server: Server;
  let url: string;
  let accessToken: string;
  const logged: string[] = [];

  beforeAll(async () => {
    const provider = new Provider('http://localhost', {
      clients: [
        {
          client_id: 'rp',
          client_secret: 'a-secret-long-enough-for-the-test',
          redirect_uris: ['http://127.0.0.1:3001/callback'],
        },
      ],
      adapter: (model: string) => reportingUnavailable(new SwitchableAdapter(model)),
      features: { devInteractions: { enabled: false } },
      ttl: { Grant: 3600, AccessToken: 3600 },
      findAccount: async (_ctx, sub) => {
        if (accountsDown) throw lost();
        return { accountId: sub, claims: async () => ({ sub }) };
      },
    });
    answerStoreUnavailable(provider, 'Verity', (_error, path) => logged.push(path));
    const client = await provider.Client.find('rp');
    const grant = new provider.Grant({ accountId: 'user-1', clientId: 'rp' });
    grant.addOIDCScope('openid');
    const grantId = await grant.save();
    accessToken = await new provider.AccessToken({
      accountId: 'user-1',
      client: client!,
      grantId,
      scope: 'openid',
      gty: 'authorization_code',
    }).save();
    server = createServer(provider.callback());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(() => new Promise<void>((resolve) => server?.close(() => resolve())));

  const userinfo = () =>
    fetch(`${url}/me`, { headers: { authorization: `Bearer ${accessToken}` } });
  const token = () =>
    fetch(`${url}/token`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from('rp:a-secret-long-enough-for-the-test').toString('base64')}`,
      },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code: 'x'.repeat(43),
        redirect_uri: 'http://127.0.0.1:3001/callback',
        code_verifier: 'x'.repeat(43),
      }).toString(),
    });

  async function expectUnavailable(response: Response) {
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('1');
    expect(await response.json()).toEqual({
      error: 'temporarily_unavailable',
      error_description: 'The service is briefly unavailable; try again shortly.',
    });
  }

  it.each([
    ['the adapter (a token lookup)', () => (storeDown = true), token, '/token'],
    ['the adapter (an access token lookup)', () => (storeDown = true), userinfo, '/me'],
    ['finding the account (not the adapter)', () => (accountsDown = true), userinfo, '/me'],
  ])('answers 503 temporarily_unavailable when %s fails', async (_name, fail, call, path) => {
    expect((await call()).status).toBe(call === token ? 400 : 200);
    logged.length = 0;
    fail();
    try {
      await expectUnavailable(await call());
      expect(logged).toEqual([path]);
    } finally {
      storeDown = false;
      accountsDown = false;
    }
  });
});
