import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets } from '../test/databases.js';
import { redirectUri } from '../test/journey.js';
import {
  accessTokenWorks,
  authorizationCode,
  inParallel,
  warmConnections,
  relyingPartySetup,
  tokenRequest,
} from '../test/oidcAttacker.js';

/**
 * RFC 9700 §4.4 (code injection and replay) with OAuth 2.1 §4.1.3: an authorization code is
 * used once. Sent many times at once it yields one token set; a second use revokes the
 * tokens already issued from it.
 */
describe.each(databaseTargets())('authorization code replay (%s)', (target) => {
  let setup: Awaited<ReturnType<typeof relyingPartySetup>>;

  beforeAll(async () => {
    setup = await relyingPartySetup(target);
  });
  afterAll(async () => setup?.server.close());

  const redeem = (code: string, verifier: string) =>
    tokenRequest(setup.config, setup.created, {
      grant_type: 'authorization_code',
      code,
      code_verifier: verifier,
      redirect_uri: redirectUri,
    });

  // Three rounds: a race is a matter of timing, and each round is another chance to lose it.
  it.each([1, 2, 3])(
    '20 parallel redemptions of one code: one token set, then the grant is revoked (round %i)',
    async () => {
      const { code, verifier } = await authorizationCode(setup.server, setup.config, setup.browser);
      await warmConnections(setup.server, 20);
      const answers = await inParallel(20, () => redeem(code, verifier));

      const won = answers.filter((answer) => answer.status === 200);
      expect(won).toHaveLength(1);
      for (const lost of answers.filter((answer) => answer.status !== 200))
        expect(lost).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });

      // The code was used more than once: the tokens issued from it stop working.
      const { access_token, refresh_token } = won[0]!.body;
      expect(await accessTokenWorks(setup.config, setup.created, access_token!)).toEqual({
        userinfo: 401,
        active: false,
      });
      expect(
        await tokenRequest(setup.config, setup.created, {
          grant_type: 'refresh_token',
          refresh_token: refresh_token!,
        }),
      ).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
    },
  );

  it('a second redemption after the first revokes the tokens the first one got', async () => {
    const { code, verifier } = await authorizationCode(setup.server, setup.config, setup.browser);
    const first = await redeem(code, verifier);
    expect(first.status).toBe(200);
    expect(await accessTokenWorks(setup.config, setup.created, first.body.access_token!)).toEqual({
      userinfo: 200,
      active: true,
    });

    expect(await redeem(code, verifier)).toMatchObject({
      status: 400,
      body: { error: 'invalid_grant' },
    });
    expect(await accessTokenWorks(setup.config, setup.created, first.body.access_token!)).toEqual({
      userinfo: 401,
      active: false,
    });
  });
});
