import { randomUUID } from 'node:crypto';
import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets } from '../../test/databases.js';
import {
  ApiBrowser,
  redirectUri,
  signUp,
  startServerWithClient,
  startSignInRequest,
  strongPassword,
} from '../../test/journey.js';
import type { TestServer } from '../../test/testServer.js';
import { purgeClosedAccounts, RETENTION_AFTER_CLOSURE_MS } from './closeAccount.js';

describe.each(databaseTargets())('account consents and deletion (%s)', (target) => {
  let server: TestServer;
  let config: oidc.Configuration;

  beforeAll(async () => {
    ({ server, config } = await startServerWithClient(
      target,
      {},
      { name: 'Shop', redirectUris: [redirectUri] },
    ));
  });
  afterAll(async () => server?.close());

  /** Signs in to the client through Verity with consent to the e-mail; returns the tokens. */
  async function signInToShop(browser: ApiBrowser) {
    const state = oidc.randomState();
    const { requestId, verifier } = await startSignInRequest(server, config, browser, {
      scope: 'openid email',
      state,
    });
    await browser.post(`/api/requests/${requestId}`);
    expect((await browser.post('/api/consent', { Approved: true })).status).toBe(200);
    const generated = await browser.post('/api/generateresponse', { requestId });
    let response = await browser.fetch(generated.body.redirect_Uri as string);
    while (!response.headers.get('location')!.startsWith(redirectUri))
      response = await browser.fetch(new URL(response.headers.get('location')!, server.url).href);
    return oidc.authorizationCodeGrant(config, new URL(response.headers.get('location')!), {
      pkceCodeVerifier: verifier,
      expectedState: state,
    });
  }

  async function isActive(accessToken: string): Promise<boolean> {
    return (await oidc.tokenIntrospection(config, accessToken)).active;
  }

  const newEmail = () => `${randomUUID()}@example.com`;

  it('lists the consent and revokes it with the service’s tokens', async () => {
    const browser = await signUp(server, newEmail());
    const tokens = await signInToShop(browser);
    expect(await isActive(tokens.access_token)).toBe(true);

    const listed = (await (await browser.fetch(`${server.url}/api/account/consents`)).json()) as {
      consents: Array<Record<string, unknown>>;
    };
    expect(listed.consents).toEqual([
      {
        clientId: config.clientMetadata().client_id,
        clientName: 'Shop',
        details: ['E-mail'],
        updated: expect.any(String),
        signedWithPin: false,
      },
    ]);

    const revoked = await browser.post('/api/account/consents/revoke', {
      clientId: config.clientMetadata().client_id,
    });
    expect(revoked).toEqual({ status: 200, body: { consents: [] } });
    expect(await isActive(tokens.access_token)).toBe(false);
    const grants = await server.ctx.database.db
      .selectFrom('oidc_payloads')
      .select('id')
      .where('model', '=', 'Grant')
      .where('payload', 'like', `%${config.clientMetadata().client_id}%`)
      .execute();
    expect(grants).toEqual([]);

    // Signing in to the service again asks for consent again.
    const again = await signInToShop(browser);
    expect(await isActive(again.access_token)).toBe(true);

    const unknown = await browser.post('/api/account/consents/revoke', { clientId: 'nobody' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toMatchObject({ code: 'consent_not_found' });
  });

  it('deletes the account after the password: data gone, tokens and sessions revoked', async () => {
    const email = newEmail();
    const browser = await signUp(server, email);
    const user = (await server.ctx.users.findByEmail(email))!;
    await server.ctx.profiles.update(user.id, { given_name: 'Ada', family_name: 'Lovelace' });
    const tokens = await signInToShop(browser);
    const recipient = newEmail();
    await browser.post('/api/share', { email: recipient });
    const [shareMail] = await server.ctx.outbox.list({ recipient, limit: 1 });
    const token = /\/shared#([A-Za-z0-9_-]{43})/.exec(shareMail!.body)![1]!;

    const wrong = await browser.post('/api/account/delete', { Password: 'not my password' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toMatchObject({ code: 'wrong_password' });
    expect(await server.ctx.users.findByEmail(email)).toBeDefined();

    const deleted = await browser.post('/api/account/delete', { Password: strongPassword });
    expect(deleted).toEqual({ status: 200, body: { deleted: true } });
    expect(await isActive(tokens.access_token)).toBe(false);
    expect((await browser.fetch(`${server.url}/api/home`)).status).toBe(401);
    expect(await server.ctx.users.findByEmail(email)).toBeUndefined();
    const kept = (await server.ctx.users.findById(user.id))!;
    expect(kept).toMatchObject({ closed: true, emailVerified: false });
    expect(kept.email).not.toContain(email);
    const { db } = server.ctx.database;
    for (const table of [
      'password_credentials',
      'profiles',
      'consents',
      'terms_acceptances',
      'identity_shares',
    ] as const) {
      const rows = await db
        .selectFrom(table)
        .select('user_id')
        .where('user_id', '=', user.id)
        .execute();
      expect(rows, table).toEqual([]);
    }
    expect(
      await db.selectFrom('email_codes').select('id').where('email', '=', email).execute(),
    ).toEqual([]);
    const sessions = await db
      .selectFrom('oidc_payloads')
      .select('id')
      .where('payload', 'like', `%${user.id}%`)
      .execute();
    expect(sessions).toEqual([]);
    const opened = await new ApiBrowser(server).post('/api/shared', { token });
    expect(opened.status).toBe(404);
    const [notice] = await server.ctx.outbox.list({ recipient: email, limit: 1 });
    expect(notice?.subject).toBe('Your Verity account has been deleted');
    const events = await server.ctx.audit.forUser(user.id, 50);
    expect(events.map((event) => event.type)).toContain('account_deleted');

    // The address is free to sign up again, as a new account.
    await signUp(server, email);
    expect((await server.ctx.users.findByEmail(email))!.id).not.toBe(user.id);

    // Seven years on, what was kept goes too.
    expect(await purgeClosedAccounts(db, Date.now() + RETENTION_AFTER_CLOSURE_MS - 60_000)).toBe(0);
    expect(await purgeClosedAccounts(db, Date.now() + RETENTION_AFTER_CLOSURE_MS + 60_000)).toBe(1);
    expect(await server.ctx.users.findById(user.id)).toBeUndefined();
    expect(await server.ctx.audit.forUser(user.id)).toEqual([]);
  });

  it('limits password attempts at deletion, one at a time, then with a delay', async () => {
    const browser = await signUp(server, newEmail());
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => browser.post('/api/account/delete', { Password: 'guess' })),
    );
    const checked = answers.filter((answer) => answer.status === 400).length;
    expect(checked).toBeGreaterThanOrEqual(1);
    expect(checked).toBeLessThanOrEqual(5);
    expect(answers.filter((answer) => answer.status === 429)).toHaveLength(8 - checked);
    for (let i = checked; i < 5; i++)
      expect((await browser.post('/api/account/delete', { Password: 'guess' })).status).toBe(400);
    const late = await browser.post('/api/account/delete', { Password: strongPassword });
    expect(late.status).toBe(429);
    expect(late.body.error).toMatchObject({ code: 'rate_limited' });
    const { retryAfterSeconds } = (late.body.error as { details: { retryAfterSeconds: number } })
      .details;
    expect(retryAfterSeconds).toBeGreaterThan(20);
    expect(retryAfterSeconds).toBeLessThanOrEqual(30);
  });

  it.each([
    ['/api/account/delete', {}],
    ['/api/account/delete', { Password: '' }],
    ['/api/account/delete', { Password: 'x', Email: 'a@example.com' }],
    ['/api/account/consents/revoke', {}],
    ['/api/account/consents/revoke', { clientId: '' }],
  ])('refuses bad input to %s with a code', async (path, body) => {
    const browser = await signUp(server, newEmail());
    const answer = await browser.post(path, body);
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatchObject({ code: 'validation_failed' });
  });

  it('needs a signed-in user', async () => {
    const visitor = new ApiBrowser(server);
    expect((await visitor.fetch(`${server.url}/api/account/consents`)).status).toBe(401);
    expect((await visitor.post('/api/account/delete', { Password: 'x' })).status).toBe(401);
    expect((await visitor.post('/api/account/consents/revoke', { clientId: 'x' })).status).toBe(
      401,
    );
  });
});
