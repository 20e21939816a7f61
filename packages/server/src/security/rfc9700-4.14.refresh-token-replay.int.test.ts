import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { databaseTargets } from '../test/databases.js';
import { ApiBrowser, redirectUri, startSignInRequest, strongPassword } from '../test/journey.js';
import {
  accessTokenWorks,
  authorizationCode,
  inParallel,
  warmConnections,
  relyingPartySetup,
  tokenRequest,
} from '../test/oidcAttacker.js';

/**
 * RFC 9700 §4.14.2: refresh tokens rotate, and a rotated token used again (a stolen copy, or
 * the client racing an attacker) revokes the grant: every token issued under it, including
 * those issued since. Tested with the confidential clients' retry grace off
 * (REFRESH_RETRY_GRACE_SECONDS=0); oidc/refreshRetry.int.test.ts tests the grace.
 */
describe.each(databaseTargets())('refresh token replay (%s)', (target) => {
  let setup: Awaited<ReturnType<typeof relyingPartySetup>>;

  beforeAll(async () => {
    setup = await relyingPartySetup(target, {}, { REFRESH_RETRY_GRACE_SECONDS: '0' });
  });
  afterAll(async () => setup?.server.close());

  async function tokens() {
    const { code, verifier } = await authorizationCode(setup.server, setup.config, setup.browser);
    const answer = await tokenRequest(setup.config, setup.created, {
      grant_type: 'authorization_code',
      code,
      code_verifier: verifier,
      redirect_uri: redirectUri,
    });
    expect(answer.status).toBe(200);
    expect(answer.body.refresh_token).toBeTruthy();
    return answer.body as { access_token: string; refresh_token: string };
  }

  const refresh = (refreshToken: string) =>
    tokenRequest(setup.config, setup.created, {
      grant_type: 'refresh_token',
      refresh_token: refreshToken,
    });

  // Three rounds: a race is a matter of timing, and each round is another chance to lose it.
  it.each([1, 2, 3])(
    '20 parallel uses of one refresh token: one success, then the grant is revoked (round %i)',
    async () => {
      const issued = await tokens();
      await warmConnections(setup.server, 20);
      const answers = await inParallel(20, () => refresh(issued.refresh_token));

      const won = answers.filter((answer) => answer.status === 200);
      expect(won).toHaveLength(1);
      for (const lost of answers.filter((answer) => answer.status !== 200))
        expect(lost).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });

      // Everything of the grant is gone: the first access token, and the rotated pair.
      for (const accessToken of [issued.access_token, won[0]!.body.access_token!])
        expect(await accessTokenWorks(setup.config, setup.created, accessToken)).toEqual({
          userinfo: 401,
          active: false,
        });
      expect(await refresh(won[0]!.body.refresh_token!)).toMatchObject({
        status: 400,
        body: { error: 'invalid_grant' },
      });
    },
  );

  it('a rotated refresh token used again revokes the tokens issued since', async () => {
    const issued = await tokens();
    const rotated = await refresh(issued.refresh_token);
    expect(rotated.status).toBe(200);
    const again = await refresh(rotated.body.refresh_token!);
    expect(again.status).toBe(200);

    expect(await refresh(issued.refresh_token)).toMatchObject({
      status: 400,
      body: { error: 'invalid_grant' },
    });
    expect(await accessTokenWorks(setup.config, setup.created, again.body.access_token!)).toEqual({
      userinfo: 401,
      active: false,
    });
    expect(await refresh(again.body.refresh_token!)).toMatchObject({
      status: 400,
      body: { error: 'invalid_grant' },
    });
  });
});

