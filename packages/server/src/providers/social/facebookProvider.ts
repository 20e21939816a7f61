import { createHmac } from 'node:crypto';
import { z } from 'zod';
import type { FacebookConfig } from '../../config.js';
import { calculatePKCECodeChallenge } from 'openid-client';
import {
  SocialProviderError,
  type SocialAttempt,
  type SocialIdentityProvider,
  type SocialProfile,
} from './socialProvider.js';
import { inClientSpan, providerSpan } from '../../tracing/tracing.js';

const tokenSchema = z.object({ access_token: z.string().min(1) });
const meSchema = z.object({ id: z.string().min(1), email: z.string().optional() });
const TIMEOUT_MS = 10_000;

/**
 * Facebook Login through OAuth 2 (its login dialog, with state and PKCE) and the Graph API:
 * the code is exchanged for an access token, and /me gives the user's id and e-mail. Graph
 * calls carry appsecret_proof, so a stolen token is useless without the app secret.
 */
export class FacebookSocialProvider implements SocialIdentityProvider {
  readonly name = 'facebook' as const;

  constructor(private readonly settings: FacebookConfig) {}

  async authorizationUrl(attempt: SocialAttempt): Promise<URL> {
    const url = new URL(this.settings.authorizationUrl);
    url.search = new URLSearchParams({
      client_id: this.settings.clientId,
      redirect_uri: attempt.redirectUri,
      response_type: 'code',
      scope: 'email',
      state: attempt.state,
      code_challenge: await calculatePKCECodeChallenge(attempt.codeVerifier),
      code_challenge_method: 'S256',
    }).toString();
    return url;
  }

  async exchange(code: string, attempt: SocialAttempt): Promise<SocialProfile> {
    const token = tokenSchema.safeParse(
      await this.get('/oauth/access_token', {
        client_id: this.settings.clientId,
        client_secret: this.settings.clientSecret,
        redirect_uri: attempt.redirectUri,
        code,
        code_verifier: attempt.codeVerifier,
      }),
    );
    if (!token.success) throw new SocialProviderError('facebook token answer not understood');
    const accessToken = token.data.access_token;
    const me = meSchema.safeParse(
      await this.get(
        '/me',
        {
          fields: 'id,email',
          appsecret_proof: createHmac('sha256', this.settings.clientSecret)
            .update(accessToken)
            .digest('hex'),
        },
        accessToken,
      ),
    );
    if (!me.success) throw new SocialProviderError('facebook /me answer not understood');
    const email = me.data.email?.trim().toLowerCase() || null;
    // Facebook returns a user's e-mail only once they have confirmed it (docs/sandbox.md,
    // 'Social login'); no address, no verified address.
    return { subject: me.data.id, email, emailVerified: email !== null };
  }

  private async get(
    path: string,
    query: Record<string, string>,
    accessToken?: string,
  ): Promise<unknown> {
    const url = new URL(`${this.settings.graphUrl.replace(/\/$/, '')}${path}`);
    url.search = new URLSearchParams(query).toString();
    let response: Response;
    try {
      // Named by the path (/oauth/access_token, /me); the query carries the code or token.
      response = await inClientSpan(
        `facebook GET ${path}`,
        providerSpan('facebook', url.href),
        () =>
          fetch(url, {
            headers: accessToken ? { authorization: `Bearer ${accessToken}` } : {},
            signal: AbortSignal.timeout(TIMEOUT_MS),
          }),
      );
    } catch (error) {
      throw new SocialProviderError(
        `facebook ${path} unreachable: ${error instanceof Error ? error.name : 'error'}`,
      );
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new SocialProviderError(`facebook ${path} answered ${response.status}`);
    }
    return response.json().catch(() => null);
  }
}
