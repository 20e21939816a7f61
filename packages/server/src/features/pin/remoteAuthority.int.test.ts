import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import {
  applyUserKey,
  clientSecretShare,
  combineClientSecretShares,
  createMasterShare,
  createMpinId,
  createUserKey,
  extractPin,
  parseMpinId,
  userKeyShare,
} from '@verity/pin';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAuthorityService } from '../../authority/service.js';
import { ISSUE_PATH } from '../../authority/wire.js';
import { ApiError } from '../../http/apiError.js';
import { databaseTargets } from '../../test/databases.js';
import {
  PinBrowser,
  backdateSecret,
  createPinShop,
  pinIdentityRow,
  signedUpPinBrowser,
} from '../../test/pinBrowser.js';
import { freePort, startTestServer, type TestServer } from '../../test/testServer.js';
import { tokenHash } from './pinStore.js';
import { RemoteAuthority } from './remoteAuthority.js';

const secret = randomBytes(32).toString('base64url');
/** Secrets issued before this renew at the next login (PIN_RENEW_SECRETS_ISSUED_BEFORE). */
const renewBefore = '2026-01-01T00:00:00Z';

async function startAuthority(port = 0) {
  const app = buildAuthorityService({
    name: 'verity-dta-2',
    masterShare: createMasterShare(),
    secret,
    issuesPerMinute: 100,
    freshSeconds: 900,
    logLevel: 'silent',
  });
  const issued: number[] = [];
  app.addHook('onResponse', async (request, reply) => {
    if (request.url === ISSUE_PATH) issued.push(reply.statusCode);
  });
  await app.listen({ port, host: '127.0.0.1' });
  const address = app.server.address();
  return { app, issued, url: `http://127.0.0.1:${typeof address === 'object' && address?.port}` };
}

/** Registration as far as authority 2 (the cs2url call), without expecting it to work. */
async function registerUpToAuthority2(browser: PinBrowser) {
  const start = await browser.call('POST', '/api/mpin/register');
  const { actToken, userId } = start.body as { actToken: string; userId: string };
  const settings = await browser.settings();
  const registered = await browser.call('PUT', settings.registerURL!, {
    userId,
    wid: 'web',
    mobile: 0,
    deviceName: 'Chromium on Linux',
    activateCode: actToken,
  });
  const { mpinId, regOTT } = registered.body as { mpinId: string; regOTT: string };
  const first = await browser.call(
    'GET',
    `${settings.signatureURL}/${mpinId}?regOTT=${regOTT}&publicKey=${createUserKey().publicKey}`,
  );
  expect(first.status).toBe(200);
  const cs2url = first.body.cs2url as string;
  return { cs2url, answer: await browser.call('GET', cs2url) };
}