/** RFC 9700 §4.14.2: a refresh token family has an absolute lifetime that rotation does not extend. */
describe.each(databaseTargets())('refresh token family lifetime (%s)', (target) => {
  let setup: Awaited<ReturnType<typeof relyingPartySetup>>;

  beforeAll(async () => {
    // One hour for the family; each token would otherwise live 14 days unused.
    setup = await relyingPartySetup(
      target,
      { refreshTokenLifetime: 3600 },
      { REFRESH_RETRY_GRACE_SECONDS: '0' },
    );
  });
  afterAll(async () => setup?.server.close());
  afterEach(() => vi.useRealTimers());

  /** Moves the server's clock (it runs in this process) to `minutes` after `start`. */
  function at(start: number, minutes: number): void {
    const now = start + minutes * 60_000;
    if (vi.isFakeTimers()) vi.setSystemTime(now);
    else vi.useFakeTimers({ toFake: ['Date'], now });
  }

  it('rotation within the hour works; after the hour from sign-in no rotation does', async () => {
    const start = Date.now();
    const { code, verifier } = await authorizationCode(setup.server, setup.config, setup.browser);
    const issued = await tokenRequest(setup.config, setup.created, {
      grant_type: 'authorization_code',
      code,
      code_verifier: verifier,
      redirect_uri: redirectUri,
    });
    expect(issued.status).toBe(200);

    at(start, 40);
    const rotated = await tokenRequest(setup.config, setup.created, {
      grant_type: 'refresh_token',
      refresh_token: issued.body.refresh_token!,
    });
    expect(rotated.status).toBe(200);

    // 40 + 25 minutes: the rotated token is 25 minutes old, but its family is over an hour.
    at(start, 65);
    expect(
      await tokenRequest(setup.config, setup.created, {
        grant_type: 'refresh_token',
        refresh_token: rotated.body.refresh_token!,
      }),
    ).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
  });

  it('the default family lifetime is 30 days', async () => {
    const defaults = await relyingPartySetup(target, {}, { REFRESH_RETRY_GRACE_SECONDS: '0' });
    try {
      const start = Date.now();
      const { code, verifier } = await authorizationCode(
        defaults.server,
        defaults.config,
        defaults.browser,
      );
      let refreshToken = (
        await tokenRequest(defaults.config, defaults.created, {
          grant_type: 'authorization_code',
          code,
          code_verifier: verifier,
          redirect_uri: redirectUri,
        })
      ).body.refresh_token!;
      // A rotation every 10 days keeps each token well within its 14 idle days.
      for (const day of [10, 20, 29]) {
        at(start, day * 24 * 60);
        const rotated = await tokenRequest(defaults.config, defaults.created, {
          grant_type: 'refresh_token',
          refresh_token: refreshToken,
        });
        expect(rotated.status).toBe(200);
        refreshToken = rotated.body.refresh_token!;
      }
      at(start, 30 * 24 * 60 + 1);
      expect(
        await tokenRequest(defaults.config, defaults.created, {
          grant_type: 'refresh_token',
          refresh_token: refreshToken,
        }),
      ).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
    } finally {
      vi.useRealTimers();
      await defaults.server.close();
    }
  });

  it('a family started by a later single sign-on lives its full lifetime (the grant is renewed)', async () => {
    const defaults = await relyingPartySetup(target, {}, { REFRESH_RETRY_GRACE_SECONDS: '0' });
    try {
      const start = Date.now();
      // A Remember me session, so that it still signs the browser in on day 25.
      const browser = new ApiBrowser(defaults.server);
      const request = await startSignInRequest(defaults.server, defaults.config, browser);
      const login = await browser.post('/api/login/email', {
        Email: defaults.email,
        Password: strongPassword,
        RequestId: request.requestId,
        RememberMe: true,
      });
      expect(login.body.failed).toBe(false);
      await authorizationCode(defaults.server, defaults.config, browser);

      // Day 25: the same session signs in again without a page, under the grant of day 0.
      at(start, 25 * 24 * 60);
      const { code, verifier } = await authorizationCode(defaults.server, defaults.config, browser);
      const issued = await tokenRequest(defaults.config, defaults.created, {
        grant_type: 'authorization_code',
        code,
        code_verifier: verifier,
        redirect_uri: redirectUri,
      });
      expect(issued.status).toBe(200);
      // Day 35: past the grant's first 30 days, within the new family's.
      at(start, 35 * 24 * 60);
      expect(
        await tokenRequest(defaults.config, defaults.created, {
          grant_type: 'refresh_token',
          refresh_token: issued.body.refresh_token!,
        }),
      ).toMatchObject({ status: 200 });
    } finally {
      vi.useRealTimers();
      await defaults.server.close();
    }
  });
});
