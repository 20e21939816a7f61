import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets } from '../../test/databases.js';
import { signUp } from '../../test/journey.js';
import { startTestServer, type TestServer } from '../../test/testServer.js';

describe.each(databaseTargets())('POST /api/verifycard (%s)', (target) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(target);
  });
  afterAll(async () => server?.close());

  async function newUser() {
    const email = `${randomUUID()}@example.com`;
    const browser = await signUp(server, email);
    return { browser, userId: (await server.ctx.users.findByEmail(email))!.id };
  }

  it.each([
    ['a credit card', '4111 1111 1111 1111', 'Anna Smith', '12/30', 'CreditCard', 'Visa', '1111'],
    ['a debit card', '4000-0566-5566-5556', 'james taylor', '08/29', 'DebitCard', 'Visa', '5556'],
    [
      'an American Express card',
      '3782 822463 10005',
      'Robert MacDonald',
      '05/28',
      'CreditCard',
      'American Express',
      '0005',
    ],
  ])(
    'passes %s, telling credit from debit by its range',
    async (_name, number, name, expiry, check, brand, last4) => {
      const { browser, userId } = await newUser();
      const passed = await browser.post('/api/verifycard', { number, name, expiry });
      expect(passed).toEqual({
        status: 200,
        body: { check, verified: true, userRequirements: [], assuranceChoice: [] },
      });
      const [evidence] = await server.ctx.evidence.forUser(userId);
      expect(evidence!.attributes).toEqual({
        card: { brand, type: check === 'DebitCard' ? 'debit' : 'credit', last4 },
      });
      // Only brand, type and last four are stored: the number appears nowhere.
      const digits = number.replace(/\D/g, '');
      const rows = await server.ctx.database.db.selectFrom('evidence').selectAll().execute();
      expect(JSON.stringify(rows)).not.toContain(digits);
      expect(JSON.stringify(evidence)).not.toContain(digits);
    },
  );

  it('fails a card that is not open in this name', async () => {
    const { browser } = await newUser();
    const failed = await browser.post('/api/verifycard', {
      number: '4111111111111111',
      name: 'Somebody Else',
      expiry: '12/30',
    });
    expect(failed.body).toMatchObject({ check: 'CreditCard', verified: false });
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
