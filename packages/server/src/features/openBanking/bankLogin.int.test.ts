import { randomUUID } from 'node:crypto';
import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets } from '../../test/databases.js';
import { ApiBrowser, signUp } from '../../test/journey.js';
import { throughSandboxBank } from '../../test/sandboxBank.js';
import { startTestServer, type TestServer } from '../../test/testServer.js';

const redirectUri = 'http://127.0.0.1:3001/callback';

describe.each(databaseTargets())('bank login (%s)', (target) => {
  let server: TestServer;
  let allowing: oidc.Configuration;
  let refusing: oidc.Configuration;

  beforeAll(async () => {
    const made: Array<{ clientId: string; clientSecret: string | null }> = [];
    server = await startTestServer(
      target,
      {},
      {
        before: async (stores) => {
          for (const allowBankLogin of [true, false])
            made.push(
              await stores.clients.create({
                name: allowBankLogin ? 'Bank login shop' : 'Password shop',
                redirectUris: [redirectUri],
                skipConsent: true,
                allowBankLogin,
              }),
            );
        },
      },
    );
    const discover = (client: { clientId: string; clientSecret: string | null }) =>
      oidc.discovery(
        new URL(server.url),
        client.clientId,
        client.clientSecret!,
        oidc.ClientSecretBasic(client.clientSecret!),
        { execute: [oidc.allowInsecureRequests] },
      );
    const [allowed, refused] = made;
    if (!allowed || !refused) throw new Error('the server starts with both clients made');
    [allowing, refusing] = await Promise.all([discover(allowed), discover(refused)]);
  });
  afterAll(async () => server?.close());

  async function startRequest(browser: ApiBrowser, config: oidc.Configuration) {
    const verifier = oidc.randomPKCECodeVerifier();
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: 'openid',
      state: oidc.randomState(),
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
    });
    const location = (await browser.fetch(url.href)).headers.get('location')!;
    await browser.fetch(`${server.url}${location}`);
    return location.split('/').pop()!;
  }

  async function bankTrip(browser: ApiBrowser, customer: string, RequestId?: string) {
    const started = await browser.post('/api/login/ob', {
      display_name: 'Sandbox Bank',
      ...(RequestId ? { RequestId } : {}),
    });
    expect(started.status).toBe(200);
    const back = await throughSandboxBank(browser, String(started.body.url), customer);
    return {
      ...(Object.fromEntries(back.searchParams) as { code: string; state: string }),
      ...(RequestId ? { RequestId } : {}),
    };
  }

  it('signs in the user whose bank account was linked before, where the client allows it', async () => {
    const email = `${randomUUID()}@example.com`;
    const owner = await signUp(server, email);
    const user = (await server.ctx.users.findByEmail(email))!;
    await server.ctx.profiles.update(user.id, { given_name: 'Ada', family_name: 'Lovelace' });
    expect(
      (await owner.post('/api/login/obcallback', await bankTrip(owner, 'current'))).status,
    ).toBe(200);

    const browser = new ApiBrowser(server);
    const requestId = await startRequest(browser, allowing);
    const answer = await browser.post(
      '/api/login/obcallback',
      await bankTrip(browser, 'current', requestId),
    );
    expect(answer).toEqual({ status: 200, body: { email, userRequirements: [] } });
    const session = await (await browser.fetch(`${server.url}/api/session`)).json();
    expect(session).toEqual({ loggedIn: true, email });
    expect((await server.ctx.audit.forUser(user.id)).map((event) => event.type)).toContain(
      'bank_login',
    );
  });

  it('refuses an account linked to nobody', async () => {
    const browser = new ApiBrowser(server);
    const requestId = await startRequest(browser, allowing);
    const answer = await browser.post(
      '/api/login/obcallback',
      await bankTrip(browser, 'mismatch', requestId),
    );
    expect(answer).toMatchObject({
      status: 403,
      body: { error: { code: 'bank_login_not_linked' } },
    });
  });

  /** A user of this name, signed in in a browser of their own. */
  async function userNamed(given_name: string, family_name: string) {
    const email = `${randomUUID()}@example.com`;
    const browser = await signUp(server, email);
    const user = (await server.ctx.users.findByEmail(email))!;
    await server.ctx.profiles.update(user.id, { given_name, family_name });
    return { browser, user };
  }

  /** A bank login attempt in a new browser: the answer, and whether it signed anybody in. */
  async function bankLoginAs(customer: string) {
    const browser = new ApiBrowser(server);
    const requestId = await startRequest(browser, allowing);
    const answer = await browser.post(
      '/api/login/obcallback',
      await bankTrip(browser, customer, requestId),
    );
    const session = await (await browser.fetch(`${server.url}/api/session`)).json();
    return { answer, session };
  }

  it('signs in neither holder of a joint account, even one linked before', async () => {
    // Ada verifies the joint account with her own bank login: her check passes.
    const ada = await userNamed('Ada', 'Lovelace');
    expect(
      (await ada.browser.post('/api/login/obcallback', await bankTrip(ada.browser, 'joint')))
        .status,
    ).toBe(200);
    expect(await server.ctx.evidence.forUser(ada.user.id)).toMatchObject([
      { check: 'OB', outcome: 'passed' },
    ]);
    const identity = server.ctx.bankAccounts.identityOf('Sandbox Bank', {
      sortCode: '820000',
      accountNumber: '73688637',
    });
    // ...but the joint account is not linked for a bank login,
    expect(await server.ctx.bankAccounts.linkedUser(identity)).toBeNull();
    // and one linked before this rule still signs in neither holder.
    await server.ctx.bankAccounts.link(identity, ada.user.id, 'Sandbox Bank');
    for (const customer of ['joint2', 'joint']) {
      const { answer, session } = await bankLoginAs(customer);
      expect(answer).toMatchObject({ status: 403, body: { error: { code: 'NotAccountHolder' } } });
      expect(session).toMatchObject({ loggedIn: false });
    }
    expect(
      (await server.ctx.audit.forUser(ada.user.id)).filter((e) => e.type === 'bank_login_refused'),
    ).toHaveLength(2);
  });

  it('refuses a bank login whose holder is not the linked user', async () => {
    // An account the bank did not say was joint, linked to Ada; Charles Babbage logs in to it.
    const ada = await userNamed('Ada', 'Lovelace');
    const identity = server.ctx.bankAccounts.identityOf('Sandbox Bank', {
      sortCode: '560003',
      accountNumber: '13354647',
    });
    await server.ctx.bankAccounts.link(identity, ada.user.id, 'Sandbox Bank');
    try {
      const { answer, session } = await bankLoginAs('mismatch');
      expect(answer).toMatchObject({ status: 403, body: { error: { code: 'NotAccountHolder' } } });
      expect(session).toMatchObject({ loggedIn: false });
      expect((await server.ctx.audit.forUser(ada.user.id)).map((e) => e.type)).toEqual(
        expect.arrayContaining(['bank_login_refused']),
      );
      expect((await server.ctx.audit.forUser(ada.user.id)).map((e) => e.type)).not.toContain(
        'bank_login',
      );
    } finally {
      await server.ctx.database.db
        .deleteFrom('bank_links')
        .where('identity_hash', '=', identity)
        .execute();
    }
  });

  it('offers no bank login for a client that does not allow it, nor outside a request', async () => {
    const browser = new ApiBrowser(server);
    const requestId = await startRequest(browser, refusing);
    for (const body of [
      { display_name: 'Sandbox Bank', RequestId: requestId },
      { display_name: 'Sandbox Bank' },
    ])
      expect(await new ApiBrowser(server).post('/api/login/ob', body)).toMatchObject({
        status: expect.any(Number),
        body: { error: { code: expect.stringMatching(/not_signed_in|request_not_bound/) } },
      });
    expect(
      await browser.post('/api/login/ob', { display_name: 'Sandbox Bank', RequestId: requestId }),
    ).toMatchObject({
      status: 401,
      body: { error: { code: 'not_signed_in' } },
    });
  });
});