describe.each(databaseTargets())('PIN authority 2 as its own service (%s)', (target) => {
  let authority: Awaited<ReturnType<typeof startAuthority>>;
  let server: TestServer;
  let clientId: string;
  let users = 0;

  beforeAll(async () => {
    authority = await startAuthority();
    server = await startTestServer(target, {
      TRUST_PROXY: '1',
      PIN_AUTHORITY_2_URL: authority.url,
      PIN_AUTHORITY_2_SECRET: secret,
      PIN_RENEW_SECRETS_ISSUED_BEFORE: renewBefore,
    });
    clientId = await createPinShop(server);
  });
  afterAll(async () => {
    await server?.close();
    await authority?.app.close();
  });

  function signedInPinBrowser(on = server, customer = clientId) {
    return signedUpPinBrowser(on, customer, `remote${++users}@example.com`);
  }

  it('registers through the authority service and logs in; Verity holds no second share', async () => {
    const browser = await signedInPinBrowser();
    const identity = await browser.register('3141');
    expect(authority.issued).toEqual([200]);
    if (target === 'sqlite')
      expect(existsSync(path.join(server.ctx.config.dataDir, 'pin-authority-2.json'))).toBe(false);

    const fresh = new PinBrowser(server, clientId);
    const passed = await fresh.login(identity, '3141');
    expect(passed.status).toBe(200);
    const signedIn = await fresh.authenticate(passed.body.authOTT as string);
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.display).toBe(`remote${users}@example.com`);
    expect((await fresh.login(identity, '3142')).status).toBe(401);
  });

  const row = (mpinId: string) => pinIdentityRow(server, mpinId);

  const makeOld = (mpinId: string) => backdateSecret(server, mpinId);

  it('renewSecret through the authority service: a new mpin_id, the old one working until the switch; then a signing identity', async () => {
    const identity = await (await signedInPinBrowser()).register('2718');
    await makeOld(identity.mpinId);
    const { id } = await row(identity.mpinId);
    const fresh = new PinBrowser(server, clientId);
    const passed = await fresh.login(identity, '2718');
    const answer = await fresh.authenticate(passed.body.authOTT as string);
    const { regOTT } = answer.body.renewSecret as { regOTT: string };

    const before = authority.issued.length;
    const user = createUserKey();
    const first = await fresh.call(
      'GET',
      `/api/mpin/rps/v2/signature/${identity.mpinId}?regOTT=${regOTT}&publicKey=${user.publicKey}`,
    );
    expect(first.status).toBe(200);
    // Half-way (authority 1's share only), the old mpin_id and secret still log in.
    expect((await new PinBrowser(server, clientId).login(identity, '2718')).status).toBe(200);
    const second = await fresh.call('GET', first.body.cs2url as string);
    expect(second.status).toBe(200);
    expect(authority.issued.slice(before)).toEqual([200]);
    const renewedMpinId = first.body.mpin_id as string;
    const clientSecret = applyUserKey(
      combineClientSecretShares([
        first.body.clientSecretShare as string,
        second.body.clientSecret as string,
      ]),
      user.secretKey,
    );
    const renewed = {
      mpinId: renewedMpinId,
      publicKey: user.publicKey,
      token: extractPin(clientSecret, '2718', renewedMpinId),
    };
    // The authority refuses a second key for one mpin_id: the renewal has its own, for the
    // same user and client, and the identity row (its counter, its device name) is the same.
    expect(renewed.mpinId).not.toBe(identity.mpinId);
    expect(parseMpinId(renewed.mpinId)).toMatchObject({
      userID: parseMpinId(identity.mpinId).userID,
      mobile: 0,
    });
    expect(await row(renewed.mpinId)).toMatchObject({
      id,
      state: 'active',
      public_key: renewed.publicKey,
      pending_public_key: null,
      pending_mpin_id: null,
    });
    expect((await fresh.login(identity, '2718')).status).toBe(410);

    const retried = await fresh.login(renewed, '2718');
    expect(retried.status).toBe(200);
    const signedIn = await fresh.authenticate(retried.body.authOTT as string);
    expect(signedIn.body).not.toHaveProperty('renewSecret');
    // A signing identity is a new mpin_id too: the authority service gives its shares.
    const { token } = signedIn.body.dvsRegister as { token: string };
    const signing = await fresh.registerSigning(token, '2718');
    expect(authority.issued.slice(before)).toEqual([200, 200]);
    expect(await row(signing.mpinId)).toMatchObject({ kind: 'signing', state: 'active' });
  });

  it('renewSecret of an identity whose mpin_id was issued long before the authority’s window', async () => {
    const identity = await (await signedInPinBrowser()).register('1414');
    await makeOld(identity.mpinId);
    const fresh = new PinBrowser(server, clientId);
    const passed = await fresh.login(identity, '1414');
    const { regOTT } = (await fresh.authenticate(passed.body.authOTT as string)).body
      .renewSecret as { regOTT: string };
    // An mpin_id from 2025: the authority would refuse it as not fresh.
    const old = createMpinId({ ...parseMpinId(identity.mpinId), issued: '2025-06-01T00:00:00Z' });
    const { id } = await row(identity.mpinId);
    await server.ctx.database.db
      .updateTable('pin_identities')
      .set({ mpin_id: old, mpin_id_hash: tokenHash(old) })
      .where('id', '=', id)
      .execute();

    const user = createUserKey();
    const first = await fresh.call(
      'GET',
      `/api/mpin/rps/v2/signature/${old}?regOTT=${regOTT}&publicKey=${user.publicKey}`,
    );
    expect(first.status).toBe(200);
    expect(first.body.mpin_id).not.toBe(old);
    // Half-way, the row still answers to the old mpin_id and key.
    expect(await row(old)).toMatchObject({ id, public_key: identity.publicKey });
    const before = authority.issued.length;
    const second = await fresh.call('GET', first.body.cs2url as string);
    expect(second.status).toBe(200);
    expect(authority.issued.slice(before)).toEqual([200]);
    expect(await row(first.body.mpin_id as string)).toMatchObject({
      id,
      public_key: user.publicKey,
    });
  });

  it('503 pin_authority_unavailable when Verity signs with the wrong secret', async () => {
    const wrong = await startTestServer(target, {
      TRUST_PROXY: '1',
      PIN_AUTHORITY_2_URL: authority.url,
      PIN_AUTHORITY_2_SECRET: randomBytes(32).toString('base64url'),
    });
    try {
      const before = authority.issued.length;
      const { answer } = await registerUpToAuthority2(
        await signedInPinBrowser(wrong, await createPinShop(wrong)),
      );
      expect(answer.status).toBe(503);
      expect(answer.body.error).toMatchObject({ code: 'pin_authority_unavailable' });
      expect(authority.issued.slice(before)).toEqual([401]);
    } finally {
      await wrong.close();
    }
  });

  it('503 pin_authority_unavailable while the authority is down; the registration can be retried', async () => {
    const port = await freePort();
    const down = await startTestServer(target, {
      TRUST_PROXY: '1',
      PIN_AUTHORITY_2_URL: `http://127.0.0.1:${port}`,
      PIN_AUTHORITY_2_SECRET: secret,
    });
    let late: Awaited<ReturnType<typeof startAuthority>> | undefined;
    try {
      const browser = await signedInPinBrowser(down, await createPinShop(down));
      const { answer, cs2url } = await registerUpToAuthority2(browser);
      expect(answer.status).toBe(503);
      expect(answer.body).toEqual({
        error: { code: 'pin_authority_unavailable', message: expect.stringMatching(/PIN setup/) },
      });
      const rows = await down.ctx.database.db.selectFrom('pin_identities').selectAll().execute();
      expect(rows.map((row) => row.state)).toEqual(['registering']);

      late = await startAuthority(port);
      const retried = await browser.call('GET', cs2url);
      expect(retried.status).toBe(200);
      expect(late.issued).toEqual([200]);
    } finally {
      await down.close();
      await late?.app.close();
    }
  });
});

