import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets } from '../../test/databases.js';
import { ApiBrowser, signUp } from '../../test/journey.js';
import { throughSandboxBank } from '../../test/sandboxBank.js';
import { startTestServer, type TestServer } from '../../test/testServer.js';

describe.each(databaseTargets())('POST /api/verifybankaccount (%s)', (target) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(target);
  });
  afterAll(async () => server?.close());

  /** A signed-in Ada Lovelace who has been to the sandbox bank as `customer` (if any). */
  async function ada(customer?: string) {
    const email = `${randomUUID()}@example.com`;
    const browser = await signUp(server, email);
    const user = (await server.ctx.users.findByEmail(email))!;
    await server.ctx.profiles.update(user.id, { given_name: 'Ada', family_name: 'Lovelace' });
    if (customer) {
      const started = await browser.post('/api/login/ob', { display_name: 'Sandbox Bank' });
      const back = await throughSandboxBank(browser, String(started.body.url), customer);
      await browser.post('/api/login/obcallback', Object.fromEntries(back.searchParams));
    }
    return { browser, user };
  }

  it('verifies the account a bank login showed, once', async () => {
    const { browser, user } = await ada('current');
    const answer = await browser.post('/api/verifybankaccount');
    expect(answer).toEqual({
      status: 200,
      body: { check: 'Bank', verified: true, userRequirements: [], assuranceChoice: [] },
    });
    const bank = (await server.ctx.evidence.forUser(user.id)).find((e) => e.check === 'Bank');
    expect(bank).toMatchObject({
      outcome: 'passed',
      scores: { strength: 2, validity: 2, activity: 1, fraud: 0, verification: 2 },
      attributes: { given_name: 'Ada', family_name: 'Lovelace' },
    });
    const again = await browser.post('/api/verifybankaccount');
    expect(again).toMatchObject({ status: 409, body: { error: { code: 'step_not_allowed' } } });
  });

  it('answers bankIdentityMismatch for an account in another name, and records it', async () => {
    const { browser, user } = await ada('mismatch');
    const answer = await browser.post('/api/verifybankaccount');
    expect(answer).toMatchObject({
      status: 422,
      body: { error: { code: 'bankIdentityMismatch' } },
    });
    const bank = (await server.ctx.evidence.forUser(user.id)).find((e) => e.check === 'Bank');
    expect(bank).toMatchObject({ outcome: 'failed', attributes: null });
  });

  it('answers bankVerificationFailed without an account to check (the questions come next)', async () => {
    const { browser } = await ada();
    const answer = await browser.post('/api/verifybankaccount');
    expect(answer).toMatchObject({
      status: 422,
      body: { error: { code: 'bankVerificationFailed' } },
    });
  });

  it('refuses a visitor, and a body', async () => {
    expect(await new ApiBrowser(server).post('/api/verifybankaccount')).toMatchObject({
      status: 401,
      body: { error: { code: 'not_signed_in' } },
    });
    const { browser } = await ada();
    expect(await browser.post('/api/verifybankaccount', { sortCode: '089999' })).toMatchObject({
      status: 400,
      body: { error: { code: 'validation_failed' } },
    });
  });

  it('limits attempts per user', async () => {
    const { browser } = await ada();
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++)
      statuses.push((await browser.post('/api/verifybankaccount')).status);
    expect(statuses).toEqual([422, 422, 422, 429]);
  });
});
