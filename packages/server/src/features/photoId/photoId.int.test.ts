/**
 * The photo checks without the app (issue 20), over real HTTP on SQLite and PostgreSQL:
 * GenuinePassport, GenuineDrivingLicence and SelfieComparison by the local image pipeline,
 * from specimen documents rendered once for the file (OCR and face models cost CPU: each
 * outcome is read once per database) and real face photos (test/photoFaces.ts).
 */
import { randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import * as oidc from 'openid-client';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alteredCopy, noFace, portrait, twoPeople } from '../../../test/photoFaces.js';
import {
  blurred,
  renderLicenceCard,
  renderPassportPage,
  withGlare,
} from '../../../test/photoSpecimens.js';
import { databaseTargets } from '../../test/databases.js';
import type { TestIdentity } from '../../test/identities.js';
import {
  ApiBrowser,
  redirectUri,
  signUp,
  startSignInRequest,
  strongPassword,
} from '../../test/journey.js';
import {
  annaSpecimen as anna,
  gated,
  startPhotoServer,
  totpCode as code,
  userChoosing as choosing,
  verifiedClaimsRequest,
  type PhotoServer,
} from '../../test/photoChecks.js';
import type { TestServer } from '../../test/testServer.js';
import { identityAssuranceSchemas } from '../../test/verifiedClaimsSchema.js';
import { maxImageBytes } from './images.js';
import { PhotoImageStore } from './photoImageStore.js';
import { PhotoPipelineUnavailable } from './photoPipelineUnavailable.js';

const photos = {} as Record<
  | 'passport'
  | 'brokenMrz'
  | 'blurred'
  | 'glare'
  | 'licence'
  | 'sameFace'
  | 'otherFace'
  | 'noFace'
  | 'twoFaces'
  | 'tiny',
  Buffer
>;

beforeAll(async () => {
  const [face, other] = await Promise.all([portrait(0), portrait(1)]);
  photos.passport = await renderPassportPage({ person: anna, portrait: face });
  // The specimen's own person: with Anna's birth date the broken digit (5 made 6) is one the
  // reader's correction takes for a misread, and reads as valid.
  photos.brokenMrz = await renderPassportPage({ breakCheckDigit: true });
  photos.blurred = await blurred(photos.passport, 8);
  photos.glare = await withGlare(photos.passport);
  photos.licence = await renderLicenceCard({ person: anna, portrait: face });
  // The same person: an altered copy of the document's portrait (the registry has one other
  // photo of one person only: photoFaces.ts).
  photos.sameFace = await alteredCopy(face);
  photos.otherFace = other;
  photos.noFace = await noFace();
  photos.twoFaces = await twoPeople(face, other);
  // Read in no time: a PNG too small to be a document or a selfie (photo_too_small).
  photos.tiny = await sharp({
    create: { width: 32, height: 32, channels: 3, background: '#808080' },
  })
    .png()
    .toBuffer();
});

/** Anna's passport as a passed GenuinePassport's evidence (no OCR), with this number. */
const annaPassportEvidence = (number: string) =>
  ({
    check: 'GenuinePassport',
    outcome: 'passed',
    provider: 'verity-local-photo',
    transactionId: randomUUID(),
    scores: { strength: 4, validity: 2, activity: 0, fraud: 0, verification: 0 },
    attributes: {
      given_name: 'ANNA',
      family_name: 'SMITH',
      birthdate: '1985-02-17',
      document: {
        type: 'passport',
        number,
        dateOfExpiry: '2031-04-30',
        issuer: { name: 'HM Passport Office', country: 'GB' },
      },
    },
  }) as const;

const smallPng = async () => {
  const png = await sharp({
    create: { width: 64, height: 48, channels: 3, background: '#808080' },
  })
    .png()
    .toBuffer();
  return { png, width: 64, height: 48 };
};

