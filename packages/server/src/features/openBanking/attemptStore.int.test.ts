import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets } from '../../test/databases.js';
import { startTestServer, type TestServer } from '../../test/testServer.js';
import { ObAttemptStore } from './attemptStore.js';

describe.each(databaseTargets())('ObAttemptStore (%s)', (target) => {
  let server: TestServer;
  let now = Date.now();
  let store: ObAttemptStore;
  beforeAll(async () => {
    server = await startTestServer(target);
    store = new ObAttemptStore(server.ctx.database.db, server.ctx.encryption, () => now);
  });
  afterAll(async () => server?.close());

  const start = () =>
    store.start({ browserId: 'browser-1', userId: 'user-1', requestId: null, provider: 'Bank' });

  it('is used once, by its own browser, and keeps only a hash of the state', async () => {
    const { state } = await start();
    const rows = await server.ctx.database.db.selectFrom('ob_attempts').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(state);
    expect(await store.consume(state, 'browser-2')).toBeNull();
    expect(await store.consume(state, null)).toBeNull();
    expect(await store.consume(state, 'browser-1')).toMatchObject({
      userId: 'user-1',
      provider: 'Bank',
    });
    expect(await store.consume(state, 'browser-1')).toBeNull();
  });

  it('dies after three presentations by anyone, and at its expiry', async () => {
    const tried = await start();
    for (let i = 0; i < 3; i++) await store.consume(tried.state, 'someone-else');
    expect(await store.consume(tried.state, 'browser-1')).toBeNull();

    const late = await start();
    now += 15 * 60 * 1000 + 1;
    expect(await store.consume(late.state, 'browser-1')).toBeNull();
  });

  it('answers the PKCE challenge of its verifier', async () => {
    const { state, codeChallenge } = await start();
    const attempt = await store.consume(state, 'browser-1');
    const { createHash } = await import('node:crypto');
    expect(createHash('sha256').update(attempt!.codeVerifier).digest('base64url')).toBe(
      codeChallenge,
    );
  });

  it('sweeps attempts a day past their expiry', async () => {
    await start();
    now += 15 * 60 * 1000 + 24 * 3600 * 1000 + 1;
    expect(await store.sweep()).toBeGreaterThan(0);
    expect(await server.ctx.database.db.selectFrom('ob_attempts').selectAll().execute()).toEqual(
      [],
    );
  });
});
