import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets } from '../../test/databases.js';
import { ApiBrowser, signUp } from '../../test/journey.js';
import { startTestServer, type TestServer } from '../../test/testServer.js';
import { throughSandboxBank } from '../../test/sandboxBank.js';

describe.each(databaseTargets())('open banking with the sandbox bank (%s)', (target) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(target);
  });
  afterAll(async () => server?.close());

  /** A signed-in user whose profile names Ada Lovelace. */
  async function ada() {
    const email = `${randomUUID()}@example.com`;
    const browser = await signUp(server, email);
    const user = (await server.ctx.users.findByEmail(email))!;
    await server.ctx.profiles.update(user.id, { given_name: 'Ada', family_name: 'Lovelace' });
    return { browser, user, email };
  }

  /** Starts at the sandbox bank, passes its pages as the customer, and comes back with the code. */
  async function bankTrip(browser: ApiBrowser, customer: string, decision?: 'allow' | 'deny') {
    const started = await browser.post('/api/login/ob', { display_name: 'Sandbox Bank' });
    expect(started).toMatchObject({ status: 200, body: { iFrame: false } });
    const back = await throughSandboxBank(browser, String(started.body.url), customer, decision);
    expect(`${back.origin}${back.pathname}`).toBe(`${server.url}/ObCallback`);
    return Object.fromEntries(back.searchParams) as Record<string, string>;
  }

  it('lists the providers and serves their logos', async () => {
    const response = await fetch(`${server.url}/api/ob/providers`);
    expect(await response.json()).toEqual({
      providers: [
        { display_name: 'Sandbox Bank', obProviderType: 'tl' },
        { display_name: 'Sandbox Bank Embedded', obProviderType: 'tk' },
      ],
      obProviderType: 'tl',
    });
    const logo = await fetch(`${server.url}/providers/Sandbox%20Bank.svg`);
    expect(logo.status).toBe(200);
    expect(logo.headers.get('content-type')).toContain('image/svg+xml');
    const svg = await logo.text();
    expect(svg).toContain('<svg');
    // Each sandbox bank has its own logo, named for assistive technology (issue 21).
    const embedded = await (
      await fetch(`${server.url}/providers/Sandbox%20Bank%20Embedded.svg`)
    ).text();
    expect(embedded).toContain('aria-label="Sandbox Bank Embedded"');
    expect(embedded).not.toBe(svg);
    expect((await fetch(`${server.url}/providers/Nobank.svg`)).status).toBe(404);
  });

  it('verifies the account of a customer whose name matches, once per state', async () => {
    const { browser, user, email } = await ada();
    const { code, state } = await bankTrip(browser, 'current');
    const answer = await browser.post('/api/login/obcallback', { code, state });
    expect(answer).toEqual({
      status: 200,
      body: { email, userRequirements: [], assuranceChoice: [] },
    });

    const account = await server.ctx.bankAccounts.latest(user.id);
    expect(account).toMatchObject({
      sortCode: '089999',
      accountNumber: '66374958',
      holderName: 'Ada Lovelace',
      nameScore: 100,
      modulusValid: true,
      source: 'ob',
    });
    const [row] = await server.ctx.database.db
      .selectFrom('bank_accounts')
      .select('data')
      .where('user_id', '=', user.id)
      .execute();
    expect(row!.data).not.toContain('66374958');
    expect((await server.ctx.audit.forUser(user.id)).map((event) => event.type)).toContain(
      'identity_check_passed',
    );
    const [evidence] = await server.ctx.evidence.forUser(user.id);
    expect(evidence).toMatchObject({
      check: 'OB',
      outcome: 'passed',
      scores: { strength: 2, validity: 2, activity: 1, fraud: 0, verification: 2 },
      provider: 'Sandbox Bank',
      attributes: { holder_name: 'Ada Lovelace' },
    });
    // The state is used up.
    const again = await browser.post('/api/login/obcallback', { code, state });
    expect(again).toMatchObject({ status: 400, body: { error: { code: 'ob_state_invalid' } } });
  });

  it.each([
    ['cards', 422, 'NoBankAccounts'],
    ['withheld', 422, 'NoAccountNumber'],
    ['empty', 422, 'NoAccounts'],
    ['error', 502, 'provider_error'],
    ['mismatch', 422, 'bankIdentityMismatch'],
  ])('answers the customer %s with %i %s', async (customer, status, code) => {
    const { browser, user } = await ada();
    const back = await bankTrip(browser, customer);
    const answer = await browser.post('/api/login/obcallback', back);
    expect(answer).toMatchObject({ status, body: { error: { code } } });
    if (code === 'bankIdentityMismatch') {
      // Nothing of another person's account is kept: not the account, not the holder's name.
      expect(await server.ctx.bankAccounts.latest(user.id)).toBeNull();
      // A failed check is not offered again straight away.
      expect(await browser.post('/api/login/ob', { display_name: 'Sandbox Bank' })).toMatchObject({
        status: 409,
        body: { error: { code: 'step_not_allowed' } },
      });
      expect(await server.ctx.evidence.forUser(user.id)).toMatchObject([
        { check: 'OB', outcome: 'failed', scores: { verification: 0 }, attributes: null },
      ]);
    }
  });

  it('brings a customer who cancels, or declines consent, back with access_denied', async () => {
    const { browser } = await ada();
    expect(await bankTrip(browser, 'cancel')).toMatchObject({ error: 'access_denied' });
    expect(await bankTrip(browser, 'current', 'deny')).toMatchObject({ error: 'access_denied' });
  });

  it('refuses a state it did not issue, from another browser, or a changed code', async () => {
    const { browser } = await ada();
    const { code, state } = await bankTrip(browser, 'current');
    const unknown = await browser.post('/api/login/obcallback', { code, state: 'x'.repeat(43) });
    expect(unknown).toMatchObject({ status: 400, body: { error: { code: 'ob_state_invalid' } } });
    const { browser: other } = await ada();
    const foreign = await other.post('/api/login/obcallback', { code, state });
    expect(foreign).toMatchObject({ status: 400, body: { error: { code: 'ob_state_invalid' } } });

    const second = await bankTrip(browser, 'current');
    const tampered = await browser.post('/api/login/obcallback', {
      ...second,
      code: `${second.code}x`,
    });
    expect(tampered).toMatchObject({ status: 400, body: { error: { code: 'access_denied' } } });
  });

  it.each([
    ['no body', undefined],
    ['no state', { code: 'abc' }],
    ['no code', { state: 'abc' }],
    ['an unknown field', { code: 'abc', state: 'abc', extra: 1 }],
    ['a bad request id', { code: 'abc', state: 'abc', RequestId: '../x' }],
    ['a huge code', { code: 'x'.repeat(2001), state: 'abc' }],
  ])('refuses a callback with %s', async (_case, body) => {
    const { browser } = await ada();
    const answer = await browser.post('/api/login/obcallback', body);
    expect(answer).toMatchObject({ status: 400, body: { error: { code: 'validation_failed' } } });
  });

  it('starts a bank trip only for a known bank of the right type, signed in', async () => {
    const { browser } = await ada();
    expect(await browser.post('/api/login/ob', { display_name: 'Nobank' })).toMatchObject({
      status: 400,
      body: { error: { code: 'unknown_bank' } },
    });
    expect(await browser.post('/api/login/ob', { display_name: '<script>' })).toMatchObject({
      status: 400,
      body: { error: { code: 'validation_failed' } },
    });
    expect(
      await new ApiBrowser(server).post('/api/login/ob', { display_name: 'Sandbox Bank' }),
    ).toMatchObject({ status: 401, body: { error: { code: 'not_signed_in' } } });

    const tl = await browser.fetch(`${server.url}/api/login/ob/tl?display_name=Sandbox%20Bank`);
    expect(await tl.json()).toMatchObject({ iFrame: false });
    const tk = await browser.fetch(
      `${server.url}/api/login/ob/tk?display_name=Sandbox%20Bank%20Embedded`,
    );
    const embedded = (await tk.json()) as { url: string; iFrame: boolean };
    expect(embedded.iFrame).toBe(true);
    const link = new URL(embedded.url);
    expect(link.pathname).toBe('/sandbox-bank/');
    expect(link.searchParams.get('response_mode')).toBe('web_message');
    expect(link.searchParams.get('code_challenge_method')).toBe('S256');
    expect(link.searchParams.get('redirect_uri')).toBe(`${server.url}/ObCallback`);
    const wrongType = await browser.fetch(
      `${server.url}/api/login/ob/tk?display_name=Sandbox%20Bank`,
    );
    expect(wrongType.status).toBe(400);
  });

  it('limits bank trips per browser', async () => {
    const { browser } = await ada();
    let last = 0;
    for (let i = 0; i < 11; i++)
      last = (await browser.post('/api/login/ob', { display_name: 'Sandbox Bank' })).status;
    expect(last).toBe(429);
  });
});
