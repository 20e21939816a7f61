import {
  authenticatorSetupSchema,
  okSchema,
  recoveryCodesSchema,
  secondFactorListSchema,
  secondFactorResultSchema,
  type SecondFactorList,
  type SecondFactorResult,
} from '@verity/contracts';
import { browserStorage } from '../state/browserStorage';
import { sessionKeys } from '../state/storage';
import { getJson, postJson, type CallOptions } from './client';

// The typed calls of /SecondFactor (contracts/src/api/secondFactor.ts). Failures throw ApiError.

export type AuthenticatorSetup = ReturnType<typeof authenticatorSetupSchema.parse>;

/** Names the sign-in request on screen, so the answer's requirements are that request's. */
function forRequest(path: string): string {
  const requestId = sessionKeys.requestId.get(browserStorage('sessionStorage'));
  return requestId ? `${path}?requestId=${encodeURIComponent(requestId)}` : path;
}

/** GET /api/secondfactor: the user's methods. */
export function fetchSecondFactors(options?: CallOptions): Promise<SecondFactorList> {
  return getJson('/api/secondfactor', secondFactorListSchema, options);
}

export function startAuthenticatorSetup(): Promise<AuthenticatorSetup> {
  return postJson(
    forRequest('/api/authenticator/startsetup'),
    undefined,
    authenticatorSetupSchema,
    {},
  );
}

export function completeAuthenticatorSetup(code: string): Promise<SecondFactorResult> {
  return postJson(
    forRequest('/api/authenticator/completesetup'),
    { Code: code },
    secondFactorResultSchema,
    {},
  );
}

export function authenticatorLogin(code: string): Promise<SecondFactorResult> {
  return postJson(
    forRequest('/api/authenticator/login'),
    { Code: code },
    secondFactorResultSchema,
    {},
  );
}

export async function removeAuthenticator(): Promise<void> {
  await postJson(forRequest('/api/authenticator/remove'), undefined, okSchema, {});
}

export function recoveryCodeLogin(code: string): Promise<SecondFactorResult> {
  return postJson(
    forRequest('/api/recoverycodes/login'),
    { Code: code },
    secondFactorResultSchema,
    {},
  );
}

/** POST /api/recoverycodes: a new set; the old codes stop working. */
export async function renewRecoveryCodes(): Promise<string[]> {
  return (await postJson(forRequest('/api/recoverycodes'), undefined, recoveryCodesSchema, {}))
    .recoveryCodes;
}
