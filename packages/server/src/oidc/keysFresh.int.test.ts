import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets } from '../test/databases.js';
import { startTestServer, type TestServer } from '../test/testServer.js';

/**
 * An instance that can reach its database but cannot read the signing keys (here: the table
 * gone from under it) keeps serving the keys it last read, so it would miss a rotation or an
 * emergency withdrawal. /readyz reports it once no read has succeeded for two refresh
 * intervals, and recovers at the next read that succeeds.
 */
describe.each(databaseTargets())('readiness and the signing keys (%s)', (target) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(target, {
      KEY_REFRESH_SECONDS: '1',
      KEY_ACTIVATION_DELAY_SECONDS: '3',
    });
  });
  afterAll(async () => server?.close());

  const readyz = async () => (await fetch(`${server.url}/readyz`)).status;
  const rename = (from: string, to: string) =>
    sql.raw(`ALTER TABLE ${from} RENAME TO ${to}`).execute(server.ctx.database.db);

  it('is unready while the keys cannot be read, ready again once they can', async () => {
    expect(await readyz()).toBe(200);
    await rename('signing_keys', 'signing_keys_away');
    try {
      // Stale after two refresh intervals (2 s) without a read; the next read comes within 1 s.
      await expect.poll(readyz, { timeout: 6_000, interval: 250 }).toBe(503);
    } finally {
      await rename('signing_keys_away', 'signing_keys');
    }
    await expect.poll(readyz, { timeout: 4_000, interval: 250 }).toBe(200);
  });
});
