/**
 * The sandbox data of the usual test profile (docs/sandbox.md): Ada Lovelace, born 1985-12-10,
 * passes every check with her own records, and fails each with Anna Smith's (another person's
 * data: a failed check, never evidence).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets } from '../../test/databases.js';
import { claimIdentity } from '../../test/identities.js';
import { signUp, type ApiBrowser } from '../../test/journey.js';
import { startTestServer, type TestServer } from '../../test/testServer.js';
import { verifiedClaims } from '../evidence/verifiedClaims.js';

/** Each check's call with Ada's records, then with Anna's. */
const checks: Array<
  [check: string, path: string, ada: Record<string, string>, anna: Record<string, string>]
> = [
  [
    'Passport',
    '/api/verifypassport',
    {
      number: '548213907',
      surname: 'Lovelace',
      given: 'Ada',
      dob: '1985-12-10',
      expiry: '2032-05-31',
    },
    {
      number: '533401372',
      surname: 'Smith',
      given: 'Anna',
      dob: '1985-02-17',
      expiry: '2031-04-30',
    },
  ],
  [
    'DrivingLicence',
    '/api/verifydrivinglicence',
    {
      number: 'LOVEL862105A99LV',
      surname: 'Lovelace',
      given: 'Ada',
      dob: '1985-12-10',
      issue: '2020-06-15',
      expiry: '2030-06-14',
      postcode: 'SW1A 1AA',
    },
    {
      number: 'SMITH852175A99AB',
      surname: 'Smith',
      given: 'Anna',
      dob: '1985-02-17',
      issue: '2019-03-01',
      expiry: '2029-02-28',
      postcode: 'CR2 6XH',
    },
  ],
  [
    'CreditCard',
    '/api/verifycard',
    { number: '5555 5555 5555 4444', name: 'Ada Lovelace', expiry: '11/30' },
    { number: '4111 1111 1111 1111', name: 'Anna Smith', expiry: '12/30' },
  ],
  [
    'MobileContract',
    '/api/verifymobilecontract',
    { mobileNumber: '07700 900004' },
    { mobileNumber: '07700 900001' },
  ],
];

