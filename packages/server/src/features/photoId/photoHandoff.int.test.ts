/**
 * The photo checks with 'the app' (issue 20): the desktop's single-use link to the phone, over
 * real HTTP on SQLite and PostgreSQL. The phone is a client without cookies at its own
 * address (TRUST_PROXY=1, X-Forwarded-For); its photos go through the same check code as the
 * desktop's (photoId.int.test.ts has every outcome of the checks themselves).
 */
import { randomUUID } from 'node:crypto';
import type * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alteredCopy, portrait } from '../../../test/photoFaces.js';
import { renderPassportPage } from '../../../test/photoSpecimens.js';
import { databaseTargets } from '../../test/databases.js';
import { claimIdentity } from '../../test/identities.js';
import {
  ApiBrowser,
  backdateLogin,
  signUp,
  startSignInRequest,
  strongPassword,
} from '../../test/journey.js';
import {
  annaSpecimen,
  errorCodeOf as codeOf,
  gated,
  startPhotoServer,
  totpCode,
  userChoosing,
  type PhotoServer,
} from '../../test/photoChecks.js';
import type { TestServer } from '../../test/testServer.js';
import { PhotoHandoffStore, sha256, type HandoffRecord } from './handoffStore.js';

const photos = {} as Record<'passport' | 'sameFace', Buffer>;

beforeAll(async () => {
  const face = await portrait(0);
  photos.passport = await renderPassportPage({ person: annaSpecimen, portrait: face });
  photos.sameFace = await alteredCopy(face);
});

type Answer = { status: number; body: Record<string, unknown>; headers: Headers };
const refusal = (answer: Answer | { status: number; body: Record<string, unknown> }) => ({
  status: answer.status,
  error: answer.body.error,
});

let phones = 0;

/** The user's phone: no cookies, its own address, the link's token and (once open) its secret. */
class Phone {
  device: string | null = null;
  /** Its own address: each phone's limits are its own. */
  readonly address = `198.51.100.${(phones += 1)}`;
  /** Every Set-Cookie the server ever sent this phone. */
  readonly cookies: string[] = [];

  constructor(
    private readonly server: TestServer,
    public token: string,
  ) {}

  async call(
    method: 'GET' | 'POST',
    path: string,
    options: { photo?: Buffer; auth?: boolean; device?: string | null } = {},
  ): Promise<Answer> {
    const headers: Record<string, string> = { 'x-forwarded-for': this.address };
    if (options.auth !== false) headers.authorization = `Handoff ${this.token}`;
    const device = options.device === undefined ? this.device : options.device;
    if (device) headers['x-handoff-device'] = device;
    if (options.photo) headers['content-type'] = 'image/png';
    const response = await fetch(`${this.server.url}${path}`, {
      method,
      headers,
      body: options.photo ? new Uint8Array(options.photo) : undefined,
    });
    this.cookies.push(...response.headers.getSetCookie());
    return {
      status: response.status,
      body: (await response.json()) as Record<string, unknown>,
      headers: response.headers,
    };
  }

  async open(): Promise<Answer> {
    const opened = await this.call('POST', '/api/photoid/handoff/phone/open');
    if (opened.status === 200) this.device = opened.body.device as string;
    return opened;
  }

  document(photo: Buffer) {
    return this.call('POST', '/api/photoid/handoff/phone/document', { photo });
  }
}

