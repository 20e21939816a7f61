import { randomUUID } from 'node:crypto';
import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets } from '../../test/databases.js';
import {
  redirectUri,
  signUp,
  startServerWithClient,
  startSignInRequest,
} from '../../test/journey.js';
import type { TestServer } from '../../test/testServer.js';
import { claimIdentity } from '../../test/identities.js';

const debitCard = { number: '4000 0566 5566 5556', name: 'James Taylor', expiry: '08/29' };
const creditCard = { number: '4111 1111 1111 1111', name: 'Anna Smith', expiry: '12/30' };

/**
 * Issue 17 item 4: a debit card where the client needs a credit card (or the other way round)
 * used to pass, say 'Congratulations', and leave the request where it was. It is refused as an
 * input now, saying what the client needs, before anything is counted or recorded.
 */
describe.each(databaseTargets())('a card of the kind the client does not need (%s)', (target) => {
  let server: TestServer;
  let config: oidc.Configuration;

  beforeAll(async () => {
    ({ server, config } = await startServerWithClient(
      target,
      {},
      { name: 'Card lender', redirectUris: [redirectUri], assurance: [['CreditCard']] },
    ));
  });
  afterAll(async () => server?.close());

  async function newUserInRequest() {
    const email = `${randomUUID()}@example.com`;
    const browser = await signUp(server, email);
    const { requestId } = await startSignInRequest(server, config, browser, {
      state: oidc.randomState(),
    });
    const userId = await claimIdentity(server, email, 'anna');
    return { browser, requestId, userId };
  }

  it('refuses a debit card when the client needs a credit card, then takes a credit card', async () => {
    const { browser, requestId, userId } = await newUserInRequest();
    const chosen = await browser.post(`/api/verification/${requestId}/choice`, {
      checks: ['CreditCard'],
    });
    expect(chosen.status).toBe(200);

    const message =
      'Card lender needs a credit card, and this is a debit card. Please enter a credit card, or choose a different verification option.';
    // Refused freely: more times than the three attempts a day, none counted.
    for (let attempt = 0; attempt < 4; attempt++) {
      const refused = await browser.post(`/api/verifycard?requestId=${requestId}`, debitCard);
      expect(refused).toEqual({
        status: 400,
        body: { error: { code: 'card_type_not_accepted', message, details: { number: message } } },
      });
    }
    expect(await server.ctx.evidence.forUser(userId)).toEqual([]);
    // The choice stays: the user may enter a credit card.
    const options = await (
      await browser.fetch(`${server.url}/api/verification/${requestId}`)
    ).json();
    expect(options).toMatchObject({ assuranceChoice: ['CreditCard'] });

    const passed = await browser.post(`/api/verifycard?requestId=${requestId}`, creditCard);
    expect(passed.body).toMatchObject({ check: 'CreditCard', verified: true, assuranceChoice: [] });
    expect(passed.body.userRequirements).not.toContain('assurance');
  });

  it("takes either kind outside a sign-in request (the account's /Verify)", async () => {
    const email = `${randomUUID()}@example.com`;
    const browser = await signUp(server, email);
    const userId = await claimIdentity(server, email, 'james');
    const passed = await browser.post('/api/verifycard', debitCard);
    expect(passed.body).toMatchObject({ check: 'DebitCard', verified: true });
    expect((await server.ctx.evidence.forUser(userId)).map((e) => e.check)).toEqual(['DebitCard']);
  });
});
