/**
 * A client that names a GPG45 confidence (`--assurance-level`) instead of lists of checks: the
 * user is offered the sets of checks that can reach it, and the request ends with acr ial2 only
 * once the evidence meets a profile the level lists, as GOV.UK's Vots list them (P2: M1A, M1B,
 * M2B; P1: L1A only, so a fraud score even there).
 */
import { claimIdentity } from '../../test/identities.js';
import { randomUUID } from 'node:crypto';
import type { CheckName } from '@verity/contracts';
import * as oidc from 'openid-client';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedClient } from '../clients/store.js';
import { databaseTargets } from '../../test/databases.js';
import {
  ApiBrowser,
  discoverClient,
  redirectUri,
  signUp,
  startSignInRequest,
  strongPassword,
} from '../../test/journey.js';
import { startTestServer, type TestServer } from '../../test/testServer.js';

/** The sandbox's Anna Smith (docs/sandbox.md): her passport, credit file and phone contract. */
const anna = {
  passport: {
    number: '533401372',
    surname: 'Smith',
    given: 'Anna',
    dob: '1985-02-17',
    expiry: '2031-04-30',
  },
  kbv: {
    credit_card_lender: 'Halifax',
    current_account_bank: 'Santander',
    mortgage_lender: 'Nationwide',
    previous_address: '14 Selsdon Road, South Croydon',
    mortgage_payment: '£501 to £1,000',
  } as Record<string, string>,
  mobileNumber: '07700900001',
};

