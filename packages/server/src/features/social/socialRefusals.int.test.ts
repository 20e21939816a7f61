/**
 * Social login's refusals over real HTTP: the attempt's state (once, this browser, this
 * provider and request), the callback address, bad input, the provider's own checks (code,
 * PKCE, nonce, iss), no configuration, and the rate limit.
 */
import type { SocialProvider } from '@verity/contracts';
import { describe, expect, it } from 'vitest';
import { databaseTargets } from '../../test/databases.js';
import { ApiBrowser } from '../../test/journey.js';
import { errorCode, newEmail, newSub, useSocialServer } from '../../test/socialServer.js';
import { startTestServer } from '../../test/testServer.js';

describe.each(databaseTargets())('social login refusals (%s)', (target) => {
  const s = useSocialServer(target);

  describe('state and provider checks', () => {
    async function visited(
      browser = new ApiBrowser(s.server()),
      provider: SocialProvider = 'google',
    ) {
      const { callback, state } = await s.visitProvider(browser, provider, {
        sub: newSub(),
        email: newEmail(),
        email_verified: true,
      });
      return {
        browser,
        body: {
          Code: callback.searchParams.get('code'),
          RedirectUri: s.callbackUri(),
          State: state,
        },
      };
    }

    it('uses a state once', async () => {
      const { browser, body } = await visited();
      expect((await browser.post('/api/login/google', body)).status).toBe(200);
      const again = await browser.post('/api/login/google', body);
      expect(again.status).toBe(400);
      expect(errorCode(again)).toBe('social_state_mismatch');
    });

    it('refuses a state from another browser, another provider, or an unknown one', async () => {
      const { browser, body } = await visited();
      expect(errorCode(await new ApiBrowser(s.server()).post('/api/login/google', body))).toBe(
        'social_state_mismatch',
      );
      expect(errorCode(await browser.post('/api/login/microsoft', body))).toBe(
        'social_state_mismatch',
      );
      expect(
        errorCode(await browser.post('/api/login/google', { ...body, State: 'x'.repeat(43) })),
      ).toBe('social_state_mismatch');
      // The real one still works: refusals did not use it up.
      expect((await browser.post('/api/login/google', body)).status).toBe(200);
    });

    it('refuses a RedirectUri other than its own callback, and bad input, with 400', async () => {
      const { browser, body } = await visited();
      const cases = [
        ['/api/login/google', { ...body, RedirectUri: 'https://evil.example/callback' }],
        ['/api/login/google', { ...body, Code: '' }],
        ['/api/login/google', { ...body, Extra: 1 }],
        ['/api/login/twitter', body],
        ['/api/login/google', { Code: 42 }],
      ] as const;
      for (const [path, payload] of cases) {
        const response = await browser.post(path, payload);
        expect(response.status, path).toBe(400);
        expect(errorCode(response)).toBe('validation_failed');
      }
    });

    it("checks the provider's iss response parameter (RFC 9207) when there is one", async () => {
      const wrong = await visited();
      const mixedUp = await wrong.browser.post('/api/login/google', {
        ...wrong.body,
        Iss: s.fakes().microsoft.url,
      });
      expect(errorCode(mixedUp)).toBe('social_provider_error');
      const right = await visited();
      const response = await right.browser.post('/api/login/google', {
        ...right.body,
        Iss: s.fakes().google.url,
      });
      expect(response.status).toBe(200);
    });

    it('answers provider_error when the provider refuses the code, and consumes the attempt', async () => {
      const { browser, body } = await visited();
      const response = await browser.post('/api/login/google', { ...body, Code: 'forged' });
      expect(response.status).toBe(502);
      expect(errorCode(response)).toBe('social_provider_error');
      expect(errorCode(await browser.post('/api/login/google', body))).toBe(
        'social_state_mismatch',
      );
    });

    it.each([
      ["another login's nonce", 'replayed-from-another-login'],
      ['no nonce', undefined],
    ])('refuses an id_token with %s', async (_name, nonce) => {
      const browser = new ApiBrowser(s.server());
      const response = await s.socialLogin(browser, 'google', {
        sub: newSub(),
        email: newEmail(),
        email_verified: true,
        nonce,
      });
      expect(errorCode(response)).toBe('social_provider_error');
      expect(await s.sessionOf(browser)).toEqual({ loggedIn: false, email: null });
    });

    it('refuses a Facebook code exchanged without its PKCE verifier match (forged code)', async () => {
      const { browser, body } = await visited(new ApiBrowser(s.server()), 'facebook');
      const response = await browser.post('/api/login/facebook', { ...body, Code: 'forged' });
      expect(errorCode(response)).toBe('social_provider_error');
    });
  });
});

describe('social login without configuration', () => {
  it('shows no provider and refuses to start one without configuration', async () => {
    // Configuration does not depend on the database.
    const bare = await startTestServer('sqlite');
    try {
      expect(await (await fetch(`${bare.url}/api/login/providers`)).json()).toEqual({
        providers: [],
      });
      const response = await new ApiBrowser(bare).post('/api/login/google/start', {
        Purpose: 'login',
      });
      expect(response.status).toBe(404);
      expect(errorCode(response)).toBe('social_provider_unavailable');

      // Codes presented are limited per client address (60 in 15 minutes), before anything else.
      const browser = new ApiBrowser(bare);
      const body = { Code: 'c', RedirectUri: `${bare.url}/callback`, State: 'x'.repeat(43) };
      for (let i = 0; i < 60; i++)
        expect((await browser.post('/api/login/google', body)).status).toBe(404);
      const limited = await browser.post('/api/login/google', body);
      expect(limited.status).toBe(429);
      expect(errorCode(limited)).toBe('rate_limited');
    } finally {
      await bare.close();
    }
  });
});
