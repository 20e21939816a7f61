import { randomUUID } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import * as recoveryCodeSets from '../../db/migrations/0017_recovery_code_sets.js';
import { databaseTargets } from '../../test/databases.js';
import { userInTwoBrowsers } from '../../test/journey.js';
import { startTestServer, type TestServer } from '../../test/testServer.js';
import { RECOVERY_CODE_COUNT } from './recoveryCodes.js';

/**
 * Recovery codes are issued once, with the user's first method, however many first set-ups
 * run at once: the database decides (migration 0017), and the codes a user is shown are the
 * ones stored.
 */
describe.each(databaseTargets())('first recovery codes (%s)', (target) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(target);
  });
  afterAll(async () => server?.close());
  afterEach(() => vi.restoreAllMocks());

  const newUser = () => userInTwoBrowsers(server);

  /** Whether every code of a set still works (each use spends it, so call once per set). */
  async function allWork(userId: string, codes: string[]) {
    const used = await Promise.all(codes.map((code) => server.ctx.recoveryCodes.use(userId, code)));
    return used.every(Boolean);
  }

  it('an authenticator app and SMS set up in parallel as first methods: one set of codes, the one shown', async () => {
    const { first, second, userId } = await newUser();
    const started = await first.post('/api/authenticator/startsetup');
    expect(started.status).toBe(200);
    const number = '07700900311';
    expect((await second.post('/api/sms/startsetup', { mobileNumber: number })).status).toBe(200);
    const [message] = await server.ctx.outbox.list({ recipient: number, limit: 1 });
    const smsCode = /code is ([\d, ]+)\./.exec(message!.body)![1]!.replace(/[ ,]/g, '');
    // Both set-ups read "no method yet" before either adds one, as parallel requests may.
    vi.spyOn(server.ctx.secondFactors, 'count').mockResolvedValue(0);
    const appCode = TOTP.generate({ secret: Secret.fromBase32(String(started.body.secret)) });
    const answers = await Promise.all([
      first.post('/api/authenticator/completesetup', { Code: appCode }),
      second.post('/api/sms/completesetup', { mobileNumber: number, Code: smsCode }),
    ]);
    vi.restoreAllMocks();
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    const shown = answers.flatMap((answer) =>
      answer.body.recoveryCodes ? [answer.body.recoveryCodes as string[]] : [],
    );
    expect(shown).toHaveLength(1);
    expect(shown[0]).toHaveLength(RECOVERY_CODE_COUNT);
    expect(await server.ctx.recoveryCodes.remaining(userId)).toBe(RECOVERY_CODE_COUNT);
    expect(await allWork(userId, shown[0]!)).toBe(true);
    const events = await server.ctx.database.db
      .selectFrom('audit_events')
      .select('type')
      .where('user_id', '=', userId)
      .where('type', '=', 'recovery_codes_created')
      .execute();
    expect(events).toHaveLength(1);
  });

  it('issues a first set once, even to many parallel calls', async () => {
    const { userId } = await newUser();
    const sets = await Promise.all(
      Array.from({ length: 4 }, () => server.ctx.recoveryCodes.issueIfNone(userId)),
    );
    const issued = sets.filter((set) => set !== null);
    expect(issued).toHaveLength(1);
    expect(await server.ctx.recoveryCodes.remaining(userId)).toBe(RECOVERY_CODE_COUNT);
    expect(await allWork(userId, issued[0]!)).toBe(true);
    // Used up is not none: the user is not silently given new codes.
    expect(await server.ctx.recoveryCodes.issueIfNone(userId)).toBeNull();
  });

  it('parallel regenerations leave exactly one whole set, the last one made', async () => {
    const { userId } = await newUser();
    const sets = await Promise.all(
      Array.from({ length: 3 }, () => server.ctx.recoveryCodes.regenerate(userId)),
    );
    expect(await server.ctx.recoveryCodes.remaining(userId)).toBe(RECOVERY_CODE_COUNT);
    const working = [];
    for (const set of sets) working.push(await allWork(userId, set));
    expect(working.filter(Boolean)).toHaveLength(1);
  });

  it('after the codes are removed (last method removed), a new first set is issued', async () => {
    const { userId } = await newUser();
    expect(await server.ctx.recoveryCodes.issueIfNone(userId)).not.toBeNull();
    await server.ctx.recoveryCodes.removeAll(userId);
    expect(await server.ctx.recoveryCodes.remaining(userId)).toBe(0);
    const again = await server.ctx.recoveryCodes.issueIfNone(userId);
    expect(again).toHaveLength(RECOVERY_CODE_COUNT);
    expect(await allWork(userId, again!)).toBe(true);
  });

  it('the migration counts codes issued before it as a set', async () => {
    const { userId } = await newUser();
    const db = server.ctx.database.db;
    await recoveryCodeSets.down(db);
    try {
      await db
        .insertInto('recovery_codes')
        .values({ id: randomUUID(), user_id: userId, code_hash: 'x', created_at: 1, used_at: 2 })
        .execute();
    } finally {
      await recoveryCodeSets.up(db);
    }
    expect(await server.ctx.recoveryCodes.issueIfNone(userId)).toBeNull();
  });
});
