/**
 * The photo checks by a vendor (issue 20 item 5, PHOTO_ID_PROVIDER=vendor), over real HTTP on
 * SQLite and PostgreSQL, against a fake vendor across the network (test/fakePhotoVendor.ts):
 * the photo sent, 202 pending, the vendor's signed webhook, the result fetched from the vendor,
 * and the browser's status poll settling it with the local path's outcome code.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import * as oidc from 'openid-client';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { portrait } from '../../../../test/photoFaces.js';
import { renderPassportPage, withExifOrientation } from '../../../../test/photoSpecimens.js';
import { databaseTargets } from '../../../test/databases.js';
import { FakePhotoVendor, type FakeDocumentPerson } from '../../../test/fakePhotoVendor.js';
import { ApiBrowser, redirectUri, startSignInRequest } from '../../../test/journey.js';
import {
  errorCodeOf as codeOf,
  startPhotoServer,
  userChoosing as choosing,
  verifiedClaimsRequest,
  type PhotoServer,
} from '../../../test/photoChecks.js';
import type { TestServer } from '../../../test/testServer.js';
import { identityAssuranceSchemas } from '../../../test/verifiedClaimsSchema.js';
import { attemptSubject, checkLimits } from '../../checks/checkStep.js';
import { CLAIM_MS } from '../photoImageStore.js';
import { PULL_AFTER_MS } from './pendingPhotoSettle.js';
import { webhookBadSignatures } from './webhookRoute.js';
import { signWebhook } from './webhookSignature.js';

const apiToken = `api_test.${randomBytes(16).toString('hex')}`;
const webhookToken = `webhook.${randomBytes(16).toString('hex')}`;

/** Anna Smith (test/identities.ts) as the vendor reads her passport. */
const anna: FakeDocumentPerson = {
  firstName: 'ANNA',
  lastName: 'SMITH',
  birthDate: '1985-02-17',
  expiryDate: '2031-04-30',
  number: '533401372',
};

const photos = {} as Record<'passport' | 'selfie', Buffer>;

beforeAll(async () => {
  const face = await portrait(0);
  // With EXIF (an orientation): what reaches the vendor must carry no metadata.
  photos.passport = await withExifOrientation(
    await renderPassportPage({
      person: { ...anna, surname: 'SMITH', givenNames: 'ANNA', sex: 'F' },
      portrait: face,
    }),
    1,
  );
  photos.selfie = await portrait(1);
});

type Answer = { status: number; body: Record<string, unknown> };

