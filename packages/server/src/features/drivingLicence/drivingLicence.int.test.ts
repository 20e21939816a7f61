import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets } from '../../test/databases.js';
import { claimIdentity, type TestIdentity } from '../../test/identities.js';
import { ApiBrowser, signUp } from '../../test/journey.js';
import { startTestServer, type TestServer } from '../../test/testServer.js';

const annaLicence = {
  surname: 'Smith',
  given: 'Anna',
  dob: '1985-02-17',
  issue: '2019-03-01',
  expiry: '2029-02-28',
  number: 'smith 852175 a99ab',
  postcode: 'cr26xh',
};

describe.each(databaseTargets())('POST /api/verifydrivinglicence (%s)', (target) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(target);
  });
  afterAll(async () => server?.close());

  const newUser = async () => (await newUserWithId()).browser;

  async function newUserWithId(identity: TestIdentity = 'anna') {
    const email = `${randomUUID()}@example.com`;
    const browser = await signUp(server, email);
    return { browser, userId: await claimIdentity(server, email, identity) };
  }

  it('passes a licence that matches the records, and keeps its number encrypted', async () => {
    const { browser, userId } = await newUserWithId();
    const passed = await browser.post('/api/verifydrivinglicence', annaLicence);
    expect(passed).toEqual({
      status: 200,
      body: { check: 'DrivingLicence', verified: true, userRequirements: [], assuranceChoice: [] },
    });
    const [evidence] = await server.ctx.evidence.forUser(userId);
    expect(evidence).toMatchObject({
      check: 'DrivingLicence',
      scores: { strength: 3, validity: 2 },
      attributes: {
        family_name: 'SMITH',
        document: { type: 'driving_permit', number: 'SMITH852175A99AB' },
      },
    });
    const rows = JSON.stringify(
      await server.ctx.database.db.selectFrom('evidence').selectAll().execute(),
    );
    expect(rows).not.toContain('SMITH852175A99AB');
  });

  it('answers details that disagree with every record as a counted retry, not a failure', async () => {
    const { browser, userId } = await newUserWithId();
    const missing = await browser.post('/api/verifydrivinglicence', {
      ...annaLicence,
      postcode: 'SW1A 1AA',
    });
    expect(missing.status).toBe(404);
    expect((missing.body.error as { code: string }).code).toBe('check_record_not_found');
    expect(await server.ctx.evidence.forUser(userId)).toEqual([]);
    const passed = await browser.post('/api/verifydrivinglicence', annaLicence);
    expect(passed.body).toMatchObject({ verified: true });
  });

  it("fails another person's licence, keeps nothing of it, and holds the check back", async () => {
    const { browser, userId } = await newUserWithId('ada');
    const failed = await browser.post('/api/verifydrivinglicence', annaLicence);
    expect(failed).toEqual({
      status: 200,
      body: { check: 'DrivingLicence', verified: false, userRequirements: [], assuranceChoice: [] },
    });
    const [evidence] = await server.ctx.evidence.forUser(userId);
    expect(evidence).toMatchObject({ outcome: 'failed', attributes: null });
    expect((await server.ctx.audit.forUser(userId)).map((event) => event.type)).toContain(
      'identity_check_mismatch',
    );
    const again = await browser.post('/api/verifydrivinglicence', annaLicence);
    expect(again.status).toBe(409);
  });

  it('refuses a number that does not encode the surname and date of birth, and every bad field', async () => {
    const browser = await newUser();
    const bad = await browser.post('/api/verifydrivinglicence', {
      ...annaLicence,
      dob: '1985-02-18',
      expiry: '2020-01-01',
      postcode: 'X',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatchObject({
      code: 'validation_failed',
      details: {
        number: 'Driving Licence number does not match your surname and date of birth',
        expiry: 'Driving Licence must not have expired',
        postcode: 'Postcode is invalid',
      },
    });
    const malformed = await browser.post('/api/verifydrivinglicence', {
      ...annaLicence,
      number: 'ABC',
    });
    expect((malformed.body.error as { details: object }).details).toEqual({
      number: 'Driving Licence number is invalid',
    });
    expect(
      (await new ApiBrowser(server).post('/api/verifydrivinglicence', annaLicence)).status,
    ).toBe(401);
  });

  it('answers 503 when the licence service is down', async () => {
    const browser = await newUser();
    const down = await browser.post('/api/verifydrivinglicence', {
      ...annaLicence,
      surname: 'Outage',
      given: 'Anna',
      dob: '1999-01-01',
      number: 'OUTAG901019A99ZZ',
    });
    expect(down.status).toBe(503);
  });
});