describe('RemoteAuthority', () => {
  let hanging: Server;
  let url: string;
  const held: Array<() => void> = [];

  beforeAll(async () => {
    // Accepts the call and never answers.
    hanging = createServer((_request, response) => held.push(() => response.end()));
    await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
    const address = hanging.address();
    url = `http://127.0.0.1:${typeof address === 'object' && address?.port}`;
  });
  afterAll(async () => {
    held.forEach((end) => end());
    await new Promise((resolve) => hanging.close(resolve));
  });

  it('gives up after its timeout with pin_authority_unavailable', async () => {
    const remote = new RemoteAuthority('verity-dta-2', { url, secret }, 200);
    const started = Date.now();
    const mpinId = createMpinId({ userID: 'u1', mobile: 0 });
    const failure = await remote.issue(mpinId, createUserKey().publicKey).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).code).toBe('pin_authority_unavailable');
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it.each([
    ['not points', () => ({ clientShare: '00'.repeat(48), keyShare: '00'.repeat(96) })],
    [
      'points of two different shares',
      ({ mpinId, publicKey }: { mpinId: string; publicKey: string }) => ({
        clientShare: clientSecretShare(createMasterShare(), mpinId),
        keyShare: userKeyShare(createMasterShare(), publicKey),
      }),
    ],
  ])('refuses an answer of two shares that are %s', async (_, answer) => {
    const liar = Fastify();
    liar.post(ISSUE_PATH, (request) =>
      answer(request.body as { mpinId: string; publicKey: string }),
    );
    await liar.listen({ port: 0, host: '127.0.0.1' });
    try {
      const address = liar.server.address();
      const remote = new RemoteAuthority('verity-dta-2', {
        url: `http://127.0.0.1:${typeof address === 'object' && address?.port}`,
        secret,
      });
      const mpinId = createMpinId({ userID: 'u2', mobile: 0 });
      await expect(remote.issue(mpinId, createUserKey().publicKey)).rejects.toMatchObject({
        code: 'pin_authority_unavailable',
      });
    } finally {
      await liar.close();
    }
  });

  it('accepts the two shares of one master share', async () => {
    const honest = Fastify();
    const share = createMasterShare();
    honest.post(ISSUE_PATH, (request) => {
      const { mpinId, publicKey } = request.body as { mpinId: string; publicKey: string };
      return {
        clientShare: clientSecretShare(share, mpinId),
        keyShare: userKeyShare(share, publicKey),
      };
    });
    await honest.listen({ port: 0, host: '127.0.0.1' });
    try {
      const address = honest.server.address();
      const remote = new RemoteAuthority('verity-dta-2', {
        url: `http://127.0.0.1:${typeof address === 'object' && address?.port}`,
        secret,
      });
      const mpinId = createMpinId({ userID: 'u3', mobile: 0 });
      const { publicKey } = createUserKey();
      expect(await remote.issue(mpinId, publicKey)).toEqual({
        clientShare: clientSecretShare(share, mpinId),
        keyShare: userKeyShare(share, publicKey),
      });
    } finally {
      await honest.close();
    }
  });
});
