import { randomUUID } from 'node:crypto';
import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets } from '../../test/databases.js';
import { claimIdentity, type TestIdentity } from '../../test/identities.js';
import {
  ApiBrowser,
  redirectUri,
  signUp,
  startServerWithClient,
  startSignInRequest,
} from '../../test/journey.js';
import type { TestServer } from '../../test/testServer.js';
import { KBV_HELD_BACK, KBV_MISMATCH } from './routes.js';

const anna = {
  number: '533401372',
  surname: 'Smith',
  given: 'Anna',
  dob: '1985-02-17',
  expiry: '2031-04-30',
};
const david = {
  number: '123456789',
  surname: 'Jones',
  given: 'David Michael',
  dob: '1972-11-03',
  expiry: '2029-08-15',
};
const annaL1 = {
  credit_card_lender: 'Halifax',
  current_account_bank: 'Santander',
  mortgage_lender: 'Nationwide',
};
const annaL2 = {
  ...annaL1,
  previous_address: '14 Selsdon Road, South Croydon',
  mortgage_payment: '£501 to £1,000',
};

interface Questions {
  challengeId: string | null;
  check: string | null;
  questions: Array<{ name: string; type: string; title: string; choices: string[] }>;
  userRequirements: string[];
  assuranceChoice: string[];
}

