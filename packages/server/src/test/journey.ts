import { randomUUID } from 'node:crypto';
import { termsVersion } from '@verity/contracts';
import * as oidc from 'openid-client';
import { expect } from 'vitest';
import { CookieJar, startTestServer, type TestServer } from './testServer.js';

export const strongPassword = 'correct horse battery staple 42';
/** The relying party's redirect_uri in the int tests' clients. */
export const redirectUri = 'http://127.0.0.1:3001/callback';

type ClientInput = Parameters<TestServer['ctx']['clients']['create']>[0];
type CreatedClient = { clientId: string; clientSecret: string | null };

/** A browser talking to the API: JSON POSTs with its own cookies. */
export class ApiBrowser extends CookieJar {
  constructor(private readonly server: TestServer) {
    super();
  }

  async post(
    path: string,
    body?: unknown,
  ): Promise<{ status: number; body: Record<string, unknown> }> {
    const { status, body: answer } = await this.postWithHeaders(path, body);
    return { status, body: answer };
  }

  /** As `post`, with the answer's headers (kept apart so `post`'s answers compare whole). */
  async postWithHeaders(
    path: string,
    body?: unknown,
  ): Promise<{ status: number; body: Record<string, unknown>; headers: Headers }> {
    const response = await this.fetch(`${this.server.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: body === undefined ? '' : JSON.stringify(body),
    });
    return {
      status: response.status,
      body: (await response.json()) as Record<string, unknown>,
      headers: response.headers,
    };
  }
}

/** The latest code e-mailed to this address, read from the development outbox. */
export async function latestCode(server: TestServer, email: string): Promise<string> {
  const [message] = await server.ctx.outbox.list({ recipient: email, limit: 1 });
  const code = /Your code is (\d{6})/.exec(message?.body ?? '')?.[1];
  if (!code) throw new Error(`no code e-mailed to ${email}`);
  return code;
}

/** Signs a new user up with a password and verifies the e-mail; the browser is then signed in. */
export async function signUp(
  server: TestServer,
  email: string,
  browser = new ApiBrowser(server),
  requestId?: string,
) {
  const registered = await browser.post('/api/register', {
    Email: email,
    Password: strongPassword,
    TermsAccepted: true,
    TermsVersion: termsVersion,
    ...(requestId ? { RequestId: requestId } : {}),
  });
  expect(registered).toEqual({ status: 200, body: { status: 'codeSent' } });
  const verified = await browser.post('/api/verify', {
    Email: email,
    Code: await latestCode(server, email),
    ...(requestId ? { RequestId: requestId } : {}),
  });
  expect(verified.status).toBe(200);
  return browser;
}

/** openid-client's configuration for a client of this server (plain HTTP). */
export function discoverClient(server: TestServer, created: CreatedClient) {
  return oidc.discovery(
    new URL(server.url),
    created.clientId,
    created.clientSecret ?? undefined,
    created.clientSecret === null ? oidc.None() : oidc.ClientSecretBasic(created.clientSecret),
    { execute: [oidc.allowInsecureRequests] },
  );
}

/** A test server with this client registered before it starts, and the client's configuration. */
export async function startServerWithClient(
  target: 'sqlite' | 'postgres',
  env: Record<string, string>,
  client: ClientInput,
) {
  let created!: CreatedClient;
  const server = await startTestServer(target, env, {
    before: async (stores) => {
      created = await stores.clients.create(client);
    },
  });
  return { server, created, config: await discoverClient(server, created) };
}

/**
 * Starts a sign-in request of the client in this browser (PKCE, scope openid unless `params`
 * say otherwise) and opens it as the SPA would; its request id and code verifier.
 */
export async function startSignInRequest(
  server: TestServer,
  config: oidc.Configuration,
  browser: CookieJar,
  params: Record<string, string> = {},
) {
  const verifier = oidc.randomPKCECodeVerifier();
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope: 'openid',
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    ...params,
  });
  const location = (await browser.fetch(url.href)).headers.get('location')!;
  await browser.fetch(`${server.url}${location}`);
  return { requestId: location.split('/').pop()!, verifier };
}

/** A new user signed in twice, in two browsers (two sessions that may act at once). */
export async function userInTwoBrowsers(server: TestServer) {
  const email = `${randomUUID()}@example.com`;
  const first = await signUp(server, email);
  const second = new ApiBrowser(server);
  const login = await second.post('/api/login/email', { Email: email, Password: strongPassword });
  expect(login.body.failed).toBe(false);
  const user = await server.ctx.users.findByEmail(email);
  return { first, second, userId: user!.id };
}

/** Moves the login time of this account's sessions back by `seconds` (a login made earlier). */
export async function backdateLogin(
  server: TestServer,
  userId: string,
  seconds: number,
): Promise<void> {
  const { db } = server.ctx.database;
  const rows = await db
    .selectFrom('oidc_payloads')
    .select(['id', 'payload'])
    .where('model', '=', 'Session')
    .execute();
  for (const row of rows) {
    const payload = JSON.parse(row.payload) as { accountId?: string; loginTs?: number };
    if (payload.accountId !== userId || !payload.loginTs) continue;
    payload.loginTs -= seconds;
    await db
      .updateTable('oidc_payloads')
      .set({ payload: JSON.stringify(payload) })
      .where('model', '=', 'Session')
      .where('id', '=', row.id)
      .execute();
  }
}
