import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets } from '../test/databases.js';
import { redirectUri } from '../test/journey.js';
import {
  accessTokenWorks,
  authorizationCode,
  inParallel,
  relyingPartySetup,
  tokenRequest,
  warmConnections,
  type Target,
} from '../test/oidcAttacker.js';

const GRACE_SECONDS = 3;
type Setup = Awaited<ReturnType<typeof relyingPartySetup>>;

/** A relying party of a server with this retry grace; its token calls over real HTTP. */
async function relyingParty(target: Target, grace: number, policy: Record<string, unknown> = {}) {
  const setup = await relyingPartySetup(target, policy, {
    REFRESH_RETRY_GRACE_SECONDS: String(grace),
  });
  const refresh = (refreshToken: string) =>
    tokenRequest(setup.config, setup.created, {
      grant_type: 'refresh_token',
      refresh_token: refreshToken,
    });
  async function tokens() {
    const { code, verifier } = await authorizationCode(setup.server, setup.config, setup.browser);
    const answer = await tokenRequest(setup.config, setup.created, {
      grant_type: 'authorization_code',
      code,
      code_verifier: verifier,
      redirect_uri: redirectUri,
    });
    expect(answer.status).toBe(200);
    return answer.body as { access_token: string; refresh_token: string };
  }
  /** The refresh tokens of this (stored) token's grant that can still be used. */
  async function liveRefreshTokens(ofGrantOf: string): Promise<string[]> {
    const db = setup.server.ctx.database.db;
    const grant = db
      .selectFrom('oidc_payloads')
      .select('grant_id')
      .where('model', '=', 'RefreshToken')
      .where('id', '=', ofGrantOf);
    const rows = await db
      .selectFrom('oidc_payloads')
      .select('id')
      .where('model', '=', 'RefreshToken')
      .where('consumed_at', 'is', null)
      .where('grant_id', '=', grant)
      .execute();
    return rows.map((row) => row.id);
  }
  const works = (accessToken: string) => accessTokenWorks(setup.config, setup.created, accessToken);
  return { setup, refresh, tokens, liveRefreshTokens, works };
}

const invalidGrant = { status: 400, body: { error: 'invalid_grant' } };
const revoked = { userinfo: 401, active: false };
const valid = { userinfo: 200, active: true };

describe.each(databaseTargets())('refresh retry grace (%s)', (target) => {
  let rp: Awaited<ReturnType<typeof relyingParty>>;
  const others: Setup[] = [];
  beforeAll(async () => {
    rp = await relyingParty(target, GRACE_SECONDS);
  });
  afterAll(async () => {
    for (const setup of [rp?.setup, ...others]) await setup?.server.close();
  });

  it('a confidential client retrying within the window gets a new pair; the first pair is revoked', async () => {
    const issued = await rp.tokens();
    const first = await rp.refresh(issued.refresh_token);
    expect(first.status).toBe(200);
    const retried = await rp.refresh(issued.refresh_token);
    expect(retried.status).toBe(200);
    expect(retried.body.refresh_token).not.toBe(first.body.refresh_token);

    expect(await rp.works(first.body.access_token!)).toEqual(revoked);
    expect(await rp.works(retried.body.access_token!)).toEqual(valid);
    expect(await rp.liveRefreshTokens(issued.refresh_token)).toEqual([retried.body.refresh_token]);
    // Nothing of the first pair is stored, in clear or otherwise usable.
    expect(await rp.refresh(first.body.refresh_token!)).toMatchObject(invalidGrant);
    const next = await rp.refresh(retried.body.refresh_token!);
    expect(next.status).toBe(200);
    expect(await rp.works(next.body.access_token!)).toEqual(valid);
  });

  it('a retry after the first answer was used is reuse: the grant is revoked', async () => {
    const issued = await rp.tokens();
    const first = await rp.refresh(issued.refresh_token);
    const second = await rp.refresh(first.body.refresh_token!);
    expect(second.status).toBe(200);
    expect(await rp.refresh(issued.refresh_token)).toMatchObject(invalidGrant);
    expect(await rp.works(second.body.access_token!)).toEqual(revoked);
    expect(await rp.refresh(second.body.refresh_token!)).toMatchObject(invalidGrant);
  });

  it('a repeat after the window revokes the grant', async () => {
    const issued = await rp.tokens();
    const first = await rp.refresh(issued.refresh_token);
    expect(first.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, GRACE_SECONDS * 1000 + 200));
    expect(await rp.refresh(issued.refresh_token)).toMatchObject(invalidGrant);
    expect(await rp.works(first.body.access_token!)).toEqual(revoked);
    expect(await rp.refresh(first.body.refresh_token!)).toMatchObject(invalidGrant);
  });

  it('parallel uses and retries within the window leave at most one live refresh token', async () => {
    const issued = await rp.tokens();
    await warmConnections(rp.setup.server, 10);
    const answers = await inParallel(10, () => rp.refresh(issued.refresh_token));
    const won = answers.filter((answer) => answer.status === 200);
    expect(won.length).toBeGreaterThanOrEqual(1);
    for (const lost of answers.filter((answer) => answer.status !== 200))
      expect(lost).toMatchObject(invalidGrant);
    const retries = await inParallel(10, () => rp.refresh(issued.refresh_token));
    const live = await rp.liveRefreshTokens(issued.refresh_token);
    expect(live).toHaveLength(1);
    const issuedTokens = [...won, ...retries].map((answer) => answer.body.refresh_token);
    expect(issuedTokens).toContain(live[0]);
    expect((await rp.refresh(live[0]!)).status).toBe(200);
  });

  it('a public client repeating a refresh token within the window has the grant revoked', async () => {
    const pub = await relyingParty(target, GRACE_SECONDS, { public: true });
    others.push(pub.setup);
    const issued = await pub.tokens();
    const first = await pub.refresh(issued.refresh_token);
    expect(first.status).toBe(200);
    expect(await pub.refresh(issued.refresh_token)).toMatchObject(invalidGrant);
    expect(await pub.refresh(first.body.refresh_token!)).toMatchObject(invalidGrant);
  });

  it('with REFRESH_RETRY_GRACE_SECONDS=0 a confidential client repeating has the grant revoked', async () => {
    const off = await relyingParty(target, 0);
    others.push(off.setup);
    const issued = await off.tokens();
    const first = await off.refresh(issued.refresh_token);
    expect(first.status).toBe(200);
    expect(await off.refresh(issued.refresh_token)).toMatchObject(invalidGrant);
    expect(await off.works(first.body.access_token!)).toEqual(revoked);
    expect(await off.refresh(first.body.refresh_token!)).toMatchObject(invalidGrant);
  });
});
