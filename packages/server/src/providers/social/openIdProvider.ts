import type { SocialProvider } from '@verity/contracts';
import * as client from 'openid-client';
import type { OpenIdProviderConfig } from '../../config.js';
import { isLoopback } from '../../config.js';
import { inClientSpan, providerSpan } from '../../tracing/tracing.js';
import {
  SocialProviderError,
  type SocialAttempt,
  type SocialIdentityProvider,
  type SocialProfile,
} from './socialProvider.js';

/**
 * Google and Microsoft through OpenID Connect with openid-client: discovery, the
 * authorization code with PKCE (S256), state and nonce, and the id_token's signature, issuer,
 * audience, expiry and nonce checked by the library.
 */
export class OpenIdSocialProvider implements SocialIdentityProvider {
  private configuration: Promise<client.Configuration> | undefined;

  constructor(
    readonly name: SocialProvider,
    private readonly settings: OpenIdProviderConfig,
  ) {}

  async authorizationUrl(attempt: SocialAttempt): Promise<URL> {
    const configuration = await this.connect();
    return client.buildAuthorizationUrl(configuration, {
      redirect_uri: attempt.redirectUri,
      response_type: 'code',
      scope: 'openid email',
      state: attempt.state,
      nonce: attempt.nonce,
      code_challenge: await client.calculatePKCECodeChallenge(attempt.codeVerifier),
      code_challenge_method: 'S256',
      prompt: 'select_account',
    });
  }

  async exchange(code: string, attempt: SocialAttempt, iss?: string): Promise<SocialProfile> {
    const configuration = await this.connect();
    const callback = new URL(attempt.redirectUri);
    callback.searchParams.set('code', code);
    callback.searchParams.set('state', attempt.state);
    // Checked against the discovered issuer, and required where the provider advertises it.
    if (iss !== undefined) callback.searchParams.set('iss', iss);
    let claims: client.IDToken | undefined;
    try {
      const tokens = await inClientSpan(
        'social token',
        providerSpan(this.name, this.settings.issuer),
        () =>
          client.authorizationCodeGrant(configuration, callback, {
            pkceCodeVerifier: attempt.codeVerifier,
            expectedState: attempt.state,
            expectedNonce: attempt.nonce,
            idTokenExpected: true,
          }),
      );
      claims = tokens.claims();
    } catch (error) {
      throw new SocialProviderError(`${this.name} refused the code: ${describe(error)}`);
    }
    if (!claims?.sub) throw new SocialProviderError(`${this.name} sent no subject`);
    const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : null;
    return { subject: claims.sub, email, emailVerified: email !== null && verified(claims) };
  }

  /** Discovery once; a failure is forgotten so the next attempt tries again. */
  private connect(): Promise<client.Configuration> {
    const issuer = new URL(this.settings.issuer);
    this.configuration ??= inClientSpan(
      'social discovery',
      providerSpan(this.name, issuer.href),
      () =>
        client.discovery(
          issuer,
          this.settings.clientId,
          { client_secret: this.settings.clientSecret },
          client.ClientSecretPost(this.settings.clientSecret),
          // Plain http only for a provider on this machine (the tests' fake providers).
          issuer.protocol === 'http:' && isLoopback(issuer)
            ? { execute: [client.allowInsecureRequests], timeout: 10 }
            : { timeout: 10 },
        ),
    ).catch((error: unknown) => {
      this.configuration = undefined;
      throw new SocialProviderError(`${this.name} discovery failed: ${describe(error)}`);
    });
    return this.configuration;
  }
}

/**
 * Google asserts `email_verified`; Microsoft's id_token has no such claim, but its optional
 * claim `xms_edov` says the e-mail's domain owner verified it. Anything else is unverified.
 */
function verified(claims: client.IDToken): boolean {
  return claims.email_verified === true || claims.xms_edov === true;
}

function describe(error: unknown): string {
  if (error instanceof client.ResponseBodyError) return `${error.error} (${error.status})`;
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  return 'unknown error';
}