describe.each(databaseTargets())('photos on the phone (%s)', (target) => {
  let photo: PhotoServer;
  let server: TestServer;
  let config: oidc.Configuration;

  beforeAll(async () => {
    photo = await startPhotoServer(target, { TRUST_PROXY: '1' });
    ({ server, config } = photo);
  });
  afterAll(async () => server?.close());

  /** A new user (Anna) on the desktop in a new request, this option chosen. */
  const desktopChoosing = (checks: string[], email?: string) =>
    userChoosing(photo, checks, { email });

  async function link(browser: ApiBrowser, requestId: string, check = 'GenuinePassport') {
    const created = await browser.postWithHeaders(`/api/photoid/handoff?requestId=${requestId}`, {
      check,
    });
    expect(created.status).toBe(200);
    return created.body as { link: string; qr: string; expiresAt: number };
  }

  const tokenOf = (created: { link: string }) => new URL(created.link).hash.slice(1);

  async function status(browser: ApiBrowser, requestId: string) {
    const response = await browser.fetch(
      `${server.url}/api/photoid/handoff/status?requestId=${requestId}`,
    );
    return (await response.json()) as Record<string, unknown>;
  }

  it('hands the passport to the phone: opened, photographed, the desktop sees the result and its request goes on; the phone never holds a session', async () => {
    const { browser, userId, requestId } = await desktopChoosing(['GenuinePassport']);
    expect(await status(browser, requestId)).toEqual({ state: 'none', expiresAt: null });
    const created = await link(browser, requestId);
    expect(created.link).toMatch(/\/photo#[A-Za-z0-9_-]{43}$/);
    expect(created.qr).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(created.expiresAt - Date.now()).toBeGreaterThan(9 * 60_000);
    expect(created.expiresAt - Date.now()).toBeLessThanOrEqual(10 * 60_000);
    // Only the token's hash is stored.
    const rows = await server.ctx.database.db.selectFrom('kv').select(['key', 'value']).execute();
    const token = tokenOf(created);
    expect(rows.some((row) => row.key.startsWith('photo-handoff:'))).toBe(true);
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(await status(browser, requestId)).toMatchObject({ state: 'waiting' });

    const phone = new Phone(server, token);
    const opened = await phone.open();
    expect(opened.status).toBe(200);
    expect(opened.body).toEqual({
      check: 'GenuinePassport',
      selfie: false,
      documentDone: false,
      expiresAt: created.expiresAt,
      device: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
    });
    expect(await status(browser, requestId)).toMatchObject({ state: 'phone_opened' });
    expect((await phone.call('GET', '/api/photoid/handoff/phone')).body).toMatchObject({
      check: 'GenuinePassport',
      documentDone: false,
    });

    const passed = await phone.document(photos.passport);
    const answer = {
      check: 'GenuinePassport',
      verified: true,
      userRequirements: [],
      assuranceChoice: [],
    };
    expect(passed.body).toEqual(answer);
    expect(await server.ctx.evidence.forUser(userId)).toMatchObject([
      { check: 'GenuinePassport', outcome: 'passed', attributes: { family_name: 'SMITH' } },
    ]);
    expect(await status(browser, requestId)).toEqual({
      state: 'done',
      expiresAt: created.expiresAt,
      result: answer,
    });
    // The desktop's request goes on: nothing outstanding, the response to the client.
    const generated = await browser.post('/api/generateresponse', { requestId });
    expect(generated.status).toBe(200);
    expect(generated.body.redirect_Uri).toEqual(expect.any(String));

    // Single use: the link is done with.
    const again = await phone.document(photos.passport);
    expect([again.status, codeOf(again)]).toEqual([410, 'photo_handoff_used']);
    expect(codeOf(await phone.call('GET', '/api/photoid/handoff/phone'))).toBe(
      'photo_handoff_used',
    );
    // Nothing the phone was sent signs anyone in: no cookie at all.
    expect(phone.cookies).toEqual([]);
    // And the phone's own calls cannot reach the desktop's steps.
    const profile = await phone.call('GET', `/api/profile?requestId=${requestId}`);
    expect(profile.status).toBe(401);
  });

  it('takes the document and then the selfie on the phone; the desktop waits until both are done', async () => {
    const { browser, userId, requestId } = await desktopChoosing([
      'GenuinePassport',
      'SelfieComparison',
    ]);
    const phone = new Phone(server, tokenOf(await link(browser, requestId)));
    expect((await phone.open()).body).toMatchObject({ selfie: true, documentDone: false });
    const document = await phone.document(photos.passport);
    expect(document.body).toMatchObject({ verified: true, assuranceChoice: ['SelfieComparison'] });
    expect(await status(browser, requestId)).toMatchObject({ state: 'phone_opened' });
    // A reload of the phone's page finds the document done.
    expect((await phone.call('GET', '/api/photoid/handoff/phone')).body).toMatchObject({
      documentDone: true,
    });
    const selfie = await phone.call('POST', '/api/photoid/handoff/phone/selfie', {
      photo: photos.sameFace,
    });
    expect(selfie.body).toEqual({
      check: 'SelfieComparison',
      verified: true,
      userRequirements: [],
      assuranceChoice: [],
    });
    expect(await status(browser, requestId)).toMatchObject({
      state: 'done',
      result: { check: 'SelfieComparison', verified: true },
    });
    const checks = (await server.ctx.evidence.forUser(userId)).map((item) => item.check).sort();
    expect(checks).toEqual(['GenuinePassport', 'SelfieComparison']);
  });

  it('binds the link to the first phone: a second phone, a missing or wrong phone secret are refused', async () => {
    const { browser, requestId } = await desktopChoosing(['GenuinePassport']);
    const token = tokenOf(await link(browser, requestId));
    const first = new Phone(server, token);
    const second = new Phone(server, token);
    // Two phones open it at once: exactly one is bound.
    const opened = await Promise.all([first.open(), second.open()]);
    expect(opened.map((answer) => [answer.status, codeOf(answer)]).sort()).toEqual([
      [200, undefined],
      [409, 'photo_handoff_other_device'],
    ]);
    const bound = first.device ? first : second;
    const other = first.device ? second : first;
    expect(codeOf(await other.open())).toBe('photo_handoff_other_device');
    for (const device of [null, 'x'.repeat(43), other.device])
      expect(codeOf(await other.call('GET', '/api/photoid/handoff/phone', { device }))).toBe(
        'photo_handoff_other_device',
      );
    const wrong = await other.call('POST', '/api/photoid/handoff/phone/document', {
      photo: photos.passport,
      device: 'y'.repeat(43),
    });
    expect([wrong.status, codeOf(wrong)]).toEqual([409, 'photo_handoff_other_device']);
    // The bound phone still works.
    expect((await bound.call('GET', '/api/photoid/handoff/phone')).status).toBe(200);
  });

  it('refuses an expired link, and one the desktop replaced with a new one', async () => {
    const { browser, requestId } = await desktopChoosing(['GenuinePassport']);
    const first = tokenOf(await link(browser, requestId));
    const second = tokenOf(await link(browser, requestId));
    const replaced = await new Phone(server, first).open();
    expect([replaced.status, codeOf(replaced)]).toEqual([410, 'photo_handoff_expired']);

    const phone = new Phone(server, second);
    expect((await phone.open()).status).toBe(200);
    const usual = server.ctx.photoHandoffs;
    server.ctx.photoHandoffs = new PhotoHandoffStore(server.ctx.kv, () => Date.now() + 11 * 60_000);
    try {
      const late = await phone.document(photos.passport);
      expect([late.status, codeOf(late)]).toEqual([410, 'photo_handoff_expired']);
      expect(await status(browser, requestId)).toMatchObject({ state: 'expired' });
    } finally {
      server.ctx.photoHandoffs = usual;
    }
    // A new code for the desktop starts afresh.
    const renewed = new Phone(server, tokenOf(await link(browser, requestId)));
    expect((await renewed.open()).status).toBe(200);
  });

  it('acts for its own request and user only: not after the request ended, nor on another request named in the call', async () => {
    const { browser, requestId } = await desktopChoosing(['GenuinePassport']);
    // Another user's request, in another browser.
    const other = await desktopChoosing(['GenuinePassport']);
    const phone = new Phone(server, tokenOf(await link(browser, requestId)));
    expect((await phone.open()).status).toBe(200);
    // Naming another request in the query changes nothing: the link's request is the one.
    const named = await phone.call(
      'GET',
      `/api/photoid/handoff/phone?requestId=${other.requestId}`,
    );
    expect(named.status).toBe(200);
    expect(await status(other.browser, other.requestId)).toEqual({
      state: 'none',
      expiresAt: null,
    });
    // Another user's desktop sees nothing of this link for their own request.
    const otherLink = await link(other.browser, other.requestId);
    expect(tokenOf(otherLink)).not.toBe(phone.token);

    // The desktop signs out: its request ends, and the link with it.
    expect((await browser.post('/api/logoutconfirm')).status).toBe(200);
    const ended = await phone.document(photos.passport);
    expect([ended.status, codeOf(ended)]).toEqual([404, 'request_not_found']);
  });

  it('stops when another user signs in to the request on the desktop', async () => {
    const { browser, requestId } = await desktopChoosing(['GenuinePassport']);
    const phone = new Phone(server, tokenOf(await link(browser, requestId)));
    expect((await phone.open()).status).toBe(200);
    // Someone else signs in at the same computer, in the same request.
    const otherEmail = `${randomUUID()}@example.com`;
    await signUp(server, otherEmail);
    const login = await browser.post('/api/login/email', {
      Email: otherEmail,
      Password: strongPassword,
      RequestId: requestId,
    });
    expect(login.body.failed).toBe(false);
    const changed = await phone.document(photos.passport);
    expect([changed.status, codeOf(changed)]).toEqual([410, 'photo_handoff_expired']);
    // And the new user's desktop sees no link of the first user's.
    expect(await status(browser, requestId)).toEqual({ state: 'none', expiresAt: null });
  });

  it("stops when the link's user closes the account, from another browser", async () => {
    const email = `${randomUUID()}@example.com`;
    const { browser, requestId } = await desktopChoosing(['GenuinePassport'], email);
    const phone = new Phone(server, tokenOf(await link(browser, requestId)));
    expect((await phone.open()).status).toBe(200);
    const other = new ApiBrowser(server);
    const login = await other.post('/api/login/email', { Email: email, Password: strongPassword });
    expect(login.body.failed).toBe(false);
    expect((await other.post('/api/account/delete', { Password: strongPassword })).status).toBe(
      200,
    );
    // Closing the account ends its sign-in requests, and the link with them.
    const closed = await phone.document(photos.passport);
    expect([closed.status, codeOf(closed)]).toEqual([404, 'request_not_found']);
  });

  it('never takes the token from the query string, and counts wrong tokens per address until refused', async () => {
    const { browser, requestId } = await desktopChoosing(['GenuinePassport']);
    const token = tokenOf(await link(browser, requestId));
    const phone = new Phone(server, token);
    const inQuery = await phone.call('POST', `/api/photoid/handoff/phone/open?token=${token}`, {
      auth: false,
    });
    expect([inQuery.status, codeOf(inQuery)]).toEqual([401, 'photo_handoff_invalid']);
    const fragment = await phone.call(
      'POST',
      `/api/photoid/handoff/phone/open?handoff=${token}#${token}`,
      { auth: false },
    );
    expect(codeOf(fragment)).toBe('photo_handoff_invalid');

    const guesser = new Phone(server, '');
    const answers: Array<[number, string | undefined]> = [];
    for (let guess = 0; guess < 11; guess += 1) {
      guesser.token = randomUUID().replaceAll('-', '').padEnd(43, 'A');
      const answer = await guesser.open();
      answers.push([answer.status, codeOf(answer)]);
    }
    expect(answers.slice(0, 10)).toEqual(Array(10).fill([401, 'photo_handoff_invalid']));
    expect(answers[10]).toEqual([429, 'rate_limited']);
    // Past the budget the right token is refused from that address too, not from the phone's.
    guesser.token = token;
    expect(codeOf(await guesser.open())).toBe('rate_limited');
    expect((await phone.open()).status).toBe(200);
  });

  it('holds one photo at a time across the phone and the desktop: sent at once, one is read, the other 409', async () => {
    const { browser, userId, requestId } = await desktopChoosing(['GenuinePassport']);
    const phone = new Phone(server, tokenOf(await link(browser, requestId)));
    expect((await phone.open()).status).toBe(200);
    const gate = gated(server.ctx.photoId!);
    const real = server.ctx.photoId;
    server.ctx.photoId = gate.provider;
    try {
      const desktop = browser
        .fetch(`${server.url}/api/photoid/passport?requestId=${requestId}`, {
          method: 'POST',
          headers: { 'content-type': 'image/png' },
          body: new Uint8Array(photos.passport),
        })
        .then(async (response) => ({
          status: response.status,
          body: (await response.json()) as Record<string, unknown>,
          headers: response.headers,
        }));
      const answers = await Promise.all([
        desktop.then((answer) => (gate.open(), answer)),
        phone.document(photos.passport).then((answer) => (gate.open(), answer)),
      ]);
      expect(gate.calls).toBe(1);
      expect(answers.map((answer) => [answer.status, codeOf(answer)]).sort()).toEqual([
        [200, undefined],
        [409, 'photo_check_in_progress'],
      ]);
    } finally {
      server.ctx.photoId = real;
    }
    expect((await server.ctx.evidence.forUser(userId)).map((item) => item.check)).toEqual([
      'GenuinePassport',
    ]);
  });

  it('is made by the desktop for a sign-in request only, with a valid document', async () => {
    const email = `${randomUUID()}@example.com`;
    const browser = await signUp(server, email);
    const outside = await browser.post('/api/photoid/handoff', { check: 'GenuinePassport' });
    expect([outside.status, codeOf(outside)]).toEqual([409, 'photo_handoff_request_required']);
    const { browser: desktop, requestId } = await desktopChoosing(['GenuinePassport']);
    const wrong = await desktop.post(`/api/photoid/handoff?requestId=${requestId}`, {
      check: 'SelfieComparison',
    });
    expect(wrong.status).toBe(400);
    const anonymous = await new ApiBrowser(server).post(
      `/api/photoid/handoff?requestId=${requestId}`,
      { check: 'GenuinePassport' },
    );
    expect(anonymous.status).toBe(401);
  });

  /** The desktop's own call of the check step now (a new link), to compare with the phone's. */
  const desktopCheckCall = (browser: ApiBrowser, requestId: string) =>
    browser.post(`/api/photoid/handoff?requestId=${requestId}`, { check: 'GenuinePassport' });

  /** Adds an authenticator app in this browser, outside any request. */
  async function addAuthenticator(browser: ApiBrowser): Promise<void> {
    const started = await browser.post('/api/authenticator/startsetup');
    expect(started.status).toBe(200);
    const done = await browser.post('/api/authenticator/completesetup', {
      Code: totpCode(String(started.body.secret)),
    });
    expect(done.status).toBe(200);
  }

  it("re-applies the desktop's step rules at each phone call: a second factor added since (from another browser) stops the password-only login's link as it stops the desktop", async () => {
    const email = `${randomUUID()}@example.com`;
    const { browser, requestId } = await desktopChoosing(['GenuinePassport'], email);
    const phone = new Phone(server, tokenOf(await link(browser, requestId)));
    expect((await phone.open()).status).toBe(200);
    // The user adds an authenticator app from another browser: the desktop's login (password
    // only) is no longer worth the account.
    const other = new ApiBrowser(server);
    const login = await other.post('/api/login/email', { Email: email, Password: strongPassword });
    expect(login.body.failed).toBe(false);
    await addAuthenticator(other);

    const desktop = refusal(await desktopCheckCall(browser, requestId));
    expect(desktop).toMatchObject({
      status: 403,
      error: { code: 'second_factor_login_required' },
    });
    for (const answer of [
      await phone.call('GET', '/api/photoid/handoff/phone'),
      await phone.document(photos.passport),
    ])
      expect(refusal(answer)).toEqual(desktop);
    // Refused before the photo was looked at: nothing was tried or recorded.
    const userId = (await server.ctx.users.findByEmail(email))!.id;
    expect(await server.ctx.evidence.forUser(userId)).toEqual([]);
  });

  it('refuses the phone once the login no longer serves the request (max_age passed), as the desktop is', async () => {
    const email = `${randomUUID()}@example.com`;
    const browser = await signUp(server, email);
    const userId = await claimIdentity(server, email, 'anna');
    const { requestId } = await startSignInRequest(server, config, browser, { max_age: '600' });
    expect(
      (await browser.post(`/api/verification/${requestId}/choice`, { checks: ['GenuinePassport'] }))
        .status,
    ).toBe(200);
    const token = tokenOf(await link(browser, requestId));

    // Eleven minutes on: the login, the desktop's and the one the link was made under, is
    // older than the client's max_age of ten.
    await backdateLogin(server, userId, 660);
    const key = `photo-handoff:${sha256(token)}`;
    const record = JSON.parse((await server.ctx.kv.get(key))!) as HandoffRecord;
    record.login.loginTs -= 660;
    await server.ctx.kv.set(key, JSON.stringify(record), 600);

    const desktop = refusal(await desktopCheckCall(browser, requestId));
    expect(desktop).toMatchObject({ status: 401, error: { code: 'not_signed_in' } });
    // The phone opening the link now is refused too, and not bound to it.
    const phone = new Phone(server, token);
    expect(refusal(await phone.open())).toEqual(desktop);
    expect((await server.ctx.photoHandoffs.find(token))?.phone).toBeNull();
    expect(await server.ctx.evidence.forUser(userId)).toEqual([]);
  });

  it("refuses the phone's photo of a check done on the desktop meanwhile with the desktop's own answer; the request's response ends the link", async () => {
    const { browser, userId, requestId } = await desktopChoosing(['GenuinePassport']);
    const token = tokenOf(await link(browser, requestId));
    // The check is done on the desktop meanwhile, without the app.
    const uploaded = await browser.fetch(
      `${server.url}/api/photoid/passport?requestId=${requestId}`,
      {
        method: 'POST',
        headers: { 'content-type': 'image/png' },
        body: new Uint8Array(photos.passport),
      },
    );
    expect(uploaded.status).toBe(200);
    expect((await server.ctx.evidence.forUser(userId)).map((item) => item.check)).toEqual([
      'GenuinePassport',
    ]);
    const phone = new Phone(server, token);
    expect((await phone.open()).status).toBe(200);
    // The desktop's own check code refuses the phone's photo as it would the desktop's.
    const desktopAgain = await browser.fetch(
      `${server.url}/api/photoid/passport?requestId=${requestId}`,
      {
        method: 'POST',
        headers: { 'content-type': 'image/png' },
        body: new Uint8Array(photos.passport),
      },
    );
    const desktop = {
      status: desktopAgain.status,
      error: ((await desktopAgain.json()) as Record<string, unknown>).error,
    };
    expect(desktop).toMatchObject({ status: 409, error: { code: 'step_not_allowed' } });
    expect(refusal(await phone.document(photos.passport))).toEqual(desktop);

    // The desktop's request goes on to its response: the link ends with it.
    expect((await browser.post('/api/generateresponse', { requestId })).status).toBe(200);
    expect(refusal(await phone.call('GET', '/api/photoid/handoff/phone'))).toMatchObject({
      status: 404,
      error: { code: 'request_not_found' },
    });
  });
});
