import { createHash, randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets } from '../test/databases.js';
import { redirectUri } from '../test/journey.js';
import {
  authorizationCode,
  inParallel,
  relyingPartySetup,
  warmConnections,
} from '../test/oidcAttacker.js';

/** A client's DPoP key (RFC 9449): proofs signed with it, its public key in their header. */
async function dpopKey() {
  const { privateKey, publicKey } = await generateKeyPair('ES256');
  const jwk: JWK = await exportJWK(publicKey);
  return {
    async proof(method: string, url: string, accessToken?: string, jti = randomUUID()) {
      return new SignJWT({
        htm: method,
        htu: url,
        jti,
        ...(accessToken
          ? { ath: createHash('sha256').update(accessToken).digest('base64url') }
          : {}),
      })
        .setProtectedHeader({ alg: 'ES256', typ: 'dpop+jwt', jwk })
        .setIssuedAt()
        .sign(privateKey as CryptoKey);
    },
  };
}

/**
 * RFC 9449 (DPoP), which discovery advertises: tokens bound to the client's key are refused
 * without a fresh proof of that key, as a bearer token, with another key's proof, with a proof
 * for another call, or with a proof used before.
 */
describe.each(databaseTargets())('DPoP sender-constrained tokens (%s)', (target) => {
  let setup: Awaited<ReturnType<typeof relyingPartySetup>>;
  let tokenEndpoint: string;
  let userinfoEndpoint: string;

  beforeAll(async () => {
    setup = await relyingPartySetup(target);
    tokenEndpoint = setup.config.serverMetadata().token_endpoint!;
    userinfoEndpoint = setup.config.serverMetadata().userinfo_endpoint!;
  });
  afterAll(async () => setup?.server.close());

  const basic = () =>
    `Basic ${Buffer.from(`${setup.created.clientId}:${setup.created.clientSecret!}`).toString('base64')}`;

  async function exchange(dpop: string | null) {
    const { code, verifier } = await authorizationCode(setup.server, setup.config, setup.browser);
    const response = await fetch(tokenEndpoint, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: basic(),
        ...(dpop ? { dpop } : {}),
      },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        code_verifier: verifier,
        redirect_uri: redirectUri,
      }),
    });
    return {
      status: response.status,
      body: (await response.json()) as Record<string, string>,
    };
  }

  const userinfo = (authorization: string, dpop?: string) =>
    fetch(userinfoEndpoint, { headers: { authorization, ...(dpop ? { dpop } : {}) } });

  it('advertises the algorithms it accepts', () => {
    expect(setup.config.serverMetadata().dpop_signing_alg_values_supported).toContain('ES256');
  });

  it('binds the access token to the key: only a fresh proof of that key for this call uses it', async () => {
    const key = await dpopKey();
    const tokens = await exchange(await key.proof('POST', tokenEndpoint));
    expect(tokens.status).toBe(200);
    expect(tokens.body.token_type).toBe('DPoP');
    const token = tokens.body.access_token!;

    const proof = await key.proof('GET', userinfoEndpoint, token);
    expect((await userinfo(`DPoP ${token}`, proof)).status).toBe(200);
    // The same proof again: a replay.
    expect((await userinfo(`DPoP ${token}`, proof)).status).toBe(401);
    // As a bearer token, with no proof, or with a proof of another key.
    expect((await userinfo(`Bearer ${token}`)).status).toBe(401);
    const unproven = await userinfo(`DPoP ${token}`);
    expect(unproven.status).toBe(400);
    expect(await unproven.json()).toMatchObject({ error: 'invalid_request' });
    const other = await dpopKey();
    expect(
      (await userinfo(`DPoP ${token}`, await other.proof('GET', userinfoEndpoint, token))).status,
    ).toBe(401);
    // A proof made for another call, or without the token's hash.
    expect(
      (await userinfo(`DPoP ${token}`, await key.proof('POST', userinfoEndpoint, token))).status,
    ).toBe(401);
    expect(
      (await userinfo(`DPoP ${token}`, await key.proof('GET', tokenEndpoint, token))).status,
    ).toBe(401);
    expect((await userinfo(`DPoP ${token}`, await key.proof('GET', userinfoEndpoint))).status).toBe(
      401,
    );
    // A new proof of the right key still works.
    expect(
      (await userinfo(`DPoP ${token}`, await key.proof('GET', userinfoEndpoint, token))).status,
    ).toBe(200);
  });

  it('of one proof sent many times at once, one is accepted (on every instance: the store is shared)', async () => {
    const key = await dpopKey();
    const tokens = await exchange(await key.proof('POST', tokenEndpoint));
    const token = tokens.body.access_token!;
    const proof = await key.proof('GET', userinfoEndpoint, token);
    await warmConnections(setup.server, 20);
    const answers = await inParallel(20, () => userinfo(`DPoP ${token}`, proof));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
  });

  it('refuses a malformed proof at the token endpoint and leaves the code unused', async () => {
    const answer = await exchange('not.a.jwt');
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe('invalid_dpop_proof');
  });

  it('without a proof, a bearer token as before', async () => {
    const tokens = await exchange(null);
    expect(tokens.status).toBe(200);
    expect(tokens.body.token_type).toBe('Bearer');
    expect((await userinfo(`Bearer ${tokens.body.access_token!}`)).status).toBe(200);
  });
});
