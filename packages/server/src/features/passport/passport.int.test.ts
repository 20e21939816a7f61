import { accountConsentsSchema, consentInfoSchema } from '@verity/contracts';
import { randomUUID } from 'node:crypto';
import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets } from '../../test/databases.js';
import {
  backdateLogin,
  ApiBrowser,
  redirectUri,
  signUp,
  startServerWithClient,
  startSignInRequest,
  strongPassword,
} from '../../test/journey.js';
import type { TestServer } from '../../test/testServer.js';
import { claimIdentity, type TestIdentity } from '../../test/identities.js';
import { identityAssuranceSchemas } from '../../test/verifiedClaimsSchema.js';

const anna = {
  number: '533401372',
  surname: 'Smith',
  given: 'anna',
  dob: '1985-02-17',
  expiry: '2031-04-30',
};
/** Consent's 'Verified identity' after Anna's passport: the values, the evidence and its day. */
const passportVerified =
  /^ANNA SMITH, born 17 February 1985\. Name and date of birth verified from your passport on \d{1,2} [A-Z][a-z]+ \d{4}\.$/;
const verifiedClaimsRequest = {
  verification: { trust_framework: null },
  claims: { given_name: null, family_name: null, birthdate: null },
};

describe.each(databaseTargets())('identity checks: options and passport (%s)', (target) => {
  let server: TestServer;
  let config: oidc.Configuration;

  beforeAll(async () => {
    ({ server, config } = await startServerWithClient(
      target,
      // Without the photo pipeline the photo checks are not offered (photoId/ tests them on).
      { LOCAL_PHOTO_CHECKS: 'off' },
      {
        name: 'Estate agent',
        redirectUris: [redirectUri],
        // Document photo checks are not offered here: that option is filtered out.
        assurance: [
          ['Passport'],
          ['DrivingLicence', 'KBVL1'],
          ['GenuinePassport', 'SelfieComparison'],
        ],
      },
    ));
  });
  afterAll(async () => server?.close());

  async function startRequest(browser: ApiBrowser, extra: Record<string, string> = {}) {
    const state = oidc.randomState();
    return { ...(await startSignInRequest(server, config, browser, { state, ...extra })), state };
  }

  /** Follows the provider's redirects from an address until the client's redirect_uri. */
  async function followToClient(browser: ApiBrowser, from: string): Promise<URL> {
    let response = await browser.fetch(from);
    while (!response.headers.get('location')!.startsWith(redirectUri))
      response = await browser.fetch(new URL(response.headers.get('location')!, server.url).href);
    return new URL(response.headers.get('location')!);
  }

  /** A new user whose profile is `identity` (none: an empty profile), in a new request. */
  async function newUserInRequest(
    extra: Record<string, string> = {},
    identity: TestIdentity | null = 'anna',
  ) {
    const email = `${randomUUID()}@example.com`;
    const browser = await signUp(server, email);
    const userId = identity
      ? await claimIdentity(server, email, identity)
      : (await server.ctx.users.findByEmail(email))!.id;
    const request = await startRequest(browser, extra);
    return { browser, userId, ...request };
  }

  it('tells a visitor, before anyone signs in, the ways open to a newcomer', async () => {
    const browser = new ApiBrowser(server);
    const { requestId } = await startRequest(browser);
    const info = await browser.post(`/api/requests/${requestId}`);
    expect(info.body).toMatchObject({ loggedIn: false, assuranceRequired: true });
    // Fewest checks first; the option with a check this deployment does not offer is left out.
    expect(info.body.assuranceWays).toEqual([['Passport'], ['DrivingLicence', 'KBVL1']]);
  });

  it('ranks the options, stores the choice, and passes a matching passport', async () => {
    const { browser, requestId } = await newUserInRequest();
    const info = await browser.post(`/api/requests/${requestId}`);
    expect(info.body).toMatchObject({ assuranceRequired: true, userRequirements: ['assurance'] });

    const options = await browser.fetch(`${server.url}/api/verification/${requestId}`);
    expect(await options.json()).toEqual({
      assuranceRequirements: [
        ['Passport'],
        ['DrivingLicence', 'KBVL1'],
        ['GenuinePassport', 'SelfieComparison'],
      ],
      clientName: 'Estate agent',
      options: [
        { checks: ['Passport'], score: 1 },
        { checks: ['DrivingLicence', 'KBVL1'], score: 2 },
      ],
      assuranceChoice: [],
      completed: [],
    });

    const notAnOption = await browser.post(`/api/verification/${requestId}/choice`, {
      checks: ['GenuinePassport', 'SelfieComparison'],
    });
    expect(notAnOption.status).toBe(400);
    expect((notAnOption.body.error as { code: string }).code).toBe('validation_failed');
    const chosen = await browser.post(`/api/verification/${requestId}/choice`, {
      checks: ['Passport'],
    });
    expect(chosen.body).toEqual({ assuranceChoice: ['Passport'], userRequirements: ['assurance'] });

    const passed = await browser.post(`/api/verifypassport?requestId=${requestId}`, anna);
    expect(passed).toEqual({
      status: 200,
      body: { check: 'Passport', verified: true, userRequirements: [], assuranceChoice: [] },
    });
    const home = await (await browser.fetch(`${server.url}/api/home`)).json();
    expect(home).toMatchObject({
      verification: [{ name: 'Passport' }],
      auditEvents: expect.arrayContaining([
        { title: 'Identity check passed', created: expect.any(String) },
      ]),
    });
    const after = await (await browser.fetch(`${server.url}/api/verification/${requestId}`)).json();
    expect(after).toMatchObject({ options: [], assuranceChoice: [], completed: ['Passport'] });
    expect(await server.ctx.kv.get(`assurance-choice:${requestId}`)).toBeNull();

    // A passed check is not done twice.
    const again = await browser.post(`/api/verifypassport?requestId=${requestId}`, anna);
    expect(again.status).toBe(409);

    // Document numbers and dates are encrypted at rest.
    const rows = await server.ctx.database.db.selectFrom('evidence').selectAll().execute();
    const text = JSON.stringify(rows);
    expect(text).not.toContain('533401372');
    expect(text).not.toContain('1985-02-17');
  });

  it('asks for the profile to be captured by a check when an alternative can and the profile is incomplete', async () => {
    const { browser, requestId } = await newUserInRequest({ scope: 'openid profile' }, null);
    const info = await browser.post(`/api/requests/${requestId}`);
    expect(info.body.userRequirements).toEqual([
      'assurance',
      'assuranceProfileCapturePossible',
      'setupProfile',
      'consent',
    ]);
  });

  it('refuses bad input with each field message, before anything is counted', async () => {
    const { browser, requestId } = await newUserInRequest();
    const bad = await browser.post(`/api/verifypassport?requestId=${requestId}`, {
      number: '912345678',
      surname: 'Sm1th',
      given: '',
      dob: '1899-12-31',
      expiry: '2001-01-01',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatchObject({
      code: 'validation_failed',
      details: {
        number: 'Passport No. invalid',
        surname: 'Surname should not contain special characters',
        given: 'Given names are required',
        dob: 'Date of Birth must be on or after 01/01/1900',
        expiry: 'Passport must not have expired more than 6 months ago',
      },
    });
    const unknownField = await browser.post('/api/verifypassport', { ...anna, extra: 'x' });
    expect(unknownField.status).toBe(400);
    const wrongType = await browser.post('/api/verifypassport', { ...anna, number: 533401372 });
    expect(wrongType.status).toBe(400);
    const anonymous = await new ApiBrowser(server).post('/api/verifypassport', anna);
    expect(anonymous.status).toBe(401);
    expect(await server.ctx.evidence.forUser(randomUUID())).toEqual([]);
  });

  it('answers a passport that matches no record as a counted retry: no evidence, the choice kept', async () => {
    const { browser, requestId, userId } = await newUserInRequest();
    await browser.post(`/api/verification/${requestId}/choice`, { checks: ['Passport'] });
    for (let attempt = 1; attempt <= 3; attempt++) {
      const missing = await browser.post(`/api/verifypassport?requestId=${requestId}`, {
        ...anna,
        dob: '1985-02-18',
      });
      expect(missing.status).toBe(404);
      expect(missing.body.error).toMatchObject({
        code: 'check_record_not_found',
        message: 'We could not find a record with these details. Please check them and try again.',
      });
    }
    expect(await server.ctx.evidence.forUser(userId)).toEqual([]);
    expect(await server.ctx.assuranceChoices.get(requestId)).toEqual(['Passport']);
    // Three tries a day: the fourth, even with the right details, waits.
    expect((await browser.post(`/api/verifypassport?requestId=${requestId}`, anna)).status).toBe(
      429,
    );
  });

  it('asks for a name and birth date before a passport is checked (free, nothing counted)', async () => {
    const { browser, requestId, userId } = await newUserInRequest({}, null);
    for (let attempt = 1; attempt <= 4; attempt++) {
      const refused = await browser.post(`/api/verifypassport?requestId=${requestId}`, anna);
      expect(refused.status).toBe(409);
      expect((refused.body.error as { code: string }).code).toBe('identity_details_required');
    }
    await server.ctx.profiles.update(userId, { given_name: 'Anna', family_name: 'Smith' });
    const noBirthDate = await browser.post(`/api/verifypassport?requestId=${requestId}`, anna);
    expect((noBirthDate.body.error as { code: string }).code).toBe('identity_details_required');
  });

  it("fails another person's passport (issue 17): the spec's failure, no evidence of it, an audit event, the choice cleared and the check held back", async () => {
    const { browser, requestId, userId } = await newUserInRequest({}, 'ada');
    await browser.post(`/api/verification/${requestId}/choice`, { checks: ['Passport'] });
    const failed = await browser.post(`/api/verifypassport?requestId=${requestId}`, anna);
    expect(failed.body).toEqual({
      check: 'Passport',
      verified: false,
      userRequirements: ['assurance'],
      assuranceChoice: [],
    });
    const info = await (await browser.fetch(`${server.url}/api/verification/${requestId}`)).json();
    expect(info).toMatchObject({
      options: [{ checks: ['DrivingLicence', 'KBVL1'] }],
      assuranceChoice: [],
    });
    const retry = await browser.post(`/api/verifypassport?requestId=${requestId}`, anna);
    expect(retry.status).toBe(409);
    expect((retry.body.error as { code: string }).code).toBe('step_not_allowed');
    const evidence = await server.ctx.evidence.forUser(userId);
    expect(evidence).toMatchObject([{ check: 'Passport', outcome: 'failed', attributes: null }]);
    const audit = (await server.ctx.audit.forUser(userId)).map((event) => event.type);
    expect(audit).toEqual(
      expect.arrayContaining(['identity_check_mismatch', 'identity_check_failed']),
    );
    // Nothing of the other person is stored, even encrypted.
    const rows = await server.ctx.database.db
      .selectFrom('evidence')
      .select('attributes')
      .where('user_id', '=', userId)
      .execute();
    expect(rows).toEqual([{ attributes: null }]);
  });

  it('counts attempts atomically: concurrent submissions reach the provider at most 3 times', async () => {
    const { browser } = await newUserInRequest();
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        browser.post('/api/verifypassport', { ...anna, surname: 'Smithers' }),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 404).length).toBe(3);
    expect(statuses.filter((status) => status === 429).length).toBe(3);
  });

  it('answers 503 when the document service is down, and records nothing', async () => {
    const { browser } = await newUserInRequest();
    const down = await browser.post('/api/verifypassport', { ...anna, number: '99999999' });
    expect(down.status).toBe(503);
    expect((down.body.error as { code: string }).code).toBe('service_unavailable');
  });

  it('lets the user say they cannot do a check', async () => {
    const { browser, requestId } = await newUserInRequest();
    const declined = await browser.post(`/api/verification/${requestId}/decline`, {
      check: 'Passport',
    });
    expect(declined.body).toEqual({ assuranceChoice: [], userRequirements: ['assurance'] });
    const info = await (await browser.fetch(`${server.url}/api/verification/${requestId}`)).json();
    expect(info).toMatchObject({ options: [{ checks: ['DrivingLicence', 'KBVL1'] }] });
  });

  it('returns verified_claims that conform to OpenID Connect for Identity Assurance', async () => {
    const schemas = identityAssuranceSchemas();
    expect(schemas.request(verifiedClaimsRequest)).toBe(true);
    const discovery = await (await fetch(`${server.url}/.well-known/openid-configuration`)).json();
    expect(discovery).toMatchObject({
      verified_claims_supported: true,
      trust_frameworks_supported: ['uk_diatf'],
      claims_supported: expect.arrayContaining(['verified_claims']),
    });

    const claims = JSON.stringify({
      id_token: { verified_claims: verifiedClaimsRequest },
      userinfo: { verified_claims: { ...verifiedClaimsRequest, claims: { birthdate: null } } },
    });
    const { browser, requestId, verifier, state } = await newUserInRequest({ claims });
    expect((await browser.post(`/api/requests/${requestId}`)).body.userRequirements).toEqual([
      'assurance',
      'consent',
    ]);
    await browser.post(`/api/verifypassport?requestId=${requestId}`, anna);
    const consent = await (
      await browser.fetch(`${server.url}/api/consent?requestId=${requestId}`)
    ).json();
    expect(consent).toMatchObject({
      attributes: [
        {
          name: 'verified_claims',
          title: 'Verified identity',
          defaultValue: expect.stringMatching(passportVerified),
        },
      ],
    });
    await browser.post(`/api/consent?requestId=${requestId}`, { Approved: true });
    const generated = await browser.post('/api/generateresponse', { requestId });
    const callback = await followToClient(browser, generated.body.redirect_Uri as string);
    const tokens = await oidc.authorizationCodeGrant(config, callback, {
      pkceCodeVerifier: verifier,
      expectedState: state,
    });
    const idToken = tokens.claims()!;
    expect(idToken.acr).toBe('urn:verity:aal1'); // one factor: assurance alone is not ial2
    const verified = idToken.verified_claims as Record<string, unknown>;
    expect(schemas.response({ verified_claims: verified }), schemas.errors()).toBe(true);
    expect(verified).toMatchObject({
      verification: {
        trust_framework: 'uk_diatf',
        evidence: [
          {
            type: 'document',
            check_details: [{ check_method: 'data', organization: 'sandbox-documents' }],
            document_details: { type: 'passport' },
          },
        ],
      },
      claims: { given_name: 'ANNA', family_name: 'SMITH', birthdate: '1985-02-17' },
    });
    // The request did not ask for the document's details: its number stays with Verity.
    expect(JSON.stringify(verified)).not.toContain('533401372');
    const userinfo = await oidc.fetchUserInfo(config, tokens.access_token, idToken.sub);
    expect(schemas.response({ verified_claims: userinfo.verified_claims })).toBe(true);
    // Only the claims the request named for this use.
    expect((userinfo.verified_claims as { claims: object }).claims).toEqual({
      birthdate: '1985-02-17',
    });
  });

  it('asks consent again, listing the document details, when a request asks for them', async () => {
    const schemas = identityAssuranceSchemas();
    const withDocuments = {
      ...verifiedClaimsRequest,
      verification: {
        trust_framework: null,
        evidence: [
          {
            type: { value: 'document' },
            document_details: {
              type: null,
              document_number: null,
              issuer: { name: null },
              date_of_expiry: null,
            },
          },
        ],
      },
    };
    expect(schemas.request(withDocuments), schemas.errors()).toBe(true);
    // First the verified identity alone: consented, and the number stays with Verity.
    const { browser, requestId } = await newUserInRequest({
      claims: JSON.stringify({ id_token: { verified_claims: verifiedClaimsRequest } }),
    });
    await browser.post(`/api/verifypassport?requestId=${requestId}`, anna);
    await browser.post(`/api/consent?requestId=${requestId}`, { Approved: true });
    await followToClient(
      browser,
      (await browser.post('/api/generateresponse', { requestId })).body.redirect_Uri as string,
    );

    // Then a request for the documents' details: consent is asked again, and says what goes.
    const second = await startRequest(browser, {
      claims: JSON.stringify({ id_token: { verified_claims: withDocuments } }),
    });
    expect((await browser.post(`/api/requests/${second.requestId}`)).body.userRequirements).toEqual(
      ['consent'],
    );
    const consent = consentInfoSchema.parse(
      await (await browser.fetch(`${server.url}/api/consent?requestId=${second.requestId}`)).json(),
    );
    expect(consent.attributes).toEqual([
      {
        name: 'verified_claims',
        title: 'Verified identity',
        type: 'text',
        defaultValue: expect.stringMatching(passportVerified),
      },
      {
        name: 'verified_claims.document_details',
        title: 'Document details',
        type: 'text',
        defaultValue: 'Passport 533401372, issued by HM Passport Office (GB), expires 2031-04-30',
      },
    ]);
    // Without that consent nothing is released.
    const refused = await browser.post('/api/generateresponse', { requestId: second.requestId });
    expect(refused.body).toMatchObject({ redirect_Uri: null, userRequirements: ['consent'] });

    await browser.post(`/api/consent?requestId=${second.requestId}`, { Approved: true });
    const generated = await browser.post('/api/generateresponse', { requestId: second.requestId });
    const callback = await followToClient(browser, generated.body.redirect_Uri as string);
    const tokens = await oidc.authorizationCodeGrant(config, callback, {
      pkceCodeVerifier: second.verifier,
      expectedState: second.state,
    });
    const verified = tokens.claims()!.verified_claims as Record<string, unknown>;
    expect(schemas.response({ verified_claims: verified }), schemas.errors()).toBe(true);
    expect(verified).toMatchObject({
      verification: {
        evidence: [
          {
            document_details: {
              type: 'passport',
              document_number: '533401372',
              date_of_expiry: '2031-04-30',
              issuer: { name: 'HM Passport Office', country: 'GB' },
            },
          },
        ],
      },
    });
    // The account page names both consents as the consent screen did.
    const consents = accountConsentsSchema.parse(
      await (await browser.fetch(`${server.url}/api/account/consents`)).json(),
    );
    expect(consents.consents[0]?.details).toEqual(['Verified identity', 'Document details']);
  });

  it('shows full document numbers on the consent screen only to a recent login or one made in the request, masked to others', async () => {
    const withDocuments = {
      ...verifiedClaimsRequest,
      verification: {
        trust_framework: null,
        evidence: [{ type: { value: 'document' }, document_details: { document_number: null } }],
      },
    };
    const email = `${randomUUID()}@example.com`;
    const browser = await signUp(server, email);
    const userId = await claimIdentity(server, email, 'anna');
    const { requestId } = await startRequest(browser, {
      claims: JSON.stringify({ id_token: { verified_claims: withDocuments } }),
    });
    await browser.post(`/api/verifypassport?requestId=${requestId}`, anna);
    const documentRow = async () => {
      const consent = consentInfoSchema.parse(
        await (await browser.fetch(`${server.url}/api/consent?requestId=${requestId}`)).json(),
      );
      return consent.attributes.find((row) => row.name === 'verified_claims.document_details')
        ?.defaultValue;
    };
    expect(await documentRow()).toMatch(/^Passport 533401372, /);
    // A session signed in 20 minutes before this request (single sign-on, a browser left
    // signed in): whoever is at it sees what goes, but not the number itself.
    await backdateLogin(server, userId, 20 * 60);
    expect(await documentRow()).toMatch(/^Passport •••••1372, issued by HM Passport Office/);
    // Signing in again in this request shows it in full.
    await browser.post('/api/login/email', {
      Email: email,
      Password: strongPassword,
      RequestId: requestId,
    });
    expect(await documentRow()).toMatch(/^Passport 533401372, /);
  });

  it('cancel sends access_denied, a description and the state to the client', async () => {
    const { browser, requestId, state } = await newUserInRequest();
    const cancelled = await browser.post(`/api/cancel?requestId=${requestId}`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.state).toBe(state);
    const callback = await followToClient(browser, cancelled.body.redirect_Uri as string);
    expect(callback.searchParams.get('error')).toBe('access_denied');
    expect(callback.searchParams.get('error_description')).toMatch(/cancelled/);
    expect(callback.searchParams.get('state')).toBe(state);
    const stranger = await new ApiBrowser(server).post(`/api/cancel?requestId=${requestId}`);
    expect(stranger.status).toBeGreaterThanOrEqual(400);
  });
});
