import { randomUUID } from 'node:crypto';
import { termsVersion } from '@verity/contracts';
import Fastify from 'fastify';
import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SoftAuthenticator } from '../features/secondFactor/softAuthenticator.js';
import { installErrorHandler } from '../http/errorHandler.js';
import { databaseTargets } from '../test/databases.js';
import {
  ApiBrowser,
  discoverClient,
  redirectUri,
  signUp,
  startSignInRequest,
} from '../test/journey.js';
import { errorCode, newEmail, newSub, useSocialServer } from '../test/socialServer.js';
import { startTestServer, type TestServer } from '../test/testServer.js';

const taggedEmail = (tag: string) => `${tag}-${randomUUID()}@example.com`;

/**
 * ASVS 5 16.5.3 (fail securely) and 16.5.1 (no internals in errors): every unique value
 * reachable from the API, sent twice in turn and in parallel, is answered with a catalogue 4xx,
 * never a 500. The database's constraint decides; the answer names the conflict.
 */
describe.each(databaseTargets())('unique values sent twice (%s)', (target) => {
  let server: TestServer;
  let config: oidc.Configuration;

  beforeAll(async () => {
    server = await startTestServer(target);
    const created = await server.ctx.clients.create({
      name: 'Second factor client',
      redirectUris: [redirectUri],
      requireSecondFactor: true,
      skipConsent: true,
    });
    config = await discoverClient(server, created);
  });
  afterAll(async () => server?.close());

  async function registerKey(browser: ApiBrowser, key: SoftAuthenticator) {
    const started = await browser.post('/api/webauthn/startsetup');
    expect(started.status).toBe(200);
    return browser.post('/api/webauthn/completesetup', {
      credential: key.register(started.body.options as { challenge: string }),
    });
  }

  async function userAtSecondFactorSetup() {
    const browser = await signUp(server, taggedEmail('key'));
    await startSignInRequest(server, config, browser);
    return browser;
  }

  it('refuses a security key whose credential id another account holds (was a 500)', async () => {
    const key = new SoftAuthenticator('localhost', server.url);
    expect((await registerKey(await userAtSecondFactorSetup(), key)).status).toBe(200);
    const thief = await registerKey(await userAtSecondFactorSetup(), key);
    expect(thief.status).toBe(409);
    expect(thief.body.error).toMatchObject({ code: 'second_factor_already_set_up' });
    const holders = await server.ctx.database.db
      .selectFrom('second_factors')
      .select('user_id')
      .where('credential_id', '=', key.credentialId.toString('base64url'))
      .execute();
    expect(holders).toHaveLength(1);
  });

  it('registers one security key once when the same registration is sent in parallel', async () => {
    const key = new SoftAuthenticator('localhost', server.url);
    const browser = await userAtSecondFactorSetup();
    // Two set-ups started, both answered at once with the same key.
    const first = await browser.post('/api/webauthn/startsetup');
    const firstCredential = key.register(first.body.options as { challenge: string });
    const second = await browser.post('/api/webauthn/startsetup');
    const secondCredential = key.register(second.body.options as { challenge: string });
    const answers = await Promise.all(
      [firstCredential, secondCredential].map((credential) =>
        browser.post('/api/webauthn/completesetup', { credential }),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.every((status) => status < 500)).toBe(true);
    expect(statuses.filter((status) => status === 200).length).toBeLessThanOrEqual(1);
  });

  it('answers parallel sign-ups with one e-mail address alike, and makes one account', async () => {
    const email = taggedEmail('signup');
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        new ApiBrowser(server).post('/api/register', {
          Email: email,
          Password: 'correct horse battery staple 42',
          TermsAccepted: true,
          TermsVersion: termsVersion,
        }),
      ),
    );
    for (const answer of answers) expect(answer.status).toBeLessThan(500);
    const accounts = await server.ctx.database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .execute();
    expect(accounts.length).toBeLessThanOrEqual(1);
  });

  it('shares with one recipient once, also when asked in parallel', async () => {
    const browser = await signUp(server, taggedEmail('sharer'));
    const recipient = taggedEmail('recipient');
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => browser.post('/api/share', { email: recipient })),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    for (const refused of answers.filter((answer) => answer.status !== 200)) {
      expect(refused.status).toBe(409);
      expect(refused.body.error).toMatchObject({ code: 'already_shared' });
    }
  });

  it('answers a unique violation no route expected with 409 conflict, on this database', async () => {
    // A bare route that inserts what the database already holds, behind the real error handler.
    const app = Fastify({ logger: false });
    installErrorHandler(app);
    const db = server.ctx.database.db;
    app.post('/twice', async () => {
      const id = randomUUID();
      const row = {
        id,
        email: `${id}@example.com`,
        email_verified: 0,
        created_at: 1,
        updated_at: 1,
      };
      await db
        .insertInto('users')
        .values(row as never)
        .execute();
      await db
        .insertInto('users')
        .values(row as never)
        .execute();
      return { status: 'ok' };
    });
    const answer = await app.inject({ method: 'POST', url: '/twice' });
    await app.close();
    expect(answer.statusCode).toBe(409);
    expect(answer.json()).toEqual({
      error: { code: 'conflict', message: 'This has already been done or is already in use.' },
    });
  });
});

describe.each(databaseTargets())('social identities linked twice at once (%s)', (target) => {
  const s = useSocialServer(target);

  async function link(browser: ApiBrowser, sub: string) {
    const { callback, state } = await s.visitProvider(
      browser,
      'google',
      { sub },
      {
        Purpose: 'link',
      },
    );
    return () =>
      browser.post('/api/account/signin-methods/google', {
        Code: callback.searchParams.get('code'),
        RedirectUri: s.callbackUri(),
        State: state,
      });
  }

  it('links one provider identity to one of two accounts asking at the same moment', async () => {
    const sub = newSub();
    const sends = await Promise.all(
      [newEmail(), newEmail()].map(async (email) => link(await signUp(s.server(), email), sub)),
    );
    const answers = await Promise.all(sends.map((send) => send()));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(errorCode(answers.find((answer) => answer.status === 409)!)).toBe(
      'social_identity_in_use',
    );
  });

  it('links one identity per provider when one account links two at the same moment', async () => {
    const browser = await signUp(s.server(), newEmail());
    const sends = [await link(browser, newSub()), await link(browser, newSub())];
    const answers = await Promise.all(sends.map((send) => send()));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(errorCode(answers.find((answer) => answer.status === 409)!)).toBe(
      'social_already_linked',
    );
  });
});
