import { randomUUID } from 'node:crypto';
import { termsVersion } from '@verity/contracts';
import type * as oidc from 'openid-client';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets, redisTargets } from '../test/databases.js';
import {
  ApiBrowser,
  discoverClient,
  latestCode,
  redirectUri,
  signUp,
  startSignInRequest,
  strongPassword,
} from '../test/journey.js';
import { BrowserAt, randomAddress } from '../test/attacker.js';
import { inParallel, warmConnections } from '../test/oidcAttacker.js';
import { startTestServer, type TestServer } from '../test/testServer.js';

/**
 * ASVS 5 V6 (authentication: one-time secrets are used once): every code and token a user
 * receives, sent 20 times at once, is accepted once. Each parallel request comes from its
 * own address (behind a trusted proxy) so that per-address rate limits do not hide a race.
 */
type Answer = { status: number; body: Record<string, unknown> };

async function fire(server: TestServer, browser: ApiBrowser, path: string, body: unknown) {
  await warmConnections(server, 20);
  return inParallel(20, async (): Promise<Answer> => {
    // Random, not numbered: on Redis the per-address budgets outlive the run (and are shared
    // with any other run on the machine), so fixed addresses would find them spent.
    const address = randomAddress();
    const response = await browser.fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  });
}

/** Exactly one answer succeeded, and no other one is a server error. */
function expectOneSuccess(answers: Answer[], succeeded: (answer: Answer) => boolean) {
  // The answers in the message: a race lost to a timeout reads differently from one lost twice.
  const seen = answers.map((answer) => `${answer.status} ${String(answer.body.code ?? '')}`);
  expect(answers.filter(succeeded), seen.join(', ')).toHaveLength(1);
  for (const answer of answers) expect(answer.status).toBeLessThan(500);
}

const codeFor = (secret: string, steps = 0) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + steps * 30_000 });

/** The password reset flow up to a code in the mailbox, from a new browser. */
async function resetCodeFor(server: TestServer, email: string) {
  // At an address of its own: the reset endpoints' per-address limit lives in the shared
  // store, which on Redis outlives one run of the suite.
  const browser = new BrowserAt(server);
  expect((await browser.post('/api/forgotpassword', { Email: email })).status).toBe(200);
  return { browser, code: await latestCode(server, email) };
}

async function resetTokenRace(server: TestServer) {
  const email = `${randomUUID()}@example.com`;
  await signUp(server, email);
  const { browser, code } = await resetCodeFor(server, email);
  const verified = await browser.post('/api/forgotpassword/verifycode', {
    Email: email,
    Code: code,
  });
  const resetToken = verified.body.resetToken as string;
  expect(resetToken).toBeTruthy();
  return fire(server, browser, '/api/forgotpassword/reset', {
    Email: email,
    ResetToken: resetToken,
    Password: `${strongPassword} new`,
  });
}

describe.each(databaseTargets())('single-use codes and tokens (%s)', (target) => {
  let server: TestServer;
  let config: oidc.Configuration;

  beforeAll(async () => {
    server = await startTestServer(target, { TRUST_PROXY: '1' });
    const created = await server.ctx.clients.create({
      name: 'Bank',
      redirectUris: [redirectUri],
      requireSecondFactor: true,
      skipConsent: true,
    });
    config = await discoverClient(server, created);
  });
  afterAll(async () => server?.close());

  /** A new user with an authenticator app; its secret and recovery codes. */
  async function withAuthenticator() {
    const email = `${randomUUID()}@example.com`;
    const browser = await signUp(server, email);
    await startSignInRequest(server, config, browser);
    const secret = String((await browser.post('/api/authenticator/startsetup')).body.secret);
    const done = await browser.post('/api/authenticator/completesetup', { Code: codeFor(secret) });
    expect(done.status).toBe(200);
    return { email, secret, recoveryCodes: done.body.recoveryCodes as string[] };
  }

  /** The password accepted in a new browser during a sign-in request; the second factor is due. */
  async function passwordLogin(email: string) {
    const browser = new ApiBrowser(server);
    const request = await startSignInRequest(server, config, browser);
    const login = await browser.post('/api/login/email', {
      Email: email,
      Password: strongPassword,
      RequestId: request.requestId,
    });
    expect(login.body.userRequirements).toEqual(['loginWithSecondFactor']);
    return browser;
  }

  it('an e-mail verification code signs in once', async () => {
    const email = `${randomUUID()}@example.com`;
    const browser = new ApiBrowser(server);
    const registered = await browser.post('/api/register', {
      Email: email,
      Password: strongPassword,
      TermsAccepted: true,
      TermsVersion: termsVersion,
    });
    expect(registered.status).toBe(200);
    const answers = await fire(server, browser, '/api/verify', {
      Email: email,
      Code: await latestCode(server, email),
    });
    expectOneSuccess(answers, (answer) => answer.body.valid === true);
  });

  it('a password reset code gives one reset token', async () => {
    const email = `${randomUUID()}@example.com`;
    await signUp(server, email);
    const { browser, code } = await resetCodeFor(server, email);
    const answers = await fire(server, browser, '/api/forgotpassword/verifycode', {
      Email: email,
      Code: code,
    });
    expectOneSuccess(answers, (answer) => typeof answer.body.resetToken === 'string');
  });

  it('a password reset token resets the password once', async () => {
    expectOneSuccess(await resetTokenRace(server), (answer) => answer.status === 200);
  });

  it('an authenticator app code passes the second factor once', async () => {
    const { email, secret } = await withAuthenticator();
    const browser = await passwordLogin(email);
    const answers = await fire(server, browser, '/api/authenticator/login', {
      Code: codeFor(secret, 1),
    });
    expectOneSuccess(answers, (answer) => Array.isArray(answer.body.userRequirements));
  });

  it('a recovery code passes the second factor once', async () => {
    const { email, recoveryCodes } = await withAuthenticator();
    const browser = await passwordLogin(email);
    const answers = await fire(server, browser, '/api/recoverycodes/login', {
      Code: recoveryCodes[0],
    });
    expectOneSuccess(answers, (answer) => Array.isArray(answer.body.userRequirements));
  });

  it('an SMS set-up challenge completes once', async () => {
    const browser = await signUp(server, `${randomUUID()}@example.com`);
    await startSignInRequest(server, config, browser);
    const number = `07700900${String(100 + Math.floor(Math.random() * 300))}`;
    const started = await browser.post('/api/sms/startsetup', { mobileNumber: number });
    expect(started.status).toBe(200);
    const [message] = await server.ctx.outbox.list({ recipient: number, limit: 1 });
    const code = /code is ([\d, ]+)\./.exec(message?.body ?? '')?.[1]?.replace(/[ ,]/g, '');
    const answers = await fire(server, browser, '/api/sms/completesetup', {
      mobileNumber: number,
      Code: code,
    });
    expectOneSuccess(answers, (answer) => Array.isArray(answer.body.userRequirements));
  });
});

/** The records kept in the shared key-value store (reset tokens) are taken once on Redis too. */
describe.each(redisTargets())('single-use records in Redis (%s)', (redisUrl) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer('sqlite', { TRUST_PROXY: '1', REDIS_URL: redisUrl });
  });
  afterAll(async () => server?.close());

  it('a password reset token resets the password once', async () => {
    expectOneSuccess(await resetTokenRace(server), (answer) => answer.status === 200);
  });
});
