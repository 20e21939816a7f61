import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets } from '../test/databases.js';
import { signUp, type ApiBrowser } from '../test/journey.js';
import { inParallel, warmConnections } from '../test/oidcAttacker.js';
import { throughSandboxBank } from '../test/sandboxBank.js';
import { startTestServer, type TestServer } from '../test/testServer.js';

/**
 * ASVS 5 V6 / RFC 9700 §4.7 for the trip to a bank: the state Verity sends is a single-use
 * record. Every presentation counts (at most 3), and one of them consumes it: the bank's code
 * is exchanged and the account recorded once, however many arrive at once.
 */
describe.each(databaseTargets())('bank-link state (%s)', (target) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(target);
  });
  afterAll(async () => server?.close());

  async function bankTrip() {
    const email = `${randomUUID()}@example.com`;
    const browser = await signUp(server, email);
    const user = (await server.ctx.users.findByEmail(email))!;
    await server.ctx.profiles.update(user.id, { given_name: 'Ada', family_name: 'Lovelace' });
    const started = await browser.post('/api/login/ob', { display_name: 'Sandbox Bank' });
    const back = await throughSandboxBank(browser, String(started.body.url), 'current');
    return { browser, userId: user.id, params: Object.fromEntries(back.searchParams) };
  }

  async function present(browser: ApiBrowser, params: Record<string, string>, count: number) {
    await warmConnections(server, count);
    return inParallel(count, () => browser.post('/api/login/obcallback', params));
  }

  const bankAccounts = (userId: string) =>
    server.ctx.database.db
      .selectFrom('bank_accounts')
      .select('id')
      .where('user_id', '=', userId)
      .execute();

  it('of 3 parallel presentations (the most a state takes), exactly one succeeds', async () => {
    const { browser, userId, params } = await bankTrip();
    const answers = await present(browser, params, 3);
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    for (const answer of answers) expect(answer.status).toBeLessThan(500);
    expect(await bankAccounts(userId)).toHaveLength(1);
  });

  it('of 20 parallel presentations at most one succeeds, and the account is recorded once at most', async () => {
    const { browser, userId, params } = await bankTrip();
    const answers = await present(browser, params, 20);
    expect(answers.filter((answer) => answer.status === 200).length).toBeLessThanOrEqual(1);
    for (const answer of answers) expect(answer.status).toBeLessThan(500);
    expect((await bankAccounts(userId)).length).toBeLessThanOrEqual(1);
  });
});
