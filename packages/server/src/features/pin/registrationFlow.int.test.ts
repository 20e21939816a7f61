import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { openStores } from '../../stores.js';
import { databaseTargets } from '../../test/databases.js';
import { testEnv } from '../../test/testServer.js';
import { PinStore, REGISTRATION_TTL_MS, tokenHash } from './pinStore.js';

// A PIN registration is a flow record (issue 15, item 5): used up by FlowRecords.consume,
// which leaves the row with consumed_at set, rather than deleted.
describe.each(databaseTargets())('PIN registrations as flow records (%s)', (target) => {
  let stores: Awaited<ReturnType<typeof openStores>>;
  let cleanup: () => Promise<void>;
  let clock = Date.now();
  let pins: PinStore;

  beforeAll(async () => {
    const env = testEnv(target);
    cleanup = env.cleanup;
    stores = await openStores(loadConfig(env.env));
    pins = new PinStore(stores.database.db, stores.encryption, () => clock);
  });
  afterAll(async () => {
    await stores?.database.db.destroy();
    await cleanup?.();
  });

  const row = (actToken: string) =>
    stores.database.db
      .selectFrom('pin_registrations')
      .selectAll()
      .where('act_token_hash', '=', tokenHash(actToken))
      .executeTakeFirstOrThrow();

  it('is consumed once, by one of 20 parallel takes, and then is missing', async () => {
    const actToken = await pins.startRegistration('user-1', 'client-1');
    const taken = await Promise.all(
      Array.from({ length: 20 }, () => pins.takeRegistration(actToken)),
    );
    expect(taken.filter((t) => t.status === 'ok')).toEqual([
      { status: 'ok', userId: 'user-1', clientId: 'client-1' },
    ]);
    expect(taken.filter((t) => t.status === 'missing')).toHaveLength(19);
    expect(await row(actToken)).toMatchObject({ consumed_at: clock, attempts: 0 });
    expect(await pins.findRegistration(actToken)).toEqual({ status: 'missing' });
    expect(await pins.takeRegistration(actToken)).toEqual({ status: 'missing' });
  });

  it('is expired once when taken late, then missing, and is swept', async () => {
    const actToken = await pins.startRegistration('user-2', 'client-1');
    clock += REGISTRATION_TTL_MS + 1;
    expect(await pins.findRegistration(actToken)).toEqual({ status: 'expired' });
    const taken = await Promise.all(
      Array.from({ length: 5 }, () => pins.takeRegistration(actToken)),
    );
    expect(taken.filter((t) => t.status === 'expired')).toHaveLength(1);
    expect(taken.filter((t) => t.status === 'missing')).toHaveLength(4);
    await pins.sweep();
    expect(
      await stores.database.db
        .selectFrom('pin_registrations')
        .select('id')
        .where('act_token_hash', '=', tokenHash(actToken))
        .executeTakeFirst(),
    ).toBeUndefined();
  });
});