describe.each(databaseTargets())('photo ID without the app (%s)', (target) => {
  let photo: PhotoServer;
  let server: TestServer;
  /** A client taking a document photo alone; and one that needs a selfie with a passport. */
  let config: oidc.Configuration;
  let selfieConfig: oidc.Configuration;

  beforeAll(async () => {
    photo = await startPhotoServer(target);
    ({ server, config, selfieConfig } = photo);
  });
  afterAll(async () => server?.close());

  /** A new user (profile `identity`, or none) in a new request, with this option chosen. */
  const userChoosing = (
    checks: string[],
    identity: TestIdentity | null = 'anna',
    params: Record<string, string> = {},
  ) => choosing(photo, checks, { identity, params });

  async function send(
    browser: ApiBrowser,
    path: string,
    body: Buffer | string,
    type = 'image/png',
  ): Promise<{ status: number; body: Record<string, unknown> }> {
    const response = await browser.fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': type },
      body: typeof body === 'string' ? body : new Uint8Array(body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  /** Consent, then the code exchanged: the ID token's verified_claims. */
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

  /**
   * `n` photos sent at once, with the provider held until all but one have been answered:
   * the answers' statuses and codes, sorted, and how often the provider was asked.
   */
  async function atOnce(browser: ApiBrowser, path: string, body: Buffer, n: number) {
    const gate = gated(server.ctx.photoId!);
    const real = server.ctx.photoId;
    server.ctx.photoId = gate.provider;
    try {
      let answered = 0;
      const answers = await Promise.all(
        Array.from({ length: n }, () =>
          send(browser, path, body).then((answer) => {
            if (++answered === n - 1) gate.open();
            return answer;
          }),
        ),
      );
      const codes = answers
        .map(({ status, body: answer }) => [status, (answer.error as { code?: string })?.code])
        .sort();
      return { codes, calls: gate.calls, answers };
    } finally {
      server.ctx.photoId = real;
    }
  }

  const photoRows = async (userId: string) =>
    server.ctx.database.db
      .selectFrom('photo_images')
      .selectAll()
      .where('user_id', '=', userId)
      .execute();

  it('passes a matching passport photo: its fields are the evidence, verified_claims a document checked from images, the photo deleted', async () => {
    const schemas = identityAssuranceSchemas();
    const claims = JSON.stringify({ id_token: { verified_claims: verifiedClaimsRequest } });
    const { browser, userId, requestId, state, verifier } = await userChoosing(
      ['GenuinePassport'],
      'anna',
      { claims },
    );

    const passed = await send(
      browser,
      `/api/photoid/passport?requestId=${requestId}`,
      photos.passport,
    );
    expect(passed).toEqual({
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
      provider: 'verity-local-photo',
      // No chip read: validity 2 (docs/flows/identity-checks.md).
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
    // No selfie follows: the photo went with the check.
    expect(await photoRows(userId)).toEqual([]);

    const verified = await verifiedClaimsOf(browser, config, { requestId, state, verifier });
    expect(schemas.response({ verified_claims: verified }), schemas.errors()).toBe(true);
    expect(verified).toMatchObject({
      verification: {
        trust_framework: 'uk_diatf',
        evidence: [
          {
            type: 'document',
            check_details: [{ check_method: 'vri', organization: 'verity-local-photo' }],
            document_details: { type: 'passport' },
          },
        ],
      },
      claims: { given_name: 'ANNA', family_name: 'SMITH', birthdate: '1985-02-17' },
    });
  });

  it("fails another person's passport: a failed check without their details, an audit event, the choice cleared, their photo not kept", async () => {
    const { browser, userId, requestId } = await userChoosing(['GenuinePassport'], 'ada');
    // Even where completed checks' photos are kept for disputes, another person's is not.
    const usual = server.ctx.photoImages;
    server.ctx.photoImages = new PhotoImageStore(server.ctx.database.db, server.ctx.encryption, 30);
    const failed = await send(
      browser,
      `/api/photoid/passport?requestId=${requestId}`,
      photos.passport,
    ).finally(() => (server.ctx.photoImages = usual));
    expect(failed.body).toEqual({
      check: 'GenuinePassport',
      verified: false,
      userRequirements: ['assurance'],
      assuranceChoice: [],
    });
    expect(await server.ctx.assuranceChoices.get(requestId)).toEqual([]);
    expect(await server.ctx.evidence.forUser(userId)).toMatchObject([
      { check: 'GenuinePassport', outcome: 'failed', attributes: null },
    ]);
    const audit = (await server.ctx.audit.forUser(userId)).map((event) => event.type);
    expect(audit).toEqual(
      expect.arrayContaining(['identity_check_mismatch', 'identity_check_failed']),
    );
    expect(await photoRows(userId)).toEqual([]);
  });

  it('gives the try back when the pipeline fails before judging the photo (503)', async () => {
    const { browser, requestId } = await userChoosing(['GenuinePassport']);
    const path = `/api/photoid/passport?requestId=${requestId}`;
    const real = server.ctx.photoId!;
    server.ctx.photoId = {
      ...real,
      readDocument: () => Promise.reject(new PhotoPipelineUnavailable('busy')),
    };
    try {
      const failed = await send(browser, path, photos.blurred);
      expect([failed.status, (failed.body.error as { code: string }).code]).toEqual([
        503,
        'service_unavailable',
      ]);
    } finally {
      server.ctx.photoId = real;
    }
    const retake = await send(browser, path, photos.blurred);
    expect(retake.body.error).toMatchObject({
      code: 'photo_blurred',
      details: { image: 'document', attemptsLeft: 2 },
    });
  });

  it('asks for a retake of an unreadable photo (each a counted try, never a failed check), and after three offers another option', async () => {
    const { browser, userId, requestId } = await userChoosing(['GenuinePassport']);
    const path = `/api/photoid/passport?requestId=${requestId}`;
    const answers = [];
    for (const photo of [photos.brokenMrz, photos.blurred, photos.glare])
      answers.push(await send(browser, path, photo));
    expect(answers.map(({ status, body }) => [status, body.error])).toEqual([
      [
        422,
        expect.objectContaining({
          code: 'photo_mrz_unreadable',
          details: { image: 'document', attemptsLeft: 2 },
        }),
      ],
      [
        422,
        expect.objectContaining({
          code: 'photo_blurred',
          details: { image: 'document', attemptsLeft: 1 },
        }),
      ],
      [
        422,
        expect.objectContaining({
          code: 'photo_glare',
          details: { image: 'document', attemptsLeft: 0 },
        }),
      ],
    ]);
    expect((answers[0]!.body.error as { message: string }).message).toMatch(/take it again/);
    // Three unreadable photos: the screen offers a different option; a fourth waits a day.
    const fourth = await send(browser, path, photos.passport);
    expect(fourth.status).toBe(429);
    expect(await server.ctx.evidence.forUser(userId)).toEqual([]);
    expect(await server.ctx.assuranceChoices.get(requestId)).toEqual(['GenuinePassport']);
    expect(await photoRows(userId)).toEqual([]);
  });

  it('refuses what is not a photo with a retake prompt: wrong type, over 10 MB, corrupt', async () => {
    const { browser, requestId } = await userChoosing(['GenuinePassport']);
    const path = `/api/photoid/passport?requestId=${requestId}`;
    const pdf = Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n');
    // A type that is no image, or no body: refused before anything is counted.
    for (const [body, type] of [
      [pdf, 'application/pdf'],
      ['{}', 'application/json'],
    ] as const) {
      const refused = await send(browser, path, body, type);
      expect([refused.status, refused.body.error]).toEqual([
        415,
        expect.objectContaining({ code: 'photo_unsupported_type', details: { image: 'document' } }),
      ]);
    }
    const tooLarge = await send(browser, path, Buffer.alloc(maxImageBytes + 1), 'image/jpeg');
    expect([tooLarge.status, tooLarge.body.error]).toEqual([
      413,
      expect.objectContaining({ code: 'photo_too_large', details: { image: 'document' } }),
    ]);
    // Declared an image, but the bytes are of a type the server cannot decode (a PDF, an
    // iPhone's HEIC, a GIF): refused from the bytes, before anything is counted.
    const heic = Buffer.from('\0\0\0\x18ftypheic\0\0\0\0mif1heic', 'latin1');
    const gif = Buffer.from('GIF89a\x01\0\x01\0\x80\0\0\0\0\0\xff\xff\xff,', 'latin1');
    for (const [body, type] of [
      [pdf, 'image/png'],
      [heic, 'image/heic'],
      [gif, 'image/gif'],
    ] as const) {
      const refused = await send(browser, path, body, type);
      expect([refused.status, refused.body.error]).toEqual([
        415,
        expect.objectContaining({ code: 'photo_unsupported_type', details: { image: 'document' } }),
      ]);
    }
    // A PNG that stops short is a counted try, the first today.
    const corrupt = await send(browser, path, photos.passport.subarray(0, 4000));
    expect([corrupt.status, corrupt.body.error]).toEqual([
      400,
      expect.objectContaining({
        code: 'photo_corrupt',
        details: { image: 'document', attemptsLeft: 2 },
      }),
    ]);
  });

  // Four face readings on WebAssembly: past the 30 s default on a loaded machine.
  it('compares the selfie with the document’s face: retakes for no face and two faces, then the same person passes, one document in verified_claims', async () => {
    const claims = JSON.stringify({ id_token: { verified_claims: verifiedClaimsRequest } });
    const chosen = await userChoosing(['GenuinePassport', 'SelfieComparison'], 'anna', { claims });
    const { browser, userId, requestId } = chosen;
    const early = await send(
      browser,
      `/api/photoid/selfie?requestId=${requestId}`,
      photos.sameFace,
    );
    expect([early.status, (early.body.error as { code: string }).code]).toEqual([
      409,
      'photo_document_required',
    ]);

    const document = await send(
      browser,
      `/api/photoid/passport?requestId=${requestId}`,
      photos.passport,
    );
    expect(document.body).toMatchObject({ verified: true, assuranceChoice: ['SelfieComparison'] });
    // Held for the selfie, encrypted: no image bytes at rest.
    const held = await photoRows(userId);
    expect(held).toMatchObject([{ check_name: 'GenuinePassport', kind: 'document' }]);
    expect(held[0]!.image).toMatch(/^v1\./);
    expect(held[0]!.image).not.toContain('/9j/');

    const selfie = `/api/photoid/selfie?requestId=${requestId}`;
    const none = await send(browser, selfie, photos.noFace);
    expect([none.status, none.body.error]).toEqual([
      422,
      expect.objectContaining({
        code: 'photo_no_face',
        details: { image: 'selfie', attemptsLeft: 2 },
      }),
    ]);
    const two = await send(browser, selfie, photos.twoFaces);
    expect([two.status, two.body.error]).toEqual([
      422,
      expect.objectContaining({
        code: 'photo_several_faces',
        details: { image: 'selfie', attemptsLeft: 1 },
      }),
    ]);
    const same = await send(browser, selfie, photos.sameFace);
    expect(same.body).toEqual({
      check: 'SelfieComparison',
      verified: true,
      // verified_claims asked for: the user consents to their release.
      userRequirements: ['consent'],
      assuranceChoice: [],
    });
    const evidence = await server.ctx.evidence.forUser(userId);
    expect(evidence.find((item) => item.check === 'SelfieComparison')).toMatchObject({
      outcome: 'passed',
      // Passive liveness from one picture, the selfie perhaps a file: 2, not 3.
      scores: { verification: 2 },
      attributes: { family_name: 'SMITH', document: { type: 'passport' } },
    });
    // The check is complete: both photos are gone.
    expect(await photoRows(userId)).toEqual([]);

    // One passport, inspected from its photo and compared with the selfie: one evidence entry.
    const verified = await verifiedClaimsOf(browser, selfieConfig, chosen);
    const schemas = identityAssuranceSchemas();
    expect(schemas.response({ verified_claims: verified }), schemas.errors()).toBe(true);
    expect((verified.verification as { evidence: unknown }).evidence).toEqual([
      {
        type: 'document',
        check_details: [
          expect.objectContaining({ check_method: 'vri', organization: 'verity-local-photo' }),
          expect.objectContaining({ check_method: 'bvr', organization: 'verity-local-photo' }),
        ],
        document_details: { type: 'passport' },
      },
    ]);
  }, 90_000);

  it('takes the document again for a selfie when it passed before; fails a selfie of someone else, and deletes the photos', async () => {
    // The passport passed in an earlier request, for a client that needed no selfie (its
    // evidence recorded as the first test's pass records it: one OCR read less).
    const { browser, userId } = await userChoosing(['GenuinePassport']);
    await server.ctx.evidence.record(userId, annaPassportEvidence('533401372'));
    const path = (requestId: string) => `/api/photoid/passport?requestId=${requestId}`;
    const state = oidc.randomState();
    const { requestId } = await startSignInRequest(server, selfieConfig, browser, { state });
    // What is left of the option is the selfie (it routes to /PassportPhoto).
    const chosen = await browser.post(`/api/verification/${requestId}/choice`, {
      checks: ['SelfieComparison'],
    });
    expect(chosen.status).toBe(200);
    // Photographed again for the selfie: held, no second piece of document evidence.
    const again = await send(browser, path(requestId), photos.passport);
    expect(again.body).toMatchObject({ check: 'GenuinePassport', verified: true });
    expect(await photoRows(userId)).toMatchObject([{ kind: 'document' }]);
    expect((await server.ctx.evidence.forUser(userId)).map((item) => item.check)).toEqual([
      'GenuinePassport',
    ]);

    const other = await send(
      browser,
      `/api/photoid/selfie?requestId=${requestId}`,
      photos.otherFace,
    );
    expect(other.body).toEqual({
      check: 'SelfieComparison',
      verified: false,
      userRequirements: ['assurance'],
      assuranceChoice: [],
    });
    const audit = (await server.ctx.audit.forUser(userId)).map((event) => event.type);
    expect(audit).toContain('identity_check_mismatch');
    expect(await photoRows(userId)).toEqual([]);
  });

  it("fails another person's photocard licence: a failed check without their details, an audit event, their photo not kept", async () => {
    const { browser, userId, requestId } = await userChoosing(['GenuineDrivingLicence'], 'ada');
    const failed = await send(
      browser,
      `/api/photoid/drivinglicence?requestId=${requestId}`,
      photos.licence,
    );
    expect(failed.body).toMatchObject({ check: 'GenuineDrivingLicence', verified: false });
    expect(await server.ctx.evidence.forUser(userId)).toMatchObject([
      { check: 'GenuineDrivingLicence', outcome: 'failed', attributes: null },
    ]);
    const audit = (await server.ctx.audit.forUser(userId)).map((event) => event.type);
    expect(audit).toContain('identity_check_mismatch');
    expect(await server.ctx.profiles.get(userId)).toMatchObject({ given_name: 'Ada' });
    expect(await photoRows(userId)).toEqual([]);
  });

  it('reads a photocard licence, and fills an empty profile from it', async () => {
    const { browser, userId, requestId } = await userChoosing(['GenuineDrivingLicence'], null);
    const read = await send(
      browser,
      `/api/photoid/drivinglicence?requestId=${requestId}`,
      photos.licence,
    );
    expect(read.body).toMatchObject({ check: 'GenuineDrivingLicence', verified: true });
    expect(await server.ctx.profiles.get(userId)).toMatchObject({
      given_name: 'ANNA',
      family_name: 'SMITH',
      birthdate: '1985-02-17',
    });
    expect(await server.ctx.evidence.forUser(userId)).toMatchObject([
      {
        check: 'GenuineDrivingLicence',
        scores: { strength: 3, validity: 2, activity: 1 },
        attributes: { document: { type: 'driving_permit', dateOfIssuance: '2021-06-30' } },
      },
    ]);
  });

  it('keeps the photos of a completed check PHOTO_RETENTION_DAYS when set, then sweeps them', async () => {
    let now = Date.now();
    const store = new PhotoImageStore(server.ctx.database.db, server.ctx.encryption, 30, () => now);
    const userId = randomUUID();
    const png = await sharp({
      create: { width: 64, height: 48, channels: 3, background: '#808080' },
    })
      .png()
      .toBuffer();
    const image = { png, width: 64, height: 48 };
    await store.hold(userId, 'GenuinePassport', image, now + 60_000, 'request-a');
    const held = await store.heldDocument(userId, 'request-a');
    expect(held).toMatchObject({ check: 'GenuinePassport', image: { width: 64, height: 48 } });
    await store.complete(userId, [{ check: 'SelfieComparison', kind: 'selfie', image }], held!.id);
    const kept = await photoRows(userId);
    expect(kept.map((row) => [row.kind, row.held_until, Number(row.expires_at)])).toEqual(
      [
        ['document', null, now + 30 * 86_400_000],
        ['selfie', null, now + 30 * 86_400_000],
      ].sort(),
    );
    expect(await store.heldDocument(userId, 'request-a')).toBeNull();
    now += 31 * 86_400_000;
    await store.sweep();
    expect(await photoRows(userId)).toEqual([]);
  });

  it('holds a document photo for one request, single-use, bound to its owner; a result completes that row only', async () => {
    const store = new PhotoImageStore(server.ctx.database.db, server.ctx.encryption, 0);
    const userId = randomUUID();
    const image = await smallPng();
    const until = Date.now() + 60_000;
    await store.hold(userId, 'GenuinePassport', image, until, 'request-a');
    await store.hold(userId, 'GenuinePassport', image, until, 'request-b');
    // Another request's selfie is not served by this request's hold.
    expect(await store.heldDocument(userId, 'request-c')).toBeNull();
    expect(await store.heldDocument(userId, null)).toBeNull();
    const held = (await store.heldDocument(userId, 'request-a'))!;
    // Of claims at once, exactly one wins; a released claim can be made again.
    const claims = await Promise.all([store.claim(held.id), store.claim(held.id)]);
    expect(claims.sort()).toEqual([false, true]);
    await store.release(held.id);
    expect(await store.claim(held.id)).toBe(true);
    // Completed: that row goes, the other request's hold stays.
    await store.complete(userId, [], held.id);
    expect(await store.claim(held.id)).toBe(false);
    expect((await photoRows(userId)).map((row) => row.request_uid)).toEqual(['request-b']);
    // Encrypted for its owner, kind and check: moved to another user, it does not decrypt.
    const other = randomUUID();
    await server.ctx.database.db
      .updateTable('photo_images')
      .set({ user_id: other })
      .where('user_id', '=', userId)
      .execute();
    await expect(store.heldDocument(other, 'request-b')).rejects.toThrow();
    await server.ctx.database.db.deleteFrom('photo_images').where('user_id', '=', other).execute();
  });

  it('takes one selfie at a time: of three sent at once one is compared, the others 409 photo_check_in_progress, uncounted; the held photo is given back for a retake', async () => {
    const { browser, userId, requestId } = await userChoosing([
      'GenuinePassport',
      'SelfieComparison',
    ]);
    await server.ctx.evidence.record(userId, annaPassportEvidence('533401372'));
    await server.ctx.photoImages.hold(
      userId,
      'GenuinePassport',
      await smallPng(),
      Date.now() + 60_000,
      requestId,
    );
    const path = `/api/photoid/selfie?requestId=${requestId}`;
    const { codes, calls, answers } = await atOnce(browser, path, photos.tiny, 3);
    expect(calls).toBe(1);
    expect(codes).toEqual([
      [409, 'photo_check_in_progress'],
      [409, 'photo_check_in_progress'],
      [422, 'photo_too_small'],
    ]);
    // Only the one compared was counted.
    expect(answers.find((answer) => answer.status === 422)!.body.error).toMatchObject({
      details: { image: 'selfie', attemptsLeft: 2 },
    });
    // A retake: the held photo waits, unclaimed, for the next selfie.
    expect(await photoRows(userId)).toMatchObject([{ kind: 'document', claimed_until: null }]);
    expect((await server.ctx.evidence.forUser(userId)).map((item) => item.check)).toEqual([
      'GenuinePassport',
    ]);
  });

  it('reads one document photo at a time: of three sent at once one is read, the others 409 photo_check_in_progress, uncounted', async () => {
    const { browser, userId, requestId } = await userChoosing(['GenuinePassport']);
    const path = `/api/photoid/passport?requestId=${requestId}`;
    const { codes, calls, answers } = await atOnce(browser, path, photos.tiny, 3);
    expect(calls).toBe(1);
    expect(codes).toEqual([
      [409, 'photo_check_in_progress'],
      [409, 'photo_check_in_progress'],
      [422, 'photo_too_small'],
    ]);
    expect(answers.find((answer) => answer.status === 422)!.body.error).toMatchObject({
      details: { image: 'document', attemptsLeft: 2 },
    });
    expect(await server.ctx.evidence.forUser(userId)).toEqual([]);
  });

  it('asks for the same document when it is taken again for a selfie: another passport is a counted retake, nothing held', async () => {
    const { browser, userId } = await userChoosing(['GenuinePassport']);
    // The passport passed before was another one of Anna's (another number).
    await server.ctx.evidence.record(userId, annaPassportEvidence('987654321'));
    const { requestId } = await startSignInRequest(server, selfieConfig, browser, {
      state: oidc.randomState(),
    });
    const chosen = await browser.post(`/api/verification/${requestId}/choice`, {
      checks: ['SelfieComparison'],
    });
    expect(chosen.status).toBe(200);
    const other = await send(
      browser,
      `/api/photoid/passport?requestId=${requestId}`,
      photos.passport,
    );
    expect([other.status, other.body.error]).toEqual([
      422,
      expect.objectContaining({
        code: 'photo_document_not_same',
        details: { image: 'document', attemptsLeft: 2 },
      }),
    ]);
    expect(await photoRows(userId)).toEqual([]);
    expect((await server.ctx.evidence.forUser(userId)).map((item) => item.outcome)).toEqual([
      'passed',
    ]);
  });

  it('captures only into a profile without names: one name is 409 identity_details_required, uncounted; another birth date fails and nothing is saved', async () => {
    const half = await userChoosing(['GenuineDrivingLicence'], null);
    await server.ctx.profiles.update(half.userId, { given_name: 'Anna' });
    const path = (requestId: string) => `/api/photoid/drivinglicence?requestId=${requestId}`;
    const refused = await send(half.browser, path(half.requestId), photos.tiny);
    expect([refused.status, (refused.body.error as { code: string }).code]).toEqual([
      409,
      'identity_details_required',
    ]);
    expect(await server.ctx.evidence.forUser(half.userId)).toEqual([]);

    // No names, and a birth date that is not the licence's: the check fails, and the
    // licence's names are not saved into the profile.
    const other = await userChoosing(['GenuineDrivingLicence'], null);
    await server.ctx.profiles.update(other.userId, { birthdate: '1990-01-01' });
    const failed = await send(other.browser, path(other.requestId), photos.licence);
    expect(failed.body).toMatchObject({ check: 'GenuineDrivingLicence', verified: false });
    expect(await server.ctx.profiles.get(other.userId)).toEqual({ birthdate: '1990-01-01' });
    expect(await server.ctx.evidence.forUser(other.userId)).toMatchObject([
      { outcome: 'failed', attributes: null },
    ]);
    expect(await photoRows(other.userId)).toEqual([]);
  });

  it('is a step of the request: nobody signed in, another browser’s request and a pending second factor are refused', async () => {
    const { requestId } = await userChoosing(['GenuinePassport']);
    const path = `/api/photoid/passport?requestId=${requestId}`;
    const anonymous = await send(new ApiBrowser(server), path, photos.glare);
    expect([anonymous.status, (anonymous.body.error as { code: string }).code]).toEqual([
      401,
      'not_signed_in',
    ]);
    // Refused before the body is read: the answer comes while nearly all of a 10 MB photo is
    // still unsent (a server that took the body in first would never answer this call).
    expect(await statusBeforeBody(`${server.url}${path}`)).toBe(401);
    const stranger = await signUp(server, `${randomUUID()}@example.com`);
    const theirs = await send(stranger, path, photos.glare);
    expect([theirs.status, (theirs.body.error as { code: string }).code]).toEqual([
      403,
      'request_not_bound',
    ]);

    // A user with an authenticator app, signed in with the password only.
    const email = `${randomUUID()}@example.com`;
    const setup = await signUp(server, email);
    const secret = String((await setup.post('/api/authenticator/startsetup')).body.secret);
    expect(
      (await setup.post('/api/authenticator/completesetup', { Code: code(secret) })).status,
    ).toBe(200);
    const browser = new ApiBrowser(server);
    const own = await startSignInRequest(server, config, browser);
    await browser.post('/api/login/email', {
      Email: email,
      Password: strongPassword,
      RequestId: own.requestId,
    });
    for (const route of ['passport', 'drivinglicence', 'selfie']) {
      const pending = await send(
        browser,
        `/api/photoid/${route}?requestId=${own.requestId}`,
        photos.glare,
      );
      expect([pending.status, (pending.body.error as { code: string }).code]).toEqual([
        403,
        'second_factor_login_required',
      ]);
    }
  });
});

/** Sends the headers and the first 64 KiB of a 10 MB photo, never the rest: the status answered. */
function statusBeforeBody(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    let answered = false;
    const headers = { 'content-type': 'image/jpeg', 'content-length': String(maxImageBytes) };
    const outgoing = httpRequest(url, { method: 'POST', headers }, (response) => {
      answered = true;
      resolve(response.statusCode ?? 0);
      response.resume();
      outgoing.destroy();
    });
    outgoing.on('error', (error) => {
      if (!answered) reject(error);
    });
    outgoing.write(Buffer.alloc(65_536));
  });
}
