import {
  authenticatorSetupSchema,
  deliveryStatusSchema,
  type DeliveryStatus,
  okSchema,
  phoneCodeStartSchema,
  type PhoneCodeStart,
  recoveryCodesSchema,
  secondFactorListSchema,
  secondFactorResultSchema,
  webauthnOptionsSchema,
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

export type PhoneKind = 'sms' | 'voice';

/**
 * POST /api/{sms,voice}/startsetup: sends a code to the number (spec field names); answers the
 * first status and the code's length.
 */
export function startPhoneSetup(kind: PhoneKind, number: string): Promise<PhoneCodeStart> {
  const body = kind === 'sms' ? { mobileNumber: number } : { PhoneNumber: number };
  return postJson(forRequest(`/api/${kind}/startsetup`), body, phoneCodeStartSchema);
}

export function startPhoneLogin(kind: PhoneKind): Promise<PhoneCodeStart> {
  return postJson(forRequest(`/api/${kind}/startlogin`), undefined, phoneCodeStartSchema);
}

export async function pollPhoneStatus(kind: PhoneKind): Promise<DeliveryStatus> {
  return (await postJson(forRequest(`/api/${kind}/pollstatus`), undefined, deliveryStatusSchema))
    .status;
}

export function completePhoneSetup(
  kind: PhoneKind,
  number: string,
  code: string,
): Promise<SecondFactorResult> {
  const body =
    kind === 'sms' ? { mobileNumber: number, Code: code } : { PhoneNumber: number, Code: code };
  return postJson(forRequest(`/api/${kind}/completesetup`), body, secondFactorResultSchema);
}

export function completePhoneLogin(kind: PhoneKind, code: string): Promise<SecondFactorResult> {
  return postJson(
    forRequest(`/api/${kind}/completelogin`),
    { Code: code },
    secondFactorResultSchema,
  );
}

export async function removePhone(kind: PhoneKind): Promise<void> {
  await postJson(forRequest(`/api/${kind}/remove`), undefined, okSchema);
}

export type WebauthnOptions = ReturnType<typeof webauthnOptionsSchema.parse>;

/** POST /api/webauthn/startsetup: the options for navigator.credentials.create(). */
export function startWebauthnSetup(): Promise<WebauthnOptions> {
  return postJson(forRequest('/api/webauthn/startsetup'), undefined, webauthnOptionsSchema);
}

export function completeWebauthnSetup(
  credential: unknown,
  name: string,
): Promise<SecondFactorResult> {
  return postJson(
    forRequest('/api/webauthn/completesetup'),
    { credential, ...(name.trim() ? { Name: name.trim() } : {}) },
    secondFactorResultSchema,
  );
}

export function startWebauthnLogin(): Promise<WebauthnOptions> {
  return postJson(forRequest('/api/webauthn/startlogin'), undefined, webauthnOptionsSchema);
}

export function completeWebauthnLogin(credential: unknown): Promise<SecondFactorResult> {
  return postJson(
    forRequest('/api/webauthn/completelogin'),
    { credential },
    secondFactorResultSchema,
  );
}

/** POST /api/webauthn/remove: one key, by its id. */
export async function removeWebauthn(id: string): Promise<void> {
  await postJson(forRequest('/api/webauthn/remove'), { id }, okSchema);
}
