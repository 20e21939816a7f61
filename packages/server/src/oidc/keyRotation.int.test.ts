import { randomUUID } from 'node:crypto';
import {
  calculateJwkThumbprint,
  createLocalJWKSet,
  decodeProtectedHeader,
  jwtVerify,
  type JSONWebKeySet,
} from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CreatedClient } from '../features/clients/store.js';
import { loadConfig } from '../config.js';
import { buildCli } from '../main.js';
import { databaseTargets, redisTargets } from '../test/databases.js';
import { ApiBrowser, discoverClient, redirectUri, signUp } from '../test/journey.js';
import { authorizationCode, tokenRequest } from '../test/oidcAttacker.js';
import { instanceSigningKey } from '../test/signingKeys.js';
import { startTestServers, type TestServer } from '../test/testServer.js';

async function jwks(server: TestServer): Promise<JSONWebKeySet> {
  const response = await fetch(`${server.url}/oidc/jwks`);
  expect(response.status).toBe(200);
  return (await response.json()) as JSONWebKeySet;
}

const kids = (set: JSONWebKeySet) => set.keys.map((key) => key.kid!).sort();

/** Whether `token` verifies against `server`'s JWKS (the signature only: issuers differ). */
async function verifiesAt(server: TestServer, token: string): Promise<boolean> {
  const keys = createLocalJWKSet(await jwks(server));
  return jwtVerify(token, keys).then(
    () => true,
    () => false,
  );
}

describe.each(databaseTargets())('signing keys across instances (%s)', (target) => {
  let now = Date.now();
  const clock = () => now;
  let deployment: Awaited<ReturnType<typeof startTestServers>>;
  let servers: TestServer[];
  let created: CreatedClient;
  const browsers = new Map<TestServer, ApiBrowser>();

  /** An ID token issued by `server` through a full code flow; its signing key id. */
  async function idTokenFrom(server: TestServer): Promise<{ token: string; kid: string }> {
    const config = await discoverClient(server, created);
    if (!browsers.has(server))
      browsers.set(server, await signUp(server, `${randomUUID()}@example.com`));
    const { code, verifier } = await authorizationCode(server, config, browsers.get(server)!);
    const answer = await tokenRequest(config, created, {
      grant_type: 'authorization_code',
      code,
      code_verifier: verifier,
      redirect_uri: redirectUri,
    });
    const token = (answer.body as { id_token?: string }).id_token!;
    expect(answer.status).toBe(200);
    return { token, kid: decodeProtectedHeader(token).kid! };
  }

  const refreshAll = () => Promise.all(servers.map((server) => server.ctx.liveProvider.refresh()));

  beforeAll(async () => {
    deployment = await startTestServers(
      target,
      2,
      { TRUST_PROXY: '1', KEY_REFRESH_SECONDS: '1', KEY_ACTIVATION_DELAY_SECONDS: '600' },
      {
        now: clock,
        // Only the client: the database has no signing keys when both instances start.
        before: async (stores) => {
          created = await stores.clients.create({
            name: 'Rotating client',
            redirectUris: [redirectUri],
            skipConsent: true,
          });
        },
      },
    );
    servers = deployment.servers;
  }, 120_000);
  afterAll(() => deployment?.close());

  let firstKids: string[];
  let oldToken: string;
  let oldKid: string;
  let newKid: string;

  it('starts both at once on an empty database with one key set', async () => {
    const [a, b] = (await Promise.all(servers.map(jwks))) as [JSONWebKeySet, JSONWebKeySet];
    expect(a).toEqual(b);
    expect(a.keys.map((key) => key.alg).sort()).toEqual(['ES256', 'RS256']);
    firstKids = kids(a);
    const fromA = await idTokenFrom(servers[0]!);
    const fromB = await idTokenFrom(servers[1]!);
    expect(fromA.kid).toBe(fromB.kid);
    ({ token: oldToken, kid: oldKid } = fromA);
  });

  it('publishes a rotated key on every instance, on their own timer, before either signs with it', async () => {
    const rotated = await servers[0]!.ctx.keys.rotate();
    newKid = rotated.find((key) => key.alg === 'ES256')!.kid;
    // No explicit refresh: each instance's KEY_REFRESH_SECONDS timer finds the new keys.
    for (const server of servers)
      await vi.waitFor(async () => expect(kids(await jwks(server))).toContain(newKid), {
        timeout: 10_000,
        interval: 100,
      });
    const [a, b] = (await Promise.all(servers.map(jwks))) as [JSONWebKeySet, JSONWebKeySet];
    expect(kids(a)).toEqual(kids(b));
    expect(kids(a)).toEqual([...firstKids, ...rotated.map((key) => key.kid)].sort());
    for (const server of servers) expect((await idTokenFrom(server)).kid).toBe(oldKid);
  });

  it('signs with the new key on every instance once it is active; each verifies against the other', async () => {
    now += servers[0]!.ctx.keys.timings.activationDelayMs;
    await refreshAll();
    const fromA = await idTokenFrom(servers[0]!);
    const fromB = await idTokenFrom(servers[1]!);
    expect([fromA.kid, fromB.kid]).toEqual([newKid, newKid]);
    expect(await verifiesAt(servers[1]!, fromA.token)).toBe(true);
    expect(await verifiesAt(servers[0]!, fromB.token)).toBe(true);
    // What the old key signed still verifies everywhere.
    for (const server of servers) expect(await verifiesAt(server, oldToken)).toBe(true);
  });

  it('keeps the old key published until what it signed has expired, then retires it', async () => {
    now += servers[0]!.ctx.keys.timings.publishedAfterUseMs - 1;
    await refreshAll();
    for (const server of servers) expect(kids(await jwks(server))).toContain(oldKid);
    now += 1;
    await refreshAll();
    for (const server of servers) {
      expect(kids(await jwks(server))).not.toContain(oldKid);
      expect(kids(await jwks(server))).toHaveLength(2);
      expect(await verifiesAt(server, oldToken)).toBe(false);
    }
    const stored = await servers[0]!.ctx.keys.load();
    expect(stored.map((key) => key.kid)).not.toContain(oldKid);
  });
});

