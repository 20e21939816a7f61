import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets } from '../../test/databases.js';
import { signUp, type ApiBrowser } from '../../test/journey.js';
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

  /** A user whose passport verified them as Anna Smith. */
  async function anna_(): Promise<ApiBrowser> {
    const browser = await signUp(server, `${randomUUID()}@example.com`);
    expect((await browser.post('/api/verifypassport', anna)).status).toBe(200);
    return browser;
  }

  it('passes a contract in the verified name', async () => {
    const browser = await anna_();
    const passed = await browser.post('/api/verifymobilecontract', {
      mobileNumber: '07700 900 001',
    });
    expect(passed.body).toMatchObject({ check: 'MobileContract', verified: true });
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
