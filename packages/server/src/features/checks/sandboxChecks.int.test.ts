/**
 * SANDBOX_CHECKS=off with no real provider configured: the identity checks are not offered
 * (their options score 100 and are left out) and their calls refuse with check_not_offered,
 * so nobody gets evidence or verified_claims from the sandboxes' documented test data.
 */
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
} from '../../test/journey.js';
import type { TestServer } from '../../test/testServer.js';

/** Each check's call with the sandboxes' documented passing data (docs/sandbox.md). */
const checkCalls: Array<[path: string, body: Record<string, string>]> = [
  [
    '/api/verifypassport',
    {
      number: '533401372',
      surname: 'Smith',
      given: 'anna',
      dob: '1985-02-17',
      expiry: '2031-04-30',
    },
  ],
  [
    '/api/verifydrivinglicence',
    {
      surname: 'Smith',
      given: 'Anna',
      dob: '1985-02-17',
      issue: '2019-03-01',
      expiry: '2029-02-28',
      number: 'smith 852175 a99ab',
      postcode: 'cr26xh',
    },
  ],
  ['/api/verifycard', { number: '4111111111111111', name: 'Anna Smith', expiry: '12/30' }],
  ['/api/verifymobilecontract', { mobileNumber: '07700 900 001' }],
];

describe.each(databaseTargets())('identity checks with SANDBOX_CHECKS=off (%s)', (target) => {
  let server: TestServer;
  let config: oidc.Configuration;

  beforeAll(async () => {
    ({ server, config } = await startServerWithClient(
      target,
      { SANDBOX_CHECKS: 'off' },
      {
        name: 'Estate agent',
        redirectUris: [redirectUri],
        assurance: [['Passport'], ['DrivingLicence', 'KBVL1'], ['CreditCard'], ['MobileContract']],
      },
    ));
  });
  afterAll(async () => server?.close());

  async function newUserInRequest() {
    const browser = await signUp(server, `${randomUUID()}@example.com`);
    const { requestId } = await startSignInRequest(server, config, browser, {
      state: oidc.randomState(),
    });
    return { browser, requestId };
  }

  it('has no identity-check providers', () => {
    expect(server.ctx.config.sandboxChecks).toBe(false);
    expect([
      server.ctx.documents,
      server.ctx.creditReference,
      server.ctx.cards,
      server.ctx.mobileOperators,
    ]).toEqual([null, null, null, null]);
  });

  it('offers none of the checks, and refuses the choice of one', async () => {
    const { browser, requestId } = await newUserInRequest();
    const options = await (
      await browser.fetch(`${server.url}/api/verification/${requestId}`)
    ).json();
    expect(options).toMatchObject({ options: [] });
    const chosen = await browser.post(`/api/verification/${requestId}/choice`, {
      checks: ['Passport'],
    });
    expect(chosen.status).toBe(400);
  });

  it('refuses every check call with check_not_offered and records no evidence', async () => {
    const { browser, requestId } = await newUserInRequest();
    for (const [path, body] of checkCalls) {
      for (const query of ['', `?requestId=${requestId}`]) {
        const refused = await browser.post(`${path}${query}`, body);
        expect({ path, status: refused.status, body: refused.body.error }).toMatchObject({
          path,
          status: 409,
          body: { code: 'check_not_offered' },
        });
      }
    }
    const kbv = await browser.fetch(`${server.url}/api/kbv`);
    expect(kbv.status).toBe(409);
    expect(((await kbv.json()) as { error: { code: string } }).error.code).toBe(
      'check_not_offered',
    );
    const user = await server.ctx.users.findByEmail(
      ((await (await browser.fetch(`${server.url}/api/session`)).json()) as { email: string })
        .email,
    );
    expect(await server.ctx.evidence.forUser(user!.id)).toEqual([]);
  });

  it('tells the home page which checks are not offered, for /Verify to leave out', async () => {
    const { browser } = await newUserInRequest();
    const home = await (await browser.fetch(`${server.url}/api/home`)).json();
    expect(home).toMatchObject({
      unavailableChecks: [
        'Passport',
        'DrivingLicence',
        'KBVL1',
        'KBVL2',
        'CreditCard',
        'DebitCard',
        'MobileContract',
      ],
    });
  });

  it('still needs a signed-in user first', async () => {
    const visitor = new ApiBrowser(server);
    const refused = await visitor.post('/api/verifypassport', checkCalls[0]![1]);
    expect(refused.status).toBe(401);
  });
});