describe.each(databaseTargets())('instances started at once (%s)', (target) => {
  it('publish the same JWKS with one signing key per algorithm, one of those offered', async () => {
    // Each instance offers first keys of its own (a second fixture: RSA keys cost a second
    // each to make), so a second set let in, or an instance serving the set it offered
    // instead of the one stored, shows. SQLite is one process's file (its migrations take no
    // lock): migrated first, so only the keys are left to the race. PostgreSQL starts from an
    // empty schema.
    const count = 4;
    const offered = await Promise.all(
      Array.from({ length: count }, async (_, index) => {
        const makeKey = instanceSigningKey(index);
        return Object.fromEntries(
          await Promise.all(
            (['ES256', 'RS256'] as const).map(async (alg) => [
              alg,
              await calculateJwkThumbprint(await makeKey(alg, 1)),
            ]),
          ),
        ) as Record<'ES256' | 'RS256', string>;
      }),
    );
    for (const alg of ['ES256', 'RS256'] as const)
      expect(new Set(offered.map((set) => set[alg])).size).toBe(count);
    const deployment = await startTestServers(
      target,
      count,
      {},
      {
        ...(target === 'sqlite' ? { before: async () => undefined } : {}),
        makeKey: instanceSigningKey,
      },
    );
    try {
      const sets = await Promise.all(deployment.servers.map(jwks));
      for (const set of sets) expect(set).toEqual(sets[0]);
      const published = sets[0]!.keys;
      expect(published.map((key) => key.alg).sort()).toEqual(['ES256', 'RS256']);
      // One instance's offer won, for both algorithms: never a mix of two offers.
      const winner = offered.find((set) =>
        published.every((key) => set[key.alg as 'ES256' | 'RS256'] === key.kid),
      );
      expect(winner, JSON.stringify(published.map((key) => key.kid))).toBeDefined();
      const stored = await deployment.servers[0]!.ctx.keys.list();
      expect(stored.map((key) => key.state)).toEqual(['signing', 'signing']);
      expect(stored.map((key) => key.kid).sort()).toEqual(published.map((key) => key.kid).sort());
    } finally {
      await deployment.close();
    }
  }, 120_000);
});

describe.each(redisTargets())('a rotation told through Redis (%s)', (redisUrl) => {
  it('reaches every instance at once, long before its key refresh', async () => {
    // The timer would wait an hour: only the signal can bring the keys within the test.
    const deployment = await startTestServers(
      databaseTargets().at(-1)!,
      2,
      { REDIS_URL: redisUrl, KEY_REFRESH_SECONDS: '3600', KEY_ACTIVATION_DELAY_SECONDS: '7201' },
      { before: async () => undefined },
    );
    try {
      const output: string[] = [];
      const cli = buildCli(
        (text) => void output.push(text),
        () => undefined,
        () => loadConfig(deployment.env),
      );
      await cli.parseAsync(['keys', 'rotate', '--now'], { from: 'user' });
      expect(output.join('')).toContain('now (told through Redis)');
      const newKid = /New ES256 key (\S+),/.exec(output.join(''))![1]!;
      for (const server of deployment.servers)
        await vi.waitFor(
          async () => {
            const signing = (await jwks(server)).keys.filter((key) => !key.key_ops);
            expect(signing.map((key) => key.kid)).toContain(newKid);
          },
          { timeout: 5000, interval: 100 },
        );
    } finally {
      await deployment.close();
    }
  });
});
