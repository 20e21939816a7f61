import {
  assuranceChoiceSchema,
  cancelSchema,
  checkResultSchema,
  kbvQuestionsSchema,
  type KbvQuestions,
  verificationInfoSchema,
  type CheckName,
  type CheckResult,
  type CardForm,
  type LicenceForm,
  type PassportForm,
  type VerificationInfo,
} from '@verity/contracts';
import { browserStorage } from '../state/browserStorage';
import { sessionKeys } from '../state/storage';
import { getJson, postJson, type CallOptions } from './client';

// The typed calls of the identity checks (contracts/src/api/verification.ts). Failures throw ApiError.

function requestId(): string | null {
  return sessionKeys.requestId.get(browserStorage('sessionStorage'));
}

/** Names the request on screen, so the server acts on it and not on another one. */
function forRequest(path: string): string {
  const id = requestId();
  return id ? `${path}?requestId=${encodeURIComponent(id)}` : path;
}

export type AssuranceChoiceAnswer = ReturnType<(typeof assuranceChoiceSchema)['parse']>;

/** GET /api/verification/:requestId: the client's alternatives and this user's ranked options. */
export function fetchVerification(id: string, options?: CallOptions): Promise<VerificationInfo> {
  return getJson(`/api/verification/${encodeURIComponent(id)}`, verificationInfoSchema, options);
}

/** POST /api/verification/:requestId/choice: records the chosen option ([] clears it). */
export function storeChoice(id: string, checks: CheckName[]): Promise<AssuranceChoiceAnswer> {
  return postJson(
    `/api/verification/${encodeURIComponent(id)}/choice`,
    { checks },
    assuranceChoiceSchema,
  );
}

/** POST /api/verification/:requestId/decline: the user cannot do this check. */
export function declineCheck(id: string, check: CheckName): Promise<AssuranceChoiceAnswer> {
  return postJson(
    `/api/verification/${encodeURIComponent(id)}/decline`,
    { check },
    assuranceChoiceSchema,
  );
}

/** POST /api/verifypassport */
export function verifyPassport(form: PassportForm): Promise<CheckResult> {
  return postJson(forRequest('/api/verifypassport'), form, checkResultSchema);
}

/** POST /api/verifydrivinglicence */
export function verifyDrivingLicence(form: LicenceForm): Promise<CheckResult> {
  return postJson(forRequest('/api/verifydrivinglicence'), form, checkResultSchema);
}

/** POST /api/verifycard */
export function verifyCard(form: CardForm): Promise<CheckResult> {
  return postJson(forRequest('/api/verifycard'), form, checkResultSchema);
}

/** POST /api/verifymobilecontract */
export function verifyMobileContract(mobileNumber: string): Promise<CheckResult> {
  return postJson(forRequest('/api/verifymobilecontract'), { mobileNumber }, checkResultSchema);
}

/** POST /api/cancel: the address that takes the browser back to the client with access_denied. */
export function cancelRequest(): Promise<{ redirect_Uri: string; state: string | null }> {
  return postJson(forRequest('/api/cancel'), undefined, cancelSchema);
}

/** GET /api/kbv: the questions to answer; none when nothing is left to ask. */
export function fetchKbvQuestions(options?: CallOptions): Promise<KbvQuestions> {
  return getJson(forRequest('/api/kbv'), kbvQuestionsSchema, options);
}

/** POST /api/kbv: the answers, sent as answers (spec), to the challenge they were asked in. */
export function sendKbvAnswers(
  challengeId: string,
  answers: Record<string, string>,
): Promise<CheckResult> {
  return postJson(forRequest('/api/kbv'), { challengeId, answers }, checkResultSchema);
}
