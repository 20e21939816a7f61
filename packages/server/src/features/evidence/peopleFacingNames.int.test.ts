import { internalCheckNameIn, internalCheckNames, type CheckName } from '@verity/contracts';
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
import { claimIdentity } from '../../test/identities.js';

const verifiedClaims = JSON.stringify({
  id_token: {
    verified_claims: {
      verification: { trust_framework: null },
      claims: { given_name: null, family_name: null, birthdate: null },
    },
  },
});

const anna = { given_name: 'ANNA', family_name: 'SMITH', birthdate: '1985-02-17' };
/** Checks bound by a holder name (card, bank), which verifies nothing; the others a person. */
const holderChecks: readonly CheckName[] = [
  'CreditCard',
  'DebitCard',
  'OB',
  'Bank',
  'CurrentAccount',
];
/** What each check's evidence carries: a holder name, whom an operator confirmed, or a record's values. */
const attributesOf = (check: CheckName): object =>
  holderChecks.includes(check)
    ? { holder_name: 'ANNA SMITH' }
    : check === 'MobileContract'
      ? { confirmed: anna }
      : anna;

/**
 * Every check whose name is not a word, passed, and the passport; each about the claimed
 * identity (Anna Smith's profile), so every one of them counts.
 */
const passes: Array<{ check: CheckName; attributes: object }> = [
  ...internalCheckNames.map((check) => ({
    check,
    attributes: attributesOf(check),
  })),
  { check: 'Passport', attributes: anna },
];

/**
 * Issue 17 item 4: what consent, the account pages and a shared identity answer names every
 * check as a person reads it, never by its internal name (KBVL1, DebitCard, OB, ...), and says
 * what was verified, by what kind of evidence, and when.
 */
describe.each(databaseTargets())('people-facing check names in answers (%s)', (target) => {
  let server: TestServer;
  let config: oidc.Configuration;

  beforeAll(async () => {
    ({ server, config } = await startServerWithClient(
      target,
      {},
      { name: 'Estate agent', redirectUris: [redirectUri] },
    ));
  });
  afterAll(async () => server?.close());

  async function userWithEveryCheck() {
    const email = `${randomUUID()}@example.com`;
    const browser = await signUp(server, email);
    const userId = await claimIdentity(server, email, 'anna');
    for (const { check, attributes } of passes)
      await server.ctx.evidence.record(userId, {
        check,
        outcome: 'passed',
        scores: { strength: 3, validity: 2, activity: 1, fraud: 1, verification: 2 },
        provider: 'test',
        transactionId: randomUUID(),
        attributes,
      });
    return { browser, userId };
  }

  const expectNoInternalName = (answer: unknown) =>
    expect(internalCheckNameIn(JSON.stringify(answer))).toBeNull();

  it('consent shows what was verified, by what evidence and when', async () => {
    const { browser } = await userWithEveryCheck();
    const { requestId } = await startSignInRequest(server, config, browser, {
      state: oidc.randomState(),
      claims: verifiedClaims,
    });
    const consent = await browser.fetch(`${server.url}/api/consent?requestId=${requestId}`);
    expect(consent.status).toBe(200);
    const answer = (await consent.json()) as {
      attributes: Array<{ title: string; defaultValue: string }>;
    };
    expectNoInternalName(answer);
    const verified = answer.attributes.find((a) => a.title === 'Verified identity')!.defaultValue;
    expect(verified).toMatch(
      /^ANNA SMITH, born 17 February 1985\. .*Name and date of birth verified from your passport on \d{1,2} \w+ \d{4}\./,
    );
    for (const kind of [
      'your credit file (financial questions)',
      'a selfie compared with your photo ID',
    ])
      expect(verified).toContain(`Name and date of birth verified from ${kind} on `);
    // A holder name binds the check but verifies nothing; an operator only said yes: each is
    // listed as a check passed, by its kind and day, never as verifying the name.
    for (const kind of [
      'your debit card',
      'your credit card',
      'a login to your bank',
      'your mobile phone contract',
    ]) {
      expect(verified).toContain(`Identity checked with ${kind} on `);
      expect(verified).not.toContain(`verified from ${kind}`);
    }
    expect(verified).not.toContain('unknown');

    // Given, it shows on the account's consents page in words too.
    const given = await browser.post(`/api/consent?requestId=${requestId}`, { Approved: true });
    expect(given.status).toBe(200);
    const consents = await browser.fetch(`${server.url}/api/account/consents`);
    expect(consents.status).toBe(200);
    expectNoInternalName(await consents.json());
  });

  it('the home page and a shared identity name each verification and what it showed', async () => {
    const { browser } = await userWithEveryCheck();
    const home = (await (await browser.fetch(`${server.url}/api/home`)).json()) as {
      verification: Array<{ check: CheckName; name: string; verified: string }>;
    };
    expect(home.verification).toHaveLength(passes.length);
    // The check is there as an identifier for /Verify; every text shown is in words.
    expectNoInternalName(home.verification.map(({ name, verified }) => ({ name, verified })));
    expect(home.verification.find((item) => item.check === 'DebitCard')).toMatchObject({
      name: 'Debit Card',
      verified: 'Identity checked with your debit card',
    });
    expect(home.verification.find((item) => item.check === 'Passport')).toMatchObject({
      name: 'Passport',
      verified: 'Name and date of birth verified from your passport',
    });

    const recipient = `agent-${randomUUID()}@example.com`;
    const share = await browser.post('/api/share', { email: recipient });
    expect(share.status).toBe(200);
    expectNoInternalName(share.body);
    await server.ctx.email.flush();
    const [mail] = await server.ctx.outbox.list({ recipient, limit: 1 });
    expectNoInternalName(mail);
    const token = /\/shared#([A-Za-z0-9_-]{43})/.exec(mail?.body ?? '')![1]!;
    const opened = await new ApiBrowser(server).post('/api/shared', { token });
    expect(opened.status).toBe(200);
    expectNoInternalName(opened.body);
    // The name as the passport gives it, marked verified.
    expect(opened.body).toMatchObject({ name: 'ANNA SMITH', nameVerified: true });
    expect(opened.body.verification).toContainEqual({
      name: 'Financial questions',
      verified: 'Name and date of birth verified from your credit file (financial questions)',
      dateTime: expect.any(String),
    });
  });

  it('a check already done is refused in words', async () => {
    const { browser } = await userWithEveryCheck();
    const again = await browser.post('/api/verifycard', {
      number: '4000 0566 5566 5556',
      name: 'Anna Smith',
      expiry: '08/29',
    });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      error: { message: 'Your Debit Card check is already complete.' },
    });
  });
});