describe.each(databaseTargets())('a client naming a GPG45 level (%s)', (target) => {
  let server: TestServer;
  const clients: Record<'P1' | 'P2', CreatedClient> = {} as never;

  beforeAll(async () => {
    server = await startTestServer(
      target,
      // The local photo pipeline scores below a photo set's most (no chip read), so a level is
      // tested here with the checks that score what they may (photoId/ tests the photo checks).
      { LOCAL_PHOTO_CHECKS: 'off' },
      {
        before: async (stores) => {
          for (const level of ['P1', 'P2'] as const)
            clients[level] = await stores.clients.create({
              name: `Needs ${level}`,
              redirectUris: [redirectUri],
              assuranceLevel: level,
            });
        },
      },
    );
  });
  afterAll(async () => server?.close());

  /** A user with an authenticator app (two factors: ial2 is possible), and its codes. */
  async function userWithTwoFactors() {
    const email = `${randomUUID()}@example.com`;
    const own = await signUp(server, email);
    // Anna Smith's profile: the sandbox records the checks below use are hers (issue 17).
    await claimIdentity(server, email, 'anna');
    const started = await own.post('/api/authenticator/startsetup');
    const secret = Secret.fromBase32(String(started.body.secret));
    const code = (step: number) => TOTP.generate({ secret, timestamp: Date.now() + step * 30_000 });
    expect((await own.post('/api/authenticator/completesetup', { Code: code(0) })).status).toBe(
      200,
    );
    return { email, code };
  }

  /** A request of the client, signed in with both factors in a new browser. */
  async function signIn(level: 'P1' | 'P2', user: Awaited<ReturnType<typeof userWithTwoFactors>>) {
    const config = await discoverClient(server, clients[level]);
    const browser = new ApiBrowser(server);
    const state = oidc.randomState();
    const { requestId, verifier } = await startSignInRequest(server, config, browser, { state });
    const login = await browser.post('/api/login/email', {
      Email: user.email,
      Password: strongPassword,
      RequestId: requestId,
    });
    expect(login.body.userRequirements).toContain('loginWithSecondFactor');
    // The next time step's code: the setup's own may not be used twice.
    const second = await browser.post(`/api/authenticator/login?requestId=${requestId}`, {
      Code: user.code(1),
    });
    expect(second.status).toBe(200);
    return { config, browser, requestId, verifier, state };
  }

  type Request = Awaited<ReturnType<typeof signIn>>;

  const outstanding = async ({ browser, requestId }: Request) =>
    (await browser.post(`/api/requests/${requestId}`)).body.userRequirements;
  const options = async ({ browser, requestId }: Request) =>
    (
      (await (await browser.fetch(`${server.url}/api/verification/${requestId}`)).json()) as {
        options: Array<{ checks: CheckName[] }>;
      }
    ).options.map((option) => [...option.checks].sort());

  /** Ends the request; the id token's acr. */
  async function finish({ config, browser, requestId, verifier, state }: Request) {
    const generated = await browser.post('/api/generateresponse', { requestId });
    expect(generated.body).toMatchObject({ userRequirements: [] });
    let response = await browser.fetch(generated.body.redirect_Uri as string);
    while (!response.headers.get('location')!.startsWith(redirectUri))
      response = await browser.fetch(new URL(response.headers.get('location')!, server.url).href);
    const tokens = await oidc.authorizationCodeGrant(
      config,
      new URL(response.headers.get('location')!),
      { pkceCodeVerifier: verifier, expectedState: state },
    );
    return tokens.claims()!.acr;
  }

  it('P2: passport and questions are not enough (no fraud check); a phone contract makes M1A, then ial2', async () => {
    const user = await userWithTwoFactors();
    const request = await signIn('P2', user);
    const q = `?requestId=${request.requestId}`;
    expect(await outstanding(request)).toEqual(['assurance']);
    // The offered sets can each reach a profile P2 lists; none needs a photo check (not offered).
    expect(await options(request)).toEqual(
      expect.arrayContaining([
        ['KBVL1', 'MobileContract', 'Passport'],
        ['DrivingLicence', 'MobileContract', 'OB'],
      ]),
    );
    expect((await options(request)).flat()).not.toContain('GenuinePassport');

    const passport = await request.browser.post(`/api/verifypassport${q}`, anna.passport);
    expect(passport.body).toMatchObject({ verified: true, userRequirements: ['assurance'] });
    const asked = (await (await request.browser.fetch(`${server.url}/api/kbv${q}`)).json()) as {
      challengeId: string;
      questions: Array<{ name: string }>;
    };
    const answers = Object.fromEntries(asked.questions.map((x) => [x.name, anna.kbv[x.name]]));
    const kbv = await request.browser.post(`/api/kbv${q}`, {
      challengeId: asked.challengeId,
      answers,
    });
    expect(kbv.body).toMatchObject({ verified: true });
    // Passport (strength 4, validity 2) and KBV (verification 2): L1B, not medium.
    expect(await outstanding(request)).toEqual(['assurance']);
    expect(await options(request)).toEqual([['MobileContract']]);
    const generated = await request.browser.post('/api/generateresponse', {
      requestId: request.requestId,
    });
    expect(generated.body).toMatchObject({ redirect_Uri: null, userRequirements: ['assurance'] });

    const mobile = await request.browser.post(`/api/verifymobilecontract${q}`, {
      mobileNumber: anna.mobileNumber,
    });
    expect(mobile.body).toMatchObject({ verified: true, userRequirements: [] });
    expect(await finish(request)).toBe('urn:verity:ial2');
  });

  it('P1: passport and questions meet L1B, which P1 does not list; a phone contract makes L1A, then ial2', async () => {
    const user = await userWithTwoFactors();
    const request = await signIn('P1', user);
    const q = `?requestId=${request.requestId}`;
    expect(await outstanding(request)).toEqual(['assurance']);
    // L1A asks for a 22 piece, fraud 1 and verification 1: a bank login and a phone contract
    // are enough for P1, never for P2.
    expect(await options(request)).toEqual(
      expect.arrayContaining([
        ['MobileContract', 'OB'],
        ['KBVL1', 'MobileContract', 'Passport'],
      ]),
    );
    await request.browser.post(`/api/verifypassport${q}`, anna.passport);
    expect(await outstanding(request)).toEqual(['assurance']);
    const asked = (await (await request.browser.fetch(`${server.url}/api/kbv${q}`)).json()) as {
      challengeId: string;
      questions: Array<{ name: string }>;
    };
    const kbv = await request.browser.post(`/api/kbv${q}`, {
      challengeId: asked.challengeId,
      answers: Object.fromEntries(asked.questions.map((x) => [x.name, anna.kbv[x.name]])),
    });
    expect(kbv.body).toMatchObject({ verified: true, userRequirements: ['assurance'] });
    expect(await options(request)).toEqual([['MobileContract']]);
    const mobile = await request.browser.post(`/api/verifymobilecontract${q}`, {
      mobileNumber: anna.mobileNumber,
    });
    expect(mobile.body).toMatchObject({ verified: true, userRequirements: [] });
    expect(await finish(request)).toBe('urn:verity:ial2');
  });
});
