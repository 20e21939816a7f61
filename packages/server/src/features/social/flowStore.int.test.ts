import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets } from '../../test/databases.js';
import { startTestServer, type TestServer } from '../../test/testServer.js';
import { FLOW_TTL_MS, SocialFlowStore, type NewFlow } from './flowStore.js';

describe.each(databaseTargets())('social flow records (%s)', (target) => {
  let server: TestServer;
  let now = Date.now();
  let flows: SocialFlowStore;
  beforeAll(async () => {
    server = await startTestServer(target);
    flows = new SocialFlowStore(server.ctx.database.db, server.ctx.encryption, () => now);
  });
  afterAll(async () => server?.close());

  const newFlow = (): NewFlow => ({
    provider: 'google',
    purpose: 'login',
    browserId: randomUUID(),
    requestId: null,
    accountId: null,
    termsVersion: null,
  });

  it('lives ten minutes', async () => {
    now = Date.now();
    const live = await flows.create(newFlow());
    const late = await flows.create(newFlow());
    now += FLOW_TTL_MS - 1000;
    expect(await flows.consume(live.state, live.browserId, 'google', 'login')).toMatchObject({
      nonce: live.nonce,
      codeVerifier: live.codeVerifier,
    });
    now += 2000;
    expect(await flows.consume(late.state, late.browserId, 'google', 'login')).toBeNull();
  });

  it('is taken once, even by two calls at the same moment', async () => {
    now = Date.now();
    const flow = await flows.create(newFlow());
    const results = await Promise.all(
      Array.from({ length: 5 }, () => flows.consume(flow.state, flow.browserId, 'google', 'login')),
    );
    expect(results.filter((result) => result !== null)).toHaveLength(1);
  });

  it('stores neither the state nor the verifier and nonce in the clear, and is swept after a day', async () => {
    now = Date.now();
    const flow = await flows.create(newFlow());
    const rows = await server.ctx.database.db.selectFrom('social_flows').selectAll().execute();
    const stored = JSON.stringify(rows);
    for (const secret of [flow.state, flow.nonce, flow.codeVerifier])
      expect(stored).not.toContain(secret);
    now += FLOW_TTL_MS + 24 * 3600 * 1000 + 1;
    await flows.sweep();
    expect(await server.ctx.database.db.selectFrom('social_flows').selectAll().execute()).toEqual(
      [],
    );
  });
});
