import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets } from '../../test/databases.js';
import { claimIdentity, type TestIdentity } from '../../test/identities.js';
import { signUp } from '../../test/journey.js';
import { startTestServer, type TestServer } from '../../test/testServer.js';

describe.each(databaseTargets())('POST /api/verifycard (%s)', (target) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(target);
  });
  afterAll(async () => server?.close());

  async function newUser(identity: TestIdentity = 'anna') {
    const email = `${randomUUID()}@example.com`;
    const browser = await signUp(server, email);
    return { browser, userId: await claimIdentity(server, email, identity) };
  }

  it.each([
    [
      'a credit card',
      'anna',
      '4111 1111 1111 1111',
      'Anna Smith',
      '12/30',
      'CreditCard',
      'Visa',
      '1111',
    ],
    [
      'a debit card',
      'james',
      '4000-0566-5566-5556',
      'james taylor',
      '08/29',
      'DebitCard',
      'Visa',
      '5556',
    ],
    [
      'an American Express card',
      'robert',
      '3782 822463 10005',
      'Robert MacDonald',
      '05/28',
      'CreditCard',
      'American Express',
      '0005',
    ],
  ] as const)(
    "passes %s in the profile's name, telling credit from debit by its range",
    async (_name, identity, number, name, expiry, check, brand, last4) => {
      const { browser, userId } = await newUser(identity);
      const passed = await browser.post('/api/verifycard', { number, name, expiry });
      expect(passed).toEqual({
        status: 200,
        body: { check, verified: true, userRequirements: [], assuranceChoice: [] },
      });
      const [evidence] = await server.ctx.evidence.forUser(userId);
      expect(evidence!.attributes).toEqual({
        holder_name: name.toUpperCase(),
        card: { brand, type: check === 'DebitCard' ? 'debit' : 'credit', last4 },
      });
      // Only brand, type and last four are stored: the number appears nowhere.
      const digits = number.replace(/\D/g, '');
      const rows = await server.ctx.database.db.selectFrom('evidence').selectAll().execute();
      expect(JSON.stringify(rows)).not.toContain(digits);
      expect(JSON.stringify(evidence)).not.toContain(digits);
    },
  );

  it("fails another person's card: no attributes kept, an audit event, held back", async () => {
    const { browser, userId } = await newUser('ada');
    const anna = { number: '4111111111111111', name: 'Anna Smith', expiry: '12/30' };
    const failed = await browser.post('/api/verifycard', anna);
    expect(failed).toEqual({
      status: 200,
      body: { check: 'CreditCard', verified: false, userRequirements: [], assuranceChoice: [] },
    });
    const [evidence] = await server.ctx.evidence.forUser(userId);
    expect(evidence).toMatchObject({ check: 'CreditCard', outcome: 'failed', attributes: null });
    const audit = await server.ctx.audit.forUser(userId);
    expect(audit.map((event) => event.type)).toEqual(
      expect.arrayContaining(['identity_check_mismatch', 'identity_check_failed']),
    );
    const again = await browser.post('/api/verifycard', anna);
    expect(again.status).toBe(409);
  });

  it('answers no open card as a counted retry: no evidence, three tries a day', async () => {
    const { browser, userId } = await newUser();
    const wrongExpiry = { number: '4111111111111111', name: 'Anna Smith', expiry: '11/30' };
    for (let attempt = 1; attempt <= 3; attempt++) {
      const missing = await browser.post('/api/verifycard', wrongExpiry);
      expect(missing.status).toBe(404);
      expect((missing.body.error as { code: string }).code).toBe('check_record_not_found');
    }
    expect(await server.ctx.evidence.forUser(userId)).toEqual([]);
    const fourth = await browser.post('/api/verifycard', { ...wrongExpiry, expiry: '12/30' });
    expect(fourth.status).toBe(429);
  });

  it('asks for a name in the profile before anything is counted', async () => {
    const email = `${randomUUID()}@example.com`;
    const browser = await signUp(server, email);
    const anna = { number: '4111111111111111', name: 'Anna Smith', expiry: '12/30' };
    for (let attempt = 1; attempt <= 4; attempt++) {
      const refused = await browser.post('/api/verifycard', anna);
      expect(refused.status).toBe(409);
      expect((refused.body.error as { code: string }).code).toBe('identity_details_required');
    }
    const userId = await claimIdentity(server, email, 'anna');
    expect((await browser.post('/api/verifycard', anna)).body).toMatchObject({ verified: true });
    expect(await server.ctx.evidence.forUser(userId)).toHaveLength(1);
  });

  it('refuses bad input with the spec messages, and a range it does not accept', async () => {
    const { browser } = await newUser();
    const bad = await browser.post('/api/verifycard', {
      number: '4111 1111 1111 1112',
      name: '',
      expiry: '13/30',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatchObject({
      details: {
        number: 'Card number is invalid',
        name: 'Card name is required',
        expiry: 'Expiry is invalid',
      },
    });
    const short = await browser.post('/api/verifycard', {
      number: '4111 1111 1111',
      name: 'Anna Smith',
      expiry: '12/30',
    });
    expect((short.body.error as { details: object }).details).toEqual({
      number: 'Card number is too short',
    });
    const unknownRange = await browser.post('/api/verifycard', {
      number: '6011 1111 1111 1117',
      name: 'Anna Smith',
      expiry: '12/30',
    });
    expect((unknownRange.body.error as { details: object }).details).toEqual({
      number: 'This type of card is not accepted',
    });
  });

  it('answers 503 when the card service is down', async () => {
    const { browser } = await newUser();
    const down = await browser.post('/api/verifycard', {
      number: '5105 1051 0510 5100',
      name: 'Anna Smith',
      expiry: '12/30',
    });
    expect(down.status).toBe(503);
  });
});
