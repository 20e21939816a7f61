/**
 * Every route the running app registers, against every session state: the journey refuses
 * what the route's declaration does not allow, and lets through what it does (a 400 for an
 * empty body then counts as "passed the journey"). A route that declares nothing stops the
 * app from starting (see access.test.ts), so it cannot be missing here.
 */
import { randomUUID } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import type * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets } from '../test/databases.js';
import {
  ApiBrowser,
  backdateLogin,
  signUp,
  startServerWithClient,
  startSignInRequest,
  strongPassword,
} from '../test/journey.js';
import type { TestServer } from '../test/testServer.js';
import type { Access } from './access.js';
import type { DeclaredRoute } from './plugin.js';

type State =
  | 'anonymous'
  | 'secondFactorPending'
  | 'full'
  | 'staleLogin'
  | 'pastLifetime'
  | 'otherBrowsersRequest';

/** The codes with which the journey refuses a call. */
const journeyRefusals = new Set([
  'not_signed_in',
  'second_factor_login_required',
  'second_factor_required',
  'recent_login_required',
  'earlier_step_required',
  'request_not_bound',
  'request_not_found',
]);

type Expected = 'passes' | { status: number; codes: string[] };
const refused = (status: number, ...codes: string[]): Expected => ({ status, codes });

/** The action table: what each kind of route answers in each state. */
function expected(access: Access, state: State): Expected | 'unchecked' {
  if (access.kind === 'byPurpose') {
    // Nobody signed in may be the public purpose (a login); a signed-in browser calling with
    // an empty body is the purpose that needs the session (a link, a bank check).
    const needsSession = Object.values(access.purposes).filter(
      (purpose) => purpose.kind !== 'public' && purpose.kind !== 'handoff',
    );
    expect(needsSession).toHaveLength(1);
    if (state === 'anonymous' || state === 'pastLifetime') return 'unchecked';
    return expected(needsSession[0]!, state);
  }
  if (access.kind === 'public' || access.kind === 'handoff') return 'unchecked';
  const enrols =
    access.kind === 'step' && (access.step === 'secondFactorSetup' || access.step === 'pinSetup');
  const recent = (access.kind === 'account' && access.strength === 'recent') || enrols;
  switch (state) {
    case 'anonymous':
    case 'pastLifetime':
      return refused(401, 'not_signed_in');
    case 'otherBrowsersRequest':
      return refused(403, 'request_not_bound');
    case 'secondFactorPending':
      if (access.kind === 'firstFactor') return 'passes';
      // The response answers what is outstanding (loginWithSecondFactor) and releases nothing.
      if (access.kind === 'step' && access.step === 'generateResponse') return 'passes';
      return refused(403, enrols ? 'second_factor_required' : 'second_factor_login_required');
    case 'full':
      return 'passes';
    case 'staleLogin':
      return recent ? refused(403, 'recent_login_required') : 'passes';
  }
}

const code = (secret: string, steps = 0) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + steps * 30_000 });

