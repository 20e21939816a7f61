import { randomUUID } from 'node:crypto';
import type { SecondFactorMethod } from '@verity/contracts';
import { Secret, TOTP } from 'otpauth';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import * as singleMethod from '../../db/migrations/0012_second_factor_unique.js';
import { databaseTargets } from '../../test/databases.js';
import { userInTwoBrowsers } from '../../test/journey.js';
import { startTestServer, type TestServer } from '../../test/testServer.js';

/**
 * One SMS, one voice and one authenticator method per user, however many set-ups run at once:
 * the database decides (migration 0012), not a check before the insert.
 */
describe.each(databaseTargets())('single-instance second-factor methods (%s)', (target) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(target);
  });
  afterAll(async () => server?.close());
  afterEach(() => vi.restoreAllMocks());

  async function methodsOf(userId: string) {
    return (await server.ctx.secondFactors.list(userId)).map((factor) => factor.method);
  }

  it.each<SecondFactorMethod>(['Sms', 'Voice', 'Authenticator'])(
    'the database refuses a second %s method, even in parallel',
    async (method) => {
      const { userId } = await userInTwoBrowsers(server);
      const add = () =>
        server.ctx.secondFactors.add({ userId, method, displayName: method, secret: 'x' });
      const added = await Promise.all([add(), add(), add()]);
      expect(added.filter((id) => id !== null)).toHaveLength(1);
      expect(await add()).toBeNull();
      expect(await methodsOf(userId)).toEqual([method]);
    },
  );

  it('keeps several security keys', async () => {
    const { userId } = await userInTwoBrowsers(server);
    const add = (credentialId: string) =>
      server.ctx.secondFactors.add({
        userId,
        method: 'WebAuthn',
        displayName: 'Key',
        credentialId,
        publicKey: 'pk',
      });
    const added = await Promise.all([add(randomUUID()), add(randomUUID())]);
    expect(added.every((id) => id !== null)).toBe(true);
    expect(await methodsOf(userId)).toEqual(['WebAuthn', 'WebAuthn']);
  });

  it('the migration keeps the oldest of duplicates made before it, and every security key', async () => {
    const { userId } = await userInTwoBrowsers(server);
    const db = server.ctx.database.db;
    await singleMethod.down(db);
    try {
      const row = (id: string, method: string, createdAt: number) => ({
        id,
        user_id: userId,
        method,
        display_name: 'x',
        counter: 0,
        created_at: createdAt,
        credential_id: method === 'WebAuthn' ? randomUUID() : null,
      });
      await db
        .insertInto('second_factors')
        .values([
          row(`${userId}-sms-new`, 'Sms', 2000),
          row(`${userId}-sms-old`, 'Sms', 1000),
          row(`${userId}-sms-same-b`, 'Sms', 2000),
          row(`${userId}-app`, 'Authenticator', 1000),
          row(`${userId}-key-1`, 'WebAuthn', 1000),
          row(`${userId}-key-2`, 'WebAuthn', 2000),
        ])
        .execute();
    } finally {
      await singleMethod.up(db);
    }
    const kept = await db
      .selectFrom('second_factors')
      .select('id')
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute();
    expect(kept.map((row) => row.id)).toEqual(
      [`${userId}-app`, `${userId}-key-1`, `${userId}-key-2`, `${userId}-sms-old`].sort(),
    );
    expect(
      await server.ctx.secondFactors.add({ userId, method: 'Sms', displayName: 'x', secret: 'x' }),
    ).toBeNull();
  });

  // The routes' own reads before the insert are made to miss the other set-up, as they do when
  // both requests read before either writes (SQLite runs one request's statements after the
  // other's, PostgreSQL may not), so only the database can stop the second.
  function raceTheCheck() {
    vi.spyOn(server.ctx.secondFactors, 'find').mockResolvedValue(undefined);
    vi.spyOn(server.ctx.secondFactors, 'count').mockResolvedValue(0);
  }

  it('two parallel authenticator set-ups of one user: one succeeds, the other is refused', async () => {
    const { first, second, userId } = await userInTwoBrowsers(server);
    const secrets = await Promise.all(
      [first, second].map(async (browser) => {
        const started = await browser.post('/api/authenticator/startsetup');
        expect(started.status).toBe(200);
        return String(started.body.secret);
      }),
    );
    raceTheCheck();
    const code = (secret: string) => TOTP.generate({ secret: Secret.fromBase32(secret) });
    const answers = await Promise.all([
      first.post('/api/authenticator/completesetup', { Code: code(secrets[0]!) }),
      second.post('/api/authenticator/completesetup', { Code: code(secrets[1]!) }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.status === 409)!.body.error).toMatchObject({
      code: 'second_factor_already_set_up',
    });
    expect(await methodsOf(userId)).toEqual(['Authenticator']);
    // Only the winner's set-up made recovery codes and an audit event.
    expect(answers.filter((answer) => answer.body.recoveryCodes)).toHaveLength(1);
  });

  it('two parallel SMS set-ups of one user (two numbers): one succeeds, the other is refused', async () => {
    const { first, second, userId } = await userInTwoBrowsers(server);
    const numbers = ['07700900301', '07700900302'];
    await Promise.all(
      [first, second].map(async (browser, index) => {
        const started = await browser.post('/api/sms/startsetup', { mobileNumber: numbers[index] });
        expect(started.status).toBe(200);
      }),
    );
    const sentCode = async (number: string) => {
      const [message] = await server.ctx.outbox.list({ recipient: number, limit: 1 });
      return /code is ([\d, ]+)\./.exec(message!.body)![1]!.replace(/[ ,]/g, '');
    };
    const codes = await Promise.all(numbers.map(sentCode));
    raceTheCheck();
    const answers = await Promise.all(
      [first, second].map((browser, index) =>
        browser.post('/api/sms/completesetup', {
          mobileNumber: numbers[index],
          Code: codes[index],
        }),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(await methodsOf(userId)).toEqual(['Sms']);
  });
});
