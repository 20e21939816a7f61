import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets } from '../../test/databases.js';
import { claimIdentity, type TestIdentity } from '../../test/identities.js';
import { signUp } from '../../test/journey.js';
import { startTestServer, type TestServer } from '../../test/testServer.js';

const anna = {
  number: '533401372',
  surname: 'Smith',
  given: 'Anna',
  dob: '1985-02-17',
  expiry: '2031-04-30',
};

describe.each(databaseTargets())('POST /api/verifymobilecontract (%s)', (target) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(target);
  });
  afterAll(async () => server?.close());

  /** A user whose profile is `identity`, and whose passport verified Anna Smith. */
  async function user(identity: TestIdentity = 'anna') {
    const email = `${randomUUID()}@example.com`;
    const browser = await signUp(server, email);
    const userId = await claimIdentity(server, email, identity);
    if (identity === 'anna')
      expect((await browser.post('/api/verifypassport', anna)).status).toBe(200);
    return { browser, userId };
  }
  const anna_ = async () => (await user()).browser;

  it("passes a contract in the profile's name and birth date", async () => {
    const { browser, userId } = await user();
    const passed = await browser.post('/api/verifymobilecontract', {
      mobileNumber: '07700 900 001',
    });
    expect(passed.body).toMatchObject({ check: 'MobileContract', verified: true });
    const [evidence] = await server.ctx.evidence.forUser(userId);
    expect(evidence).toMatchObject({ check: 'MobileContract', outcome: 'passed', bound: true });
    // The operator only said yes: whom it confirmed binds the evidence, and no value of the
    // profile is kept as if the operator had verified it.
    expect(evidence!.attributes).toEqual({
      confirmed: { given_name: 'ANNA', family_name: 'SMITH', birthdate: '1985-02-17' },
    });
  });

  it("fails another person's contract: mobileOperatorNoMatch, an audit event, held back", async () => {
    const { browser, userId } = await user('ada');
    const other = await browser.post('/api/verifymobilecontract', { mobileNumber: '07700900001' });
    expect(other.status).toBe(422);
    expect((other.body.error as { code: string }).code).toBe('mobileOperatorNoMatch');
    expect(await server.ctx.evidence.forUser(userId)).toMatchObject([
      { check: 'MobileContract', outcome: 'failed', attributes: null },
    ]);
    expect((await server.ctx.audit.forUser(userId)).map((event) => event.type)).toContain(
      'identity_check_mismatch',
    );
    const again = await browser.post('/api/verifymobilecontract', { mobileNumber: '07700900001' });
    expect(again.status).toBe(409);
  });

  it('answers a number no operator knows as a counted retry: no evidence', async () => {
    const { browser, userId } = await user();
    const missing = await browser.post('/api/verifymobilecontract', {
      mobileNumber: '07700900999',
    });
    expect((missing.body.error as { code: string }).code).toBe('mobileOperatorNotFound');
    const found = (await server.ctx.evidence.forUser(userId)).filter(
      (evidence) => evidence.check === 'MobileContract',
    );
    expect(found).toEqual([]);
  });

  it.each([
    ['07700900002', 422, 'mobileOperatorNoMatch'],
    ['07700900999', 422, 'mobileOperatorNotFound'],
    ['07700900100', 422, 'mobileOperatorNotSupported'],
    ['07700900200', 503, 'mobileOperatorTemporaryUnavailable'],
  ])('%s answers %i %s', async (mobileNumber, status, code) => {
    const browser = await anna_();
    const answer = await browser.post('/api/verifymobilecontract', { mobileNumber });
    expect(answer.status).toBe(status);
    expect((answer.body.error as { code: string }).code).toBe(code);
  });

  it('refuses a number that is not a UK mobile, and needs someone to match', async () => {
    const browser = await anna_();
    const bad = await browser.post('/api/verifymobilecontract', { mobileNumber: '01632 960001' });
    expect(bad.status).toBe(400);
    const nobody = await signUp(server, `${randomUUID()}@example.com`);
    const unknown = await nobody.post('/api/verifymobilecontract', { mobileNumber: '07700900001' });
    expect(unknown.status).toBe(409);
  });
});
