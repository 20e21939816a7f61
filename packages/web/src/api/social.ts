import {
  okSchema,
  termsVersion,
  signInMethodsSchema,
  socialLoginResponseSchema,
  socialProvidersResponseSchema,
  socialStartResponseSchema,
  type SignInMethods,
  type SocialProvider,
} from '@verity/contracts';
import { getJson, postJson, type CallOptions } from './client';

// The typed calls of social login and the account's sign-in methods
// (contracts/src/api/social.ts). Failures throw ApiError.

export type SocialPurpose = 'login' | 'link';

/** GET /api/login/providers: only these get a button. */
export async function configuredProviders(options?: CallOptions): Promise<SocialProvider[]> {
  return (await getJson('/api/login/providers', socialProvidersResponseSchema, options)).providers;
}

/** POST /api/login/{provider}/start: a new attempt, and the provider's address for it. */
export function startSocial(
  provider: SocialProvider,
  input: { purpose: SocialPurpose; requestId: string | null; termsAccepted?: boolean },
  options?: CallOptions,
) {
  return postJson(
    `/api/login/${provider}/start`,
    {
      Purpose: input.purpose,
      ...(input.termsAccepted ? { TermsVersion: termsVersion } : {}),
      ...(input.requestId === null || input.purpose === 'link'
        ? {}
        : { RequestId: input.requestId }),
    },
    socialStartResponseSchema,
    options,
  );
}

export interface ProviderAnswer {
  code: string;
  state: string;
  redirectUri: string;
  iss?: string;
}

/** POST /api/login/{provider}: Code, RedirectUri, RequestId and State; email and userRequirements. */
export function socialLogin(
  provider: SocialProvider,
  input: ProviderAnswer & { requestId: string | null },
  options?: CallOptions,
) {
  return postJson(
    `/api/login/${provider}`,
    {
      Code: input.code,
      RedirectUri: input.redirectUri,
      State: input.state,
      ...(input.iss === undefined ? {} : { Iss: input.iss }),
      ...(input.requestId === null ? {} : { RequestId: input.requestId }),
    },
    socialLoginResponseSchema,
    options,
  );
}

/** GET /api/account/signin-methods */
export function fetchSignInMethods(options?: CallOptions): Promise<SignInMethods> {
  return getJson('/api/account/signin-methods', signInMethodsSchema, options);
}

/** POST /api/account/signin-methods/{provider}: links what the provider's popup proved. */
export function linkSignInMethod(
  provider: SocialProvider,
  input: ProviderAnswer,
  options?: CallOptions,
): Promise<SignInMethods> {
  return postJson(
    `/api/account/signin-methods/${provider}`,
    {
      Code: input.code,
      RedirectUri: input.redirectUri,
      State: input.state,
      ...(input.iss === undefined ? {} : { Iss: input.iss }),
    },
    signInMethodsSchema,
    options,
  );
}

/** POST /api/account/signin-methods/{provider}/remove */
export function removeSignInMethod(provider: SocialProvider, options?: CallOptions) {
  return postJson(`/api/account/signin-methods/${provider}/remove`, undefined, okSchema, options);
}