describe.each(databaseTargets())('knowledge-based questions (%s)', (target) => {
  let server: TestServer;
  let config: oidc.Configuration;

  beforeAll(async () => {
    ({ server, config } = await startServerWithClient(
      target,
      {},
      {
        name: 'Estate agent',
        redirectUris: [redirectUri],
        assurance: [
          ['Passport', 'KBVL1'],
          ['DrivingLicence', 'KBVL1'],
        ],
      },
    ));
  });
  afterAll(async () => server?.close());

  async function newUserInRequest(identity: TestIdentity | null = 'anna') {
    const email = `${randomUUID()}@example.com`;
    const browser = await signUp(server, email);
    if (identity) await claimIdentity(server, email, identity);
    const { requestId } = await startSignInRequest(server, config, browser, {
      state: oidc.randomState(),
    });
    return { browser, requestId, email };
  }

  async function questions(browser: ApiBrowser, query = '') {
    const response = await browser.fetch(`${server.url}/api/kbv${query}`);
    return { status: response.status, body: (await response.json()) as Questions };
  }

  it('asks the questions after the passport, and a right set of answers meets the assurance', async () => {
    const { browser, requestId } = await newUserInRequest();
    const q = `?requestId=${requestId}`;
    const info = await (await browser.fetch(`${server.url}/api/verification/${requestId}`)).json();
    expect(info).toMatchObject({
      options: [
        { checks: ['Passport', 'KBVL1'], score: 2 },
        { checks: ['DrivingLicence', 'KBVL1'], score: 2 },
      ],
    });
    await browser.post(`/api/verification/${requestId}/choice`, { checks: ['Passport', 'KBVL1'] });
    const passport = await browser.post(`/api/verifypassport${q}`, anna);
    expect(passport.body).toMatchObject({
      assuranceChoice: ['KBVL1'],
      userRequirements: ['assurance'],
    });

    const asked = await questions(browser, q);
    expect(asked.status).toBe(200);
    expect(asked.body.check).toBe('KBVL1');
    expect(asked.body.questions.map((question) => [question.name, question.type])).toEqual([
      ['credit_card_lender', 'radio'],
      ['current_account_bank', 'radio'],
      ['mortgage_lender', 'radio'],
    ]);
    // The same questions until they are answered.
    expect((await questions(browser, q)).body.challengeId).toBe(asked.body.challengeId);

    const stale = await browser.post(`/api/kbv${q}`, {
      challengeId: randomUUID(),
      answers: annaL1,
    });
    expect(stale.status).toBe(409);
    expect((stale.body.error as { code: string }).code).toBe('kbvChallengeMismatch');
    const incomplete = await browser.post(`/api/kbv${q}`, {
      challengeId: asked.body.challengeId,
      answers: { credit_card_lender: 'Halifax', current_account_bank: 'Somewhere', extra: 'x' },
    });
    expect(incomplete.status).toBe(400);
    expect(incomplete.body.error).toMatchObject({
      code: 'validation_failed',
      details: {
        current_account_bank: 'Not one of the choices',
        mortgage_lender: 'Required',
        extra: 'Not a question of this check',
      },
    });

    const answered = await browser.post(`/api/kbv${q}`, {
      challengeId: asked.body.challengeId,
      answers: annaL1,
    });
    expect(answered).toEqual({
      status: 200,
      body: { check: 'KBVL1', verified: true, userRequirements: [], assuranceChoice: [] },
    });
    // Nothing left to ask: no questions.
    expect((await questions(browser, q)).body).toEqual({
      challengeId: null,
      check: null,
      questions: [],
      userRequirements: [],
      assuranceChoice: [],
    });
    const home = (await (await browser.fetch(`${server.url}/api/home`)).json()) as {
      verification: Array<{ check: string; name: string }>;
    };
    expect(home.verification.map((v) => v.check).sort()).toEqual(['KBVL1', 'Passport']);
    expect(home.verification.map((v) => v.name).sort()).toEqual([
      'Financial questions',
      'Passport',
    ]);
  });

  it('fails wrong answers with kbvChallengeFailed, once; the questions are then gone', async () => {
    const { browser, requestId } = await newUserInRequest();
    const q = `?requestId=${requestId}`;
    await browser.post(`/api/verifypassport${q}`, anna);
    const asked = await questions(browser, q);
    const wrong = await browser.post(`/api/kbv${q}`, {
      challengeId: asked.body.challengeId,
      answers: { ...annaL1, credit_card_lender: 'MBNA', mortgage_lender: 'None of these' },
    });
    expect(wrong.status).toBe(403);
    expect((wrong.body.error as { code: string }).code).toBe('kbvChallengeFailed');
    const again = await browser.post(`/api/kbv${q}`, {
      challengeId: asked.body.challengeId,
      answers: annaL1,
    });
    expect((again.body.error as { code: string }).code).toBe('kbvNoExistingChallenge');
    const refetch = await browser.fetch(`${server.url}/api/kbv${q}`);
    expect(refetch.status).toBe(403);
  });

  it.each([
    ['a thin credit file', 'david' as const],
    ['no credit file at all', 'robert' as const],
  ])(
    'answers kbvInsufficientQuestions for %s: a counted retry, never a failed check',
    async (_case, identity) => {
      const { browser, requestId, email } = await newUserInRequest(identity);
      const q = `?requestId=${requestId}`;
      if (identity === 'david') await browser.post(`/api/verifypassport${q}`, david);
      for (let i = 0; i < 3; i++) {
        const thin = await browser.fetch(`${server.url}/api/kbv${q}`);
        expect(thin.status).toBe(422);
        expect(await thin.json()).toMatchObject({ error: { code: 'kbvInsufficientQuestions' } });
      }
      // Three tries a day, as for every check; no evidence, so nothing holds the check back.
      const fourth = await browser.fetch(`${server.url}/api/kbv${q}`);
      expect(fourth.status).toBe(429);
      const user = await server.ctx.users.findByEmail(email);
      const evidence = await server.ctx.evidence.forUser(user!.id);
      expect(evidence.filter((e) => e.check.startsWith('KBV'))).toEqual([]);
    },
  );

  it("asks about the profile's identity only: Ada gets her own file's questions, never Anna's", async () => {
    const { browser, requestId } = await newUserInRequest('ada');
    const q = `?requestId=${requestId}`;
    expect((await browser.post(`/api/verifypassport${q}`, anna)).body).toMatchObject({
      verified: false,
    });
    const asked = await questions(browser, q);
    expect(asked.status).toBe(200);
    // Anna's answers are wrong for Ada; Ada's own file (docs/sandbox.md) passes.
    const passed = await browser.post(`/api/kbv${q}`, {
      challengeId: asked.body.challengeId,
      answers: {
        credit_card_lender: 'MBNA',
        current_account_bank: 'NatWest',
        mortgage_lender: 'Yorkshire Building Society',
      },
    });
    expect(passed.body).toMatchObject({ check: 'KBVL1', verified: true });
  });

  it("fails the questions before any is asked when the agency's file is another person's (a twin at the same address)", async () => {
    const { browser, requestId, email } = await newUserInRequest('emma');
    const q = `?requestId=${requestId}`;
    const userId = (await server.ctx.users.findByEmail(email))!.id;
    const found = await questions(browser, q);
    // The spec's failure for the questions (kbvChallengeFailed: the screen ends at /Cancel),
    // in words about the credit file, never about answers nobody gave.
    expect(found).toEqual({
      status: 403,
      body: {
        error: expect.objectContaining({ code: 'kbvChallengeFailed', message: KBV_MISMATCH }),
      },
    });
    expect(JSON.stringify(found.body)).not.toContain('answers');
    expect(await server.ctx.kbvChallenges.current(userId)).toBeNull();
    // A failed check with the audit event; no evidence of anything, nothing of Anna's kept.
    expect(await server.ctx.evidence.forUser(userId)).toMatchObject([
      { check: 'KBVL1', outcome: 'failed', attributes: null, scores: { verification: 0 } },
    ]);
    expect((await server.ctx.audit.forUser(userId)).map((event) => event.type)).toEqual(
      expect.arrayContaining(['identity_check_mismatch', 'identity_check_failed']),
    );
    // Held back as every failed check: the agency is not asked again.
    const again = await questions(browser, q);
    expect(again).toEqual({
      status: 403,
      body: {
        error: expect.objectContaining({ code: 'kbvChallengeFailed', message: KBV_HELD_BACK }),
      },
    });
    expect(await server.ctx.evidence.forUser(userId)).toHaveLength(1);
  });

  it("looks the file up at the profile's addresses: none there is no record found", async () => {
    const { browser, requestId, email } = await newUserInRequest('anna');
    const userId = (await server.ctx.users.findByEmail(email))!.id;
    await server.ctx.profiles.update(userId, {
      address: { postcode: 'M1 1AE', uprn: '', text: '1 Piccadilly Gardens', picklist: false },
    });
    const none = await questions(browser, `?requestId=${requestId}`);
    expect(none).toMatchObject({
      status: 422,
      body: { error: { code: 'kbvInsufficientQuestions' } },
    });
    expect(await server.ctx.evidence.forUser(userId)).toEqual([]);
    // Her address on the file: her questions.
    await server.ctx.profiles.update(userId, {
      address: { postcode: 'CR2 6XH', uprn: '', text: '14 Selsdon Road', picklist: false },
    });
    expect((await questions(browser, `?requestId=${requestId}`)).body.check).toBe('KBVL1');
  });

  it('needs a name and date of birth to ask about', async () => {
    const { browser, requestId } = await newUserInRequest(null);
    const none = await browser.fetch(`${server.url}/api/kbv?requestId=${requestId}`);
    expect(none.status).toBe(409);
  });

  it("needs an address too: by name and birth date alone the file could be a namesake's", async () => {
    const { browser, requestId, email } = await newUserInRequest(null);
    const userId = (await server.ctx.users.findByEmail(email))!.id;
    await server.ctx.profiles.update(userId, {
      given_name: 'Anna',
      family_name: 'Smith',
      birthdate: '1985-02-17',
    });
    const q = `?requestId=${requestId}`;
    // /Profile asks for it, and the questions are refused without it.
    const form = (await (await browser.fetch(`${server.url}/api/profile${q}`)).json()) as Array<{
      name: string;
    }>;
    expect(form.map((field) => field.name)).toContain('address');
    expect(await questions(browser, q)).toMatchObject({
      status: 409,
      body: { error: { message: 'Please give your name, date of birth and address first.' } },
    });
    expect(await server.ctx.evidence.forUser(userId)).toEqual([]);
  });

  it('asks more and harder questions at level 2, and passes 4 of 5 right', async () => {
    const email = `${randomUUID()}@example.com`;
    const browser = await signUp(server, email);
    await claimIdentity(server, email, 'anna');
    await browser.post('/api/verifypassport', anna);
    const first = await questions(browser);
    expect(first.body.check).toBe('KBVL1');
    await browser.post('/api/kbv', { challengeId: first.body.challengeId, answers: annaL1 });
    const second = await questions(browser);
    expect(second.body.check).toBe('KBVL2');
    expect(second.body.questions).toHaveLength(5);
    const passed = await browser.post('/api/kbv', {
      challengeId: second.body.challengeId,
      answers: { ...annaL2, mortgage_payment: 'Over £1,500' },
    });
    expect(passed.body).toMatchObject({ check: 'KBVL2', verified: true });
    expect((await questions(browser)).body.questions).toEqual([]);
  });

  it('needs a signed-in user', async () => {
    const anonymous = await new ApiBrowser(server).fetch(`${server.url}/api/kbv`);
    expect(anonymous.status).toBe(401);
  });
});
