import type { SocialProvider } from '@verity/contracts';

/** The secrets of one sign-in attempt, created by Verity and kept in its flow record. */
export interface SocialAttempt {
  state: string;
  nonce: string;
  codeVerifier: string;
  redirectUri: string;
}

/** Who the provider says the user is. */
export interface SocialProfile {
  /** The provider's stable id for the user (OpenID Connect `sub`, Facebook's user id). */
  subject: string;
  email: string | null;
  /** True only when the provider asserts that it verified the e-mail address. */
  emailVerified: boolean;
}

/** A provider refused or failed; the message is for logs (no codes, tokens or personal data). */
export class SocialProviderError extends Error {}

/** A social login provider: where to send the browser, and what its code proves. */
export interface SocialIdentityProvider {
  readonly name: SocialProvider;
  authorizationUrl(attempt: SocialAttempt): Promise<URL>;
  /**
   * Exchanges the code (with the PKCE verifier) and checks what comes back; `iss` is the
   * provider's RFC 9207 response parameter, when it sent one.
   */
  exchange(code: string, attempt: SocialAttempt, iss?: string): Promise<SocialProfile>;
}