describe.each(databaseTargets())('every route against every session state (%s)', (target) => {
  let server: TestServer;
  let config: oidc.Configuration;
  let shortConfig: oidc.Configuration;

  beforeAll(async () => {
    ({ server, config } = await startServerWithClient(
      target,
      {},
      { name: 'Shop', redirectUris: ['http://127.0.0.1:3001/callback'] },
    ));
    const short = await server.ctx.clients.create({
      name: 'Brief',
      redirectUris: ['http://127.0.0.1:3001/callback'],
      sessionLifetime: 60,
    });
    const { discoverClient } = await import('../test/journey.js');
    shortConfig = await discoverClient(server, short);
  });
  afterAll(async () => server?.close());

  /** A browser in the given state, and the request id its path parameters name. */
  async function browserIn(state: State): Promise<{ browser: ApiBrowser; requestId: string }> {
    const email = `${randomUUID()}@example.com`;
    const browser = new ApiBrowser(server);
    if (state === 'anonymous') {
      const { requestId } = await startSignInRequest(server, config, browser);
      return { browser, requestId };
    }
    if (state === 'otherBrowsersRequest') {
      await signUp(server, email, browser);
      const other = new ApiBrowser(server);
      const { requestId } = await startSignInRequest(server, config, other);
      return { browser, requestId };
    }
    if (state === 'pastLifetime') {
      await signUp(server, email, browser);
      const { requestId } = await startSignInRequest(server, shortConfig, browser);
      await backdateLogin(server, (await server.ctx.users.findByEmail(email))!.id, 120);
      return { browser, requestId };
    }
    // A user with an authenticator app.
    const setup = await signUp(server, email);
    const started = await setup.post('/api/authenticator/startsetup');
    const secret = String(started.body.secret);
    expect(
      (await setup.post('/api/authenticator/completesetup', { Code: code(secret) })).status,
    ).toBe(200);
    const { requestId } = await startSignInRequest(server, config, browser);
    const login = await browser.post('/api/login/email', {
      Email: email,
      Password: strongPassword,
      RequestId: requestId,
    });
    expect(login.body).toMatchObject({
      failed: false,
      userRequirements: ['loginWithSecondFactor'],
    });
    if (state === 'secondFactorPending') return { browser, requestId };
    expect((await browser.post('/api/authenticator/login', { Code: code(secret, 1) })).status).toBe(
      200,
    );
    if (state === 'staleLogin')
      await backdateLogin(server, (await server.ctx.users.findByEmail(email))!.id, 16 * 60);
    return { browser, requestId };
  }

  function urlOf(route: DeclaredRoute, requestId: string, state: State): string {
    const path = route.url
      .replace(':requestId', requestId)
      .replace(':provider', 'google')
      .replace(':file', 'x.svg')
      .replace('*', 'x');
    // Calls about a request name it: another browser's, or one past its client's lifetime
    // (an account call that names none is held to the absolute limit only: attacks.int.test.ts).
    return state === 'otherBrowsersRequest' || state === 'pastLifetime'
      ? `${path}?requestId=${requestId}`
      : path;
  }

  async function call(browser: ApiBrowser, method: string, url: string) {
    const response = await browser.fetch(`${server.url}${url}`, {
      method,
      headers: method === 'GET' ? {} : { 'content-type': 'application/json' },
      ...(method === 'GET' ? {} : { body: '' }),
    });
    const text = await response.text();
    let errorCode: string | undefined;
    try {
      errorCode = (JSON.parse(text) as { error?: { code?: string } }).error?.code;
    } catch {
      errorCode = undefined;
    }
    return { status: response.status, code: errorCode };
  }

  it('declares every registered route', () => {
    const routes = server.app.declaredRoutes;
    expect(routes.length).toBeGreaterThan(90);
    // Spot checks of the action table (docs/architecture.md).
    const accessOf = (method: string, url: string) =>
      routes.find((route) => route.method === method && route.url === url)?.access;
    expect(accessOf('POST', '/api/profile')).toEqual({ kind: 'step', step: 'profile' });
    expect(accessOf('POST', '/api/share')).toEqual({ kind: 'account', strength: 'recent' });
    expect(accessOf('POST', '/api/mpin/register')).toEqual({ kind: 'step', step: 'pinSetup' });
    expect(accessOf('POST', '/api/authenticator/login')).toEqual({ kind: 'firstFactor' });
    // The scraper's bearer token is its access (metrics/routes.ts), not a session.
    expect(accessOf('GET', '/metrics')).toEqual({ kind: 'public' });
    // Calls that are one of two things say both, and the journey picks by the call.
    const purposesOf = (method: string, url: string) => {
      const access = accessOf(method, url);
      return access?.kind === 'byPurpose' ? access.purposes : access;
    };
    expect(purposesOf('POST', '/api/login/:provider/start')).toEqual({
      login: { kind: 'public' },
      link: { kind: 'account', strength: 'recent' },
    });
    for (const [method, url] of [
      ['POST', '/api/login/ob'],
      ['GET', '/api/login/ob/tk'],
      ['GET', '/api/login/ob/tl'],
    ] as const)
      expect(purposesOf(method, url)).toEqual({
        check: { kind: 'step', step: 'check' },
        bankLogin: { kind: 'public' },
      });
  });

  it.each<State>([
    'anonymous',
    'secondFactorPending',
    'full',
    'staleLogin',
    'pastLifetime',
    'otherBrowsersRequest',
  ])('%s', async (state) => {
    const { browser, requestId } = await browserIn(state);
    const routes = server.app.declaredRoutes.filter((route) => route.method !== 'HEAD');
    const outcomes: string[] = [];
    const wanted: string[] = [];
    // Public and handoff routes say nothing about the session: called anonymously only.
    for (const route of routes) {
      const expectation = expected(route.access, state);
      if (expectation === 'unchecked' && state !== 'anonymous') continue;
      const { status, code } = await call(browser, route.method, urlOf(route, requestId, state));
      const name = `${route.method} ${route.url}`;
      if (expectation === 'unchecked') {
        outcomes.push(`${name}: ${status < 500 ? 'no server error' : status}`);
        wanted.push(`${name}: no server error`);
        continue;
      }
      const passed = !(code && journeyRefusals.has(code) && status >= 401 && status <= 409);
      outcomes.push(
        `${name}: ${passed ? 'passes' : `${status} ${code}`}${status >= 500 ? ' (server error)' : ''}`,
      );
      wanted.push(
        `${name}: ${
          expectation === 'passes'
            ? 'passes'
            : `${expectation.status} ${expectation.codes.includes(code ?? '') ? code : expectation.codes[0]}`
        }`,
      );
    }
    expect(outcomes).toEqual(wanted);
  });
});
