import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { openStores } from '../../stores.js';
import { databaseTargets } from '../../test/databases.js';
import { testEnv } from '../../test/testServer.js';
import { CODE_TTL_MS, EmailCodeStore } from './emailCodes.js';

describe.each(databaseTargets())('e-mail code records (%s)', (target) => {
  let stores: Awaited<ReturnType<typeof openStores>>;
  let cleanup: () => Promise<void>;
  let now = Date.now();
  let codes: EmailCodeStore;

  beforeAll(async () => {
    const env = testEnv(target);
    cleanup = env.cleanup;
    stores = await openStores(loadConfig(env.env));
    codes = new EmailCodeStore(stores.database.db, randomBytes(32), () => now);
  });
  afterAll(async () => {
    await stores?.database.db.destroy();
    await cleanup?.();
  });

  it('lives ten minutes, then can be resent', async () => {
    const issued = (await codes.issue('a@example.com', 'verify', 'browser-1'))!;
    now += CODE_TTL_MS + 1;
    expect(await codes.check('a@example.com', 'verify', 'browser-1', issued.code)).toEqual({
      outcome: 'codeExpiredCanResend',
    });
    const again = (await codes.reissue('a@example.com', 'verify', 'browser-1'))!;
    expect(await codes.check('a@example.com', 'verify', 'browser-1', again.code)).toMatchObject({
      outcome: 'valid',
    });
    expect(await codes.check('a@example.com', 'verify', 'browser-1', again.code)).toEqual({
      outcome: 'codeExpiredCannotResend',
    });
  });

  it('stores only an HMAC of the code, and sweeps records after a day', async () => {
    const issued = (await codes.issue('b@example.com', 'reset', 'browser-2'))!;
    const rows = await stores.database.db
      .selectFrom('email_codes')
      .select('code_hash')
      .where('email', '=', 'b@example.com')
      .execute();
    expect(rows[0]!.code_hash).not.toContain(issued.code);
    now += 25 * 3600 * 1000;
    await codes.sweep();
    expect(
      await stores.database.db
        .selectFrom('email_codes')
        .select('id')
        .where('email', '=', 'b@example.com')
        .execute(),
    ).toEqual([]);
  });
});