describe.each(databaseTargets())('the usual test profile in the sandbox (%s)', (target) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(target);
  });
  afterAll(async () => server?.close());

  async function ada(): Promise<{ browser: ApiBrowser; userId: string }> {
    const email = `${randomUUID()}@example.com`;
    const browser = await signUp(server, email);
    return { browser, userId: await claimIdentity(server, email, 'ada') };
  }

  it('passes every check with her own records', async () => {
    const { browser, userId } = await ada();
    for (const [check, path, own] of checks)
      expect([check, (await browser.post(path, own)).body]).toMatchObject([
        check,
        { check, verified: true },
      ]);
    // Her credit file's questions, answered from docs/sandbox.md.
    const asked = await browser.fetch(`${server.url}/api/kbv`);
    const { challengeId } = (await asked.json()) as { challengeId: string };
    const answers = {
      credit_card_lender: 'MBNA',
      current_account_bank: 'NatWest',
      mortgage_lender: 'Yorkshire Building Society',
    };
    expect((await browser.post('/api/kbv', { challengeId, answers })).body).toMatchObject({
      check: 'KBVL1',
      verified: true,
    });
    // Her bank account, typed.
    const bank = await browser.post('/api/verifybankaccount', {
      sort_code: '089999',
      account_number: '66374958',
    });
    expect(bank.body).toMatchObject({ check: 'Bank', verified: true });
    const passed = (await server.ctx.evidence.forUser(userId)).filter(
      (evidence) => evidence.outcome === 'passed' && evidence.bound,
    );
    expect(passed.map((evidence) => evidence.check).sort()).toEqual(
      ['Bank', 'CreditCard', 'DrivingLicence', 'KBVL1', 'MobileContract', 'Passport'].sort(),
    );
    expect(await verifiedOnProfile(browser)).toEqual(['given_name', 'family_name', 'birthdate']);
  });

  /** The fields /Profile marks as verified. */
  async function verifiedOnProfile(browser: ApiBrowser): Promise<string[]> {
    const fields = (await (await browser.fetch(`${server.url}/api/profile`)).json()) as Array<{
      name: string;
      verified?: boolean;
    }>;
    return fields.filter((field) => field.verified).map((field) => field.name);
  }

  it('a card, a bank account and a mobile contract bind the checks but verify no field', async () => {
    const { browser, userId } = await ada();
    for (const [check, path, own] of checks.filter(([name]) =>
      ['CreditCard', 'MobileContract'].includes(name),
    ))
      expect([check, (await browser.post(path, own)).body]).toMatchObject([
        check,
        { check, verified: true },
      ]);
    const bank = await browser.post('/api/verifybankaccount', {
      sort_code: '089999',
      account_number: '66374958',
    });
    expect(bank.body).toMatchObject({ check: 'Bank', verified: true });
    // Shown as verified is what is released as verified: nothing (no document, no credit file).
    expect(await verifiedOnProfile(browser)).toEqual([]);
    const evidence = await server.ctx.evidence.forUser(userId);
    expect(verifiedClaims(evidence, undefined)).toBeUndefined();
    // A document verifies the fields it holds.
    const [, path, own] = checks[0]!;
    expect((await browser.post(path, own)).body).toMatchObject({ verified: true });
    expect(await verifiedOnProfile(browser)).toEqual(['given_name', 'family_name', 'birthdate']);
  });

  it.each<[string, string, Record<string, string> | null, string]>([
    [
      'Passport',
      '/api/verifypassport',
      { ...checks[0]![2], expiry: '2032-05-30' },
      'check_record_not_found',
    ],
    [
      'DrivingLicence',
      '/api/verifydrivinglicence',
      { ...checks[1]![2], expiry: '2030-06-13' },
      'check_record_not_found',
    ],
    [
      'CreditCard',
      '/api/verifycard',
      { ...checks[2]![2], expiry: '10/30' },
      'check_record_not_found',
    ],
    [
      'MobileContract',
      '/api/verifymobilecontract',
      { mobileNumber: '07700900999' },
      'mobileOperatorNotFound',
    ],
    [
      'MobileContract (operator does not confirm contracts)',
      '/api/verifymobilecontract',
      { mobileNumber: '07700900100' },
      'mobileOperatorNotSupported',
    ],
    [
      'Bank (typed)',
      '/api/verifybankaccount',
      { sort_code: '871427', account_number: '46238510' },
      'bankVerificationFailed',
    ],
    ['KBVL1', '/api/kbv', null, 'kbvInsufficientQuestions'],
  ])(
    'answers no record found for %s with the attempts left, as every check does',
    async (_check, path, body, code) => {
      const { browser, userId } = await ada();
      // Nobody's credit file: Ada at an address where the agency has none of hers.
      if (!body)
        await server.ctx.profiles.update(userId, {
          address: { postcode: 'M1 1AE', uprn: '', text: '2 Piccadilly Gardens', picklist: false },
        });
      for (const attemptsLeft of [2, 1]) {
        const answer = body
          ? await browser.post(path, body)
          : await browser.fetch(`${server.url}${path}`).then(async (response) => ({
              status: response.status,
              body: (await response.json()) as Record<string, unknown>,
            }));
        expect(answer.body).toMatchObject({ error: { code, details: { attemptsLeft } } });
      }
      expect(await server.ctx.evidence.forUser(userId)).toEqual([]);
    },
  );

  /** Another person's data fails as a check, and leaves nothing of them: the shared assertions. */
  async function expectFailedWithoutEvidence(userId: string, check: string) {
    const evidence = await server.ctx.evidence.forUser(userId);
    expect(evidence.filter((e) => e.outcome === 'passed')).toEqual([]);
    expect(evidence.find((e) => e.check === check)).toMatchObject({
      outcome: 'failed',
      attributes: null,
    });
    expect((await server.ctx.audit.forUser(userId)).map((event) => event.type)).toContain(
      'identity_check_mismatch',
    );
  }

  it.each(checks)(
    "fails %s with Anna Smith's record, leaving no evidence of it",
    async (check, path, _own, anna) => {
      const { browser, userId } = await ada();
      const answer = await browser.post(path, anna);
      if (check === 'MobileContract')
        expect(answer.body).toMatchObject({ error: { code: 'mobileOperatorNoMatch' } });
      else expect(answer.body).toMatchObject({ check, verified: false });
      await expectFailedWithoutEvidence(userId, check);
    },
  );

  it("fails DebitCard with James Taylor's debit card, leaving no evidence of it", async () => {
    const { browser, userId } = await ada();
    const answer = await browser.post('/api/verifycard', {
      number: '4000 0566 5566 5556',
      name: 'James Taylor',
      expiry: '08/29',
    });
    expect(answer.body).toMatchObject({ check: 'DebitCard', verified: false });
    await expectFailedWithoutEvidence(userId, 'DebitCard');
  });

  it("fails KBVL1 when the agency's file is another person's (Anna's, for her twin), leaving no evidence", async () => {
    // Questions are always about the profile's own identity: the way another person's file
    // comes back is a lookup that finds it (docs/sandbox.md, Emma Smith).
    const email = `${randomUUID()}@example.com`;
    const browser = await signUp(server, email);
    const userId = await claimIdentity(server, email, 'emma');
    const answer = await browser.fetch(`${server.url}/api/kbv`);
    expect(answer.status).toBe(403);
    expect(await answer.json()).toMatchObject({ error: { code: 'kbvChallengeFailed' } });
    await expectFailedWithoutEvidence(userId, 'KBVL1');
  });
});