describe.each(databaseTargets())('photo ID by a vendor (%s)', (target) => {
  let photo: PhotoServer;
  let server: TestServer;
  let fake: FakePhotoVendor;
  let config: oidc.Configuration;
  let selfieConfig: oidc.Configuration;

  beforeAll(async () => {
    fake = new FakePhotoVendor(apiToken, webhookToken, anna);
    await fake.start();
    photo = await startPhotoServer(target, {
      PHOTO_ID_PROVIDER: 'vendor',
      PHOTO_VENDOR_URL: fake.url,
      PHOTO_VENDOR_API_TOKEN: apiToken,
      PHOTO_VENDOR_WEBHOOK_TOKEN: webhookToken,
      PHOTO_VENDOR_TIMEOUT_MS: '1000',
    });
    ({ server, config, selfieConfig } = photo);
    fake.webhookUrl = `${server.url}/api/photoid/webhook`;
  });
  afterAll(async () => {
    await server?.close();
    await fake?.close();
  });
  beforeEach(() => {
    fake.next = { document: 'clear', selfie: 'clear', person: anna };
    fake.failWith = null;
    fake.failNext = 0;
    fake.delayMs = 0;
    fake.autoDeliver = null;
  });

  const userChoosing = (checks: string[], params: Record<string, string> = {}) =>
    choosing(photo, checks, { params });

  async function send(browser: ApiBrowser, path: string, body: Buffer): Promise<Answer> {
    const response = await browser.fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'image/png' },
      body: new Uint8Array(body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  async function status(browser: ApiBrowser, requestId: string): Promise<Answer> {
    const response = await browser.fetch(`${server.url}/api/photoid/status?requestId=${requestId}`);
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  /** Polls as the SPA does until the answer is no longer pending. */
  async function settled(browser: ApiBrowser, requestId: string): Promise<Answer> {
    for (let poll = 0; poll < 100; poll++) {
      const answer = await status(browser, requestId);
      if (answer.status !== 202) return answer;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('still pending');
  }

  /** A passport photo sent, its check started at the vendor (202), its webhook delivered. */
  async function passportAnswered(browser: ApiBrowser, requestId: string) {
    const sent = await send(
      browser,
      `/api/photoid/passport?requestId=${requestId}`,
      photos.passport,
    );
    expect(sent).toEqual({ status: 202, body: { check: 'GenuinePassport', pending: true } });
    const checkId = fake.lastCheck().id;
    expect(await fake.deliver(checkId)).toEqual({ status: 200, body: { received: true } });
    return checkId;
  }

  async function verifiedClaimsOf(
    browser: ApiBrowser,
    client: oidc.Configuration,
    { requestId, state, verifier }: { requestId: string; state: string; verifier: string },
  ): Promise<Record<string, unknown>> {
    await browser.post(`/api/consent?requestId=${requestId}`, { Approved: true });
    const generated = await browser.post('/api/generateresponse', { requestId });
    let response = await browser.fetch(generated.body.redirect_Uri as string);
    while (!response.headers.get('location')!.startsWith(redirectUri))
      response = await browser.fetch(new URL(response.headers.get('location')!, server.url).href);
    const tokens = await oidc.authorizationCodeGrant(
      client,
      new URL(response.headers.get('location')!),
      { pkceCodeVerifier: verifier, expectedState: state },
    );
    return tokens.claims()!.verified_claims as Record<string, unknown>;
  }

  const attemptsLeft = async (check: 'GenuinePassport' | 'SelfieComparison', userId: string) =>
    (await server.ctx.rateLimiter.peek(checkLimits.perUser, attemptSubject(check, userId)))
      .remaining;

  it('takes the phone’s photo to the vendor too: pending on the phone, whose own poll settles it; the desktop then sees the result', async () => {
    const { browser, userId, requestId } = await userChoosing(['GenuinePassport']);
    const created = await browser.postWithHeaders(`/api/photoid/handoff?requestId=${requestId}`, {
      check: 'GenuinePassport',
    });
    const token = new URL((created.body as { link: string }).link).hash.slice(1);
    let device: string | null = null;
    const phone = async (method: 'GET' | 'POST', path: string, photo?: Buffer) => {
      const headers: Record<string, string> = { authorization: `Handoff ${token}` };
      if (device) headers['x-handoff-device'] = device;
      if (photo) headers['content-type'] = 'image/png';
      const response = await fetch(`${server.url}/api/photoid/handoff/phone${path}`, {
        method,
        headers,
        body: photo ? new Uint8Array(photo) : undefined,
      });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    };
    const desktopSees = async () =>
      (await (
        await browser.fetch(`${server.url}/api/photoid/handoff/status?requestId=${requestId}`)
      ).json()) as Record<string, unknown>;
    device = (await phone('POST', '/open')).body.device as string;

    fake.autoDeliver = 100;
    expect(await phone('POST', '/document', photos.passport)).toEqual({
      status: 202,
      body: { check: 'GenuinePassport', pending: true },
    });
    expect(await desktopSees()).toMatchObject({ state: 'phone_opened' });
    let answer = await phone('GET', '/status');
    for (let poll = 0; poll < 100 && answer.status === 202; poll++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      answer = await phone('GET', '/status');
    }
    const result = { check: 'GenuinePassport', verified: true, userRequirements: [] };
    expect(answer).toMatchObject({ status: 200, body: result });
    expect(await desktopSees()).toMatchObject({ state: 'done', result });
    expect(await server.ctx.evidence.forUser(userId)).toMatchObject([
      { check: 'GenuinePassport', outcome: 'passed' },
    ]);
    // The link is used up with the result.
    expect((await phone('GET', '/status')).status).toBe(410);
  });

  it('passes a matching passport: pending, the signed webhook, the poll settles it with the vendor’s scores; verified_claims valid; no metadata sent', async () => {
    const schemas = identityAssuranceSchemas();
    const claims = JSON.stringify({ id_token: { verified_claims: verifiedClaimsRequest } });
    const request = await userChoosing(['GenuinePassport'], { claims });
    const { browser, userId, requestId } = request;
    // The vendor completes and calls back by itself, as the real one does.
    fake.autoDeliver = 100;
    const sent = await send(
      browser,
      `/api/photoid/passport?requestId=${requestId}`,
      photos.passport,
    );
    expect(sent).toEqual({ status: 202, body: { check: 'GenuinePassport', pending: true } });
    expect(await server.ctx.evidence.forUser(userId)).toEqual([]);

    const result = await settled(browser, requestId);
    expect(result).toEqual({
      status: 200,
      body: {
        check: 'GenuinePassport',
        verified: true,
        userRequirements: ['consent'],
        assuranceChoice: [],
      },
    });
    const [evidence] = await server.ctx.evidence.forUser(userId);
    expect(evidence).toMatchObject({
      check: 'GenuinePassport',
      outcome: 'passed',
      provider: 'onfido',
      transactionId: fake.lastCheck().id,
      scores: { strength: 4, validity: 2, activity: 0, fraud: 0, verification: 0 },
      attributes: {
        given_name: 'ANNA',
        family_name: 'SMITH',
        birthdate: '1985-02-17',
        document: { type: 'passport', number: '533401372', dateOfExpiry: '2031-04-30' },
      },
    });
    // The vendor got a JPEG without EXIF, and no name or details of the applicant.
    const upload = fake.uploads.at(-1)!;
    expect(upload.fields).toMatchObject({ type: 'passport', issuing_country: 'GBR' });
    expect(upload.fileType).toBe('image/jpeg');
    expect((await sharp(upload.file).metadata()).exif).toBeUndefined();
    // Settled once: the pending row keeps the answer, its photo and result erased.
    const rows = await server.ctx.database.db
      .selectFrom('photo_vendor_checks')
      .selectAll()
      .where('user_id', '=', userId)
      .execute();
    expect(rows).toMatchObject([{ image: '', result: null, consumed_at: expect.anything() }]);
    expect(await status(browser, requestId)).toEqual(result);

    const verified = await verifiedClaimsOf(browser, config, request);
    expect(schemas.response({ verified_claims: verified }), schemas.errors()).toBe(true);
    expect(verified).toMatchObject({
      verification: {
        evidence: [
          {
            type: 'document',
            check_details: [{ check_method: 'vri', organization: 'onfido' }],
            document_details: { type: 'passport' },
          },
        ],
      },
    });
  });

  it('fails a document the vendor finds not genuine: a failed check, validity 0, the choice cleared', async () => {
    const { browser, userId, requestId } = await userChoosing(['GenuinePassport']);
    fake.next.document = 'suspected';
    await passportAnswered(browser, requestId);
    expect(await settled(browser, requestId)).toEqual({
      status: 200,
      body: {
        check: 'GenuinePassport',
        verified: false,
        userRequirements: ['assurance'],
        assuranceChoice: [],
      },
    });
    expect(await server.ctx.evidence.forUser(userId)).toMatchObject([
      {
        check: 'GenuinePassport',
        outcome: 'failed',
        attributes: null,
        scores: { validity: 0, verification: 0 },
      },
    ]);
  });

  it('asks for a retake of a photo the vendor could not process (a counted try, no failed check)', async () => {
    const { browser, userId, requestId } = await userChoosing(['GenuinePassport']);
    fake.next.document = 'rejected';
    await passportAnswered(browser, requestId);
    const retake = await settled(browser, requestId);
    expect([retake.status, retake.body.error]).toEqual([
      422,
      expect.objectContaining({
        code: 'photo_no_document',
        details: { image: 'document', attemptsLeft: 2 },
      }),
    ]);
    // The next poll answers the same, and settles nothing again.
    expect(await status(browser, requestId)).toEqual(retake);
    expect(await server.ctx.evidence.forUser(userId)).toEqual([]);
  });

  it("fails another person's passport (the vendor's data do not match the claimed identity): an audit event, nothing of theirs kept", async () => {
    const { browser, userId, requestId } = await userChoosing(['GenuinePassport']);
    fake.next.person = { ...anna, firstName: 'ADA', lastName: 'LOVELACE', birthDate: '1990-12-10' };
    await passportAnswered(browser, requestId);
    expect((await settled(browser, requestId)).body).toMatchObject({ verified: false });
    expect(await server.ctx.evidence.forUser(userId)).toMatchObject([
      { check: 'GenuinePassport', outcome: 'failed', attributes: null },
    ]);
    const audit = (await server.ctx.audit.forUser(userId)).map((event) => event.type);
    expect(audit).toContain('identity_check_mismatch');
  });

  it('refuses an expired document the vendor flags with caution, as the local path does', async () => {
    const { browser, userId, requestId } = await userChoosing(['GenuinePassport']);
    fake.next = {
      ...fake.next,
      document: 'caution',
      person: { ...anna, expiryDate: '2019-01-31' },
    };
    await passportAnswered(browser, requestId);
    const refused = await settled(browser, requestId);
    expect([refused.status, codeOf(refused)]).toEqual([422, 'photo_document_expired']);
    expect(await server.ctx.evidence.forUser(userId)).toEqual([]);
  });

  it('passes a selfie the vendor matches with presentation-attack detection: verification 3, valid verified_claims', async () => {
    const schemas = identityAssuranceSchemas();
    const claims = JSON.stringify({ id_token: { verified_claims: verifiedClaimsRequest } });
    const request = await userChoosing(['GenuinePassport', 'SelfieComparison'], { claims });
    const { browser, userId, requestId } = request;
    await passportAnswered(browser, requestId);
    expect((await settled(browser, requestId)).body).toMatchObject({
      verified: true,
      assuranceChoice: ['SelfieComparison'],
    });
    const sent = await send(browser, `/api/photoid/selfie?requestId=${requestId}`, photos.selfie);
    expect(sent).toEqual({ status: 202, body: { check: 'SelfieComparison', pending: true } });
    // The held document photo stays claimed while the vendor compares (longer than a local one).
    const [claimed] = await server.ctx.database.db
      .selectFrom('photo_images')
      .select('claimed_until')
      .where('user_id', '=', userId)
      .execute();
    expect(Number(claimed!.claimed_until)).toBeGreaterThan(Date.now() + CLAIM_MS);
    // The held document photo and the selfie went to the vendor's facial similarity check.
    expect(fake.lastCheck().reportNames).toEqual(['facial_similarity_photo']);
    expect(fake.uploads.slice(-2).map((upload) => upload.path)).toEqual([
      '/v3.6/documents',
      '/v3.6/live_photos',
    ]);
    await fake.deliver(fake.lastCheck().id);
    expect(await settled(browser, requestId)).toEqual({
      status: 200,
      body: {
        check: 'SelfieComparison',
        verified: true,
        userRequirements: ['consent'],
        assuranceChoice: [],
      },
    });
    const selfie = (await server.ctx.evidence.forUser(userId)).find(
      (evidence) => evidence.check === 'SelfieComparison',
    );
    expect(selfie).toMatchObject({
      outcome: 'passed',
      provider: 'onfido',
      scores: { verification: 3 },
    });
    // Both checks completed: no photo held any more.
    const held = await server.ctx.database.db
      .selectFrom('photo_images')
      .selectAll()
      .where('user_id', '=', userId)
      .execute();
    expect(held).toEqual([]);
    const verified = await verifiedClaimsOf(browser, selfieConfig, request);
    expect(schemas.response({ verified_claims: verified }), schemas.errors()).toBe(true);
  });

  it("fails a selfie of another face: a mismatch, verification 0, the selfie's photo not kept", async () => {
    const { browser, userId, requestId } = await userChoosing([
      'GenuinePassport',
      'SelfieComparison',
    ]);
    await passportAnswered(browser, requestId);
    await settled(browser, requestId);
    fake.next.selfie = 'otherFace';
    const sent = await send(browser, `/api/photoid/selfie?requestId=${requestId}`, photos.selfie);
    expect(sent.status).toBe(202);
    await fake.deliver(fake.lastCheck().id);
    expect((await settled(browser, requestId)).body).toMatchObject({
      check: 'SelfieComparison',
      verified: false,
      assuranceChoice: [],
    });
    const selfie = (await server.ctx.evidence.forUser(userId)).find(
      (evidence) => evidence.check === 'SelfieComparison',
    );
    expect(selfie).toMatchObject({
      outcome: 'failed',
      attributes: null,
      scores: { verification: 0 },
    });
    const audit = (await server.ctx.audit.forUser(userId)).map((event) => event.type);
    expect(audit).toContain('identity_check_mismatch');
  });

  it('takes a document passed before again for the selfie through the vendor: held, no second evidence; another number is a retake', async () => {
    const { browser, userId } = await userChoosing(['GenuinePassport']);
    await server.ctx.evidence.record(userId, {
      check: 'GenuinePassport',
      outcome: 'passed',
      provider: 'onfido',
      transactionId: randomUUID(),
      scores: { strength: 4, validity: 2, activity: 0, fraud: 0, verification: 0 },
      attributes: {
        given_name: 'ANNA',
        family_name: 'SMITH',
        birthdate: '1985-02-17',
        document: {
          type: 'passport',
          number: '533401372',
          dateOfExpiry: '2031-04-30',
          issuer: { name: 'HM Passport Office', country: 'GB' },
        },
      },
    });
    const { requestId } = await startSignInRequest(server, selfieConfig, browser, {
      state: oidc.randomState(),
    });
    const chosen = await browser.post(`/api/verification/${requestId}/choice`, {
      checks: ['SelfieComparison'],
    });
    expect(chosen.status).toBe(200);
    const path = `/api/photoid/passport?requestId=${requestId}`;
    // Another passport of hers first: not the one the selfie would stand on.
    fake.next.person = { ...anna, number: '987654321' };
    expect((await send(browser, path, photos.passport)).status).toBe(202);
    await fake.deliver(fake.lastCheck().id);
    const other = await settled(browser, requestId);
    expect([other.status, codeOf(other)]).toEqual([422, 'photo_document_not_same']);
    fake.next.person = anna;
    expect((await send(browser, path, photos.passport)).status).toBe(202);
    await fake.deliver(fake.lastCheck().id);
    expect((await settled(browser, requestId)).body).toMatchObject({
      check: 'GenuinePassport',
      verified: true,
      assuranceChoice: ['SelfieComparison'],
    });
    const held = await server.ctx.database.db
      .selectFrom('photo_images')
      .select(['kind', 'request_uid'])
      .where('user_id', '=', userId)
      .execute();
    expect(held).toHaveLength(1);
    expect((await server.ctx.evidence.forUser(userId)).map((item) => item.check)).toEqual([
      'GenuinePassport',
    ]);
    expect(
      (await send(browser, `/api/photoid/selfie?requestId=${requestId}`, photos.selfie)).status,
    ).toBe(202);
    await fake.deliver(fake.lastCheck().id);
    expect((await settled(browser, requestId)).body).toMatchObject({
      check: 'SelfieComparison',
      verified: true,
    });
    // The selfie's three tries were used: the other passport, the document again, the selfie.
    expect(await attemptsLeft('SelfieComparison', userId)).toBe(0);
  });

  it('asks the vendor itself when no webhook came after 20 s, once for parallel polls; still running is still pending', async () => {
    const { browser, userId, requestId } = await userChoosing(['GenuinePassport']);
    await send(browser, `/api/photoid/passport?requestId=${requestId}`, photos.passport);
    const checkId = fake.lastCheck().id;
    const backdate = () =>
      server.ctx.database.db
        .updateTable('photo_vendor_checks')
        .set({ created_at: Date.now() - PULL_AFTER_MS - 1000 })
        .where('vendor_check_id', '=', checkId)
        .execute();
    const asked = () => fake.calls.filter((call) => call === `GET /v3.6/checks/${checkId}`).length;
    // Too early: the poll does not ask.
    expect((await status(browser, requestId)).status).toBe(202);
    expect(asked()).toBe(0);
    // Late, but the vendor is still at it: asked once, still pending.
    await backdate();
    expect((await status(browser, requestId)).status).toBe(202);
    expect(asked()).toBe(1);
    // Done at the vendor, its webhook lost: the next poll allowed to ask settles it.
    fake.complete(checkId);
    // The ask of a moment ago holds the next one back for 10 s: ended here.
    const { id } = await server.ctx.database.db
      .selectFrom('photo_vendor_checks')
      .select('id')
      .where('vendor_check_id', '=', checkId)
      .executeTakeFirstOrThrow();
    await server.ctx.kv.delete(`photo-vendor-pull:${id}`);
    const polls = await Promise.all(Array.from({ length: 4 }, () => status(browser, requestId)));
    expect(asked()).toBe(2);
    expect(polls.every((poll) => poll.status === 200 || poll.status === 202)).toBe(true);
    expect((await settled(browser, requestId)).body).toMatchObject({ verified: true });
    expect(await server.ctx.evidence.forUser(userId)).toHaveLength(1);
  });

  it('refuses a webhook without the right signature (401) and changes nothing; the signed one then settles', async () => {
    const { browser, userId, requestId } = await userChoosing(['GenuinePassport']);
    await send(browser, `/api/photoid/passport?requestId=${requestId}`, photos.passport);
    const checkId = fake.lastCheck().id;
    const body = fake.event(checkId);
    const forged = [
      { signature: null },
      { signature: signWebhook(body, 'another-webhook-token') },
      { signature: signWebhook(body, webhookToken).replace(/^./, (c) => (c === '0' ? '1' : '0')) },
      { signature: 'not hex at all' },
      // Signed, then changed: another check's id put in.
      {
        body: Buffer.from(body.toString().replace(checkId, randomUUID())),
        signature: signWebhook(body, webhookToken),
      },
    ];
    for (const attempt of forged) {
      const answer = await fake.deliver(checkId, attempt);
      expect([answer.status, (answer.body as Answer['body']).error]).toEqual([
        401,
        expect.objectContaining({ code: 'photo_webhook_signature_invalid' }),
      ]);
    }
    expect(await status(browser, requestId)).toEqual({
      status: 202,
      body: { check: 'GenuinePassport', pending: true },
    });
    expect(await server.ctx.evidence.forUser(userId)).toEqual([]);
    expect((await fake.deliver(checkId)).status).toBe(200);
    expect((await settled(browser, requestId)).body).toMatchObject({ verified: true });
  });

  it('takes a webhook once: a replay, before or after the settle, settles nothing again', async () => {
    const { browser, userId, requestId } = await userChoosing(['GenuinePassport']);
    const checkId = await passportAnswered(browser, requestId);
    const callsBefore = fake.calls.length;
    expect(await fake.deliver(checkId)).toEqual({ status: 200, body: { received: true } });
    // The replay did not even ask the vendor again.
    expect(fake.calls.length).toBe(callsBefore);
    const first = await settled(browser, requestId);
    expect(await fake.deliver(checkId)).toEqual({ status: 200, body: { received: true } });
    expect(await status(browser, requestId)).toEqual(first);
    expect(await server.ctx.evidence.forUser(userId)).toHaveLength(1);
  });

  it('answers 404 to a webhook for a check it does not know, and ignores a stale or other event', async () => {
    const { browser, requestId } = await userChoosing(['GenuinePassport']);
    await send(browser, `/api/photoid/passport?requestId=${requestId}`, photos.passport);
    const checkId = fake.lastCheck().id;
    const unknown = await fake.deliver(randomUUID());
    expect([unknown.status, codeOf(unknown as Answer)]).toEqual([404, 'photo_check_not_pending']);
    const stale = Buffer.from(
      JSON.stringify({
        payload: {
          resource_type: 'check',
          action: 'check.completed',
          object: { id: checkId, completed_at_iso8601: '2020-01-01T00:00:00Z' },
        },
      }),
    );
    expect((await fake.deliver(checkId, { body: stale })).status).toBe(200);
    const started = fake.event(checkId, 'check.started');
    expect((await fake.deliver(checkId, { body: started })).status).toBe(200);
    const junk = Buffer.from('{"payload":');
    expect((await fake.deliver(checkId, { body: junk })).status).toBe(400);
    expect((await status(browser, requestId)).status).toBe(202);
  });

  it('gives the try back when the vendor is down or slow (503), never retrying a POST', async () => {
    const { browser, userId, requestId } = await userChoosing(['GenuinePassport']);
    const path = `/api/photoid/passport?requestId=${requestId}`;
    fake.failWith = 503;
    const down = await send(browser, path, photos.passport);
    expect([down.status, codeOf(down)]).toEqual([503, 'service_unavailable']);
    fake.failWith = null;
    fake.delayMs = 1500;
    const before = fake.calls.length;
    const slow = await send(browser, path, photos.passport);
    expect([slow.status, codeOf(slow)]).toEqual([503, 'service_unavailable']);
    expect(fake.calls.slice(before)).toEqual(['POST /v3.6/applicants']);
    fake.delayMs = 0;
    expect(await attemptsLeft('GenuinePassport', userId)).toBe(3);
    expect((await status(browser, requestId)).status).toBe(404);
    // The webhook's GETs are retried: a passing 503 of the vendor is not the user's problem.
    await send(browser, path, photos.passport);
    fake.failNext = 1;
    expect((await fake.deliver(fake.lastCheck().id)).status).toBe(200);
    expect((await settled(browser, requestId)).body).toMatchObject({ verified: true });
  });

  it('settles once when the browser polls many times at once', async () => {
    const { browser, userId, requestId } = await userChoosing(['GenuinePassport']);
    await passportAnswered(browser, requestId);
    // Every poll has read the check as answered and unsettled before any goes on to settle it.
    const n = 8;
    const store = server.ctx.pendingPhotoChecks;
    const latest = store.latest.bind(store);
    let arrived = 0;
    let release!: () => void;
    const allRead = new Promise<void>((resolve) => (release = resolve));
    store.latest = async (...args) => {
      const found = await latest(...args);
      if (++arrived === n) release();
      await allRead;
      return found;
    };
    let polls: Answer[];
    try {
      polls = await Promise.all(Array.from({ length: n }, () => status(browser, requestId)));
    } finally {
      store.latest = latest;
    }
    expect(arrived).toBe(n);
    const results = polls.filter((poll) => poll.status === 200);
    expect(results).toHaveLength(1);
    expect(polls.filter((poll) => poll.status === 202)).toHaveLength(n - 1);
    expect(await settled(browser, requestId)).toEqual(results[0]);
    expect(await server.ctx.evidence.forUser(userId)).toHaveLength(1);
    const audit = (await server.ctx.audit.forUser(userId)).map((event) => event.type);
    expect(audit.filter((type) => type === 'identity_check_passed')).toHaveLength(1);
  });

  // Last: it leaves this address limited for the webhook.
  it('refuses an address after 20 wrong signatures in an hour (429), even with the right one', async () => {
    const { browser, requestId } = await userChoosing(['GenuinePassport']);
    await send(browser, `/api/photoid/passport?requestId=${requestId}`, photos.passport);
    const checkId = fake.lastCheck().id;
    const wrong = signWebhook(fake.event(checkId), 'guessed-webhook-token');
    // The forged webhooks of the test above counted already.
    const { remaining } = await server.ctx.rateLimiter.peek(webhookBadSignatures, '127.0.0.1');
    expect(remaining).toBeLessThan(20);
    const answers: number[] = [];
    for (let attempt = 0; attempt <= remaining; attempt++)
      answers.push((await fake.deliver(checkId, { signature: wrong })).status);
    expect(answers).toEqual([...Array<number>(remaining).fill(401), 429]);
    const right = await fake.deliver(checkId);
    expect([right.status, codeOf(right as Answer)]).toEqual([429, 'rate_limited']);
    expect((await status(browser, requestId)).status).toBe(202);
  });

  it('answers 404 to a status poll with no vendor check in the request', async () => {
    const { browser, requestId } = await userChoosing(['GenuinePassport']);
    const answer = await status(browser, requestId);
    expect([answer.status, codeOf(answer)]).toEqual([404, 'photo_check_not_pending']);
  });
});
