import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { openStores } from '../stores.js';
import { databaseTargets } from '../test/databases.js';
import { testEnv } from '../test/testServer.js';
import { FlowRecords } from './flowRecords.js';

describe.each(databaseTargets())('flow records (%s)', (target) => {
  let stores: Awaited<ReturnType<typeof openStores>>;
  let cleanup: () => Promise<void>;
  const now = Date.now();
  let flows: FlowRecords<'email_codes'>;

  beforeAll(async () => {
    const env = testEnv(target);
    cleanup = env.cleanup;
    stores = await openStores(loadConfig(env.env));
    flows = new FlowRecords(stores.database.db, 'email_codes', 3, () => now);
  });
  afterAll(async () => {
    await stores?.database.db.destroy();
    await cleanup?.();
  });

  async function record(
    overrides: { attempts?: number; expiresIn?: number; browser?: string } = {},
  ) {
    const id = randomUUID();
    await stores.database.db
      .insertInto('email_codes')
      .values({
        id,
        email: 'flow@example.com',
        purpose: 'verify',
        browser_id: overrides.browser ?? 'b1',
        code_hash: 'x',
        pending_password_hash: null,
        pending_terms_version: null,
        attempts: overrides.attempts ?? 0,
        created_at: now,
        expires_at: now + (overrides.expiresIn ?? 60_000),
        consumed_at: null,
      })
      .execute();
    return id;
  }

  it('is consumed once, by one of 20 parallel calls, which gets the row', async () => {
    const id = await record();
    const taken = await Promise.all(Array.from({ length: 20 }, () => flows.consume(id)));
    expect(taken.filter((row) => row !== null)).toEqual([
      expect.objectContaining({ id, consumed_at: now }),
    ]);
  });

  it.each([
    ['expired', { expiresIn: -1 }, {}],
    ['out of attempts', { attempts: 3 }, {}],
    ["another browser's", { browser: 'b2' }, { browser_id: 'b1' }],
  ])('is not consumed when %s', async (_name, overrides, match) => {
    const id = await record(overrides);
    expect(await flows.consume(id, match)).toBeNull();
  });

  it('counts the use as an attempt when asked, in the same statement', async () => {
    const id = await record();
    expect(await flows.consume(id, {}, { countAttempt: true })).toMatchObject({ attempts: 1 });
  });

  it('retires the open records that match, and only those', async () => {
    const mine = await record();
    const other = await record({ browser: 'b3' });
    expect(await flows.retire({ email: 'flow@example.com', browser_id: 'b1' })).toBeGreaterThan(0);
    expect(await flows.consume(mine)).toBeNull();
    expect(await flows.consume(other)).not.toBeNull();
    await expect(flows.retire({})).rejects.toThrow(/condition/);
  });
});
