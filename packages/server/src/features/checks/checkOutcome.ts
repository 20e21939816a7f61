import {
  matchIdentity,
  type CheckName,
  type CheckResult,
  type ErrorCode,
  type RecordPerson,
} from '@verity/contracts';
import type { AppContext } from '../../context.js';
import { ApiError } from '../../http/apiError.js';
import type { Journey } from '../../journey/journey.js';
import type { DocumentCheckResult } from '../../providers/documents/documentProvider.js';
import type {
  EvidenceScores,
  VerifiedAttributes,
  VerifiedDocument,
} from '../evidence/evidenceStore.js';
import { claimedIdentity } from '../identity/coreIdentity.js';
import { attemptSubject, checkLimits, recordCheck } from './checkStep.js';

/**
 * What a check's provider found, in the terms every check shares (docs/flows/identity-checks.md):
 * no record with these details, or a record and the person it names. Invalid input never gets
 * here: checkAllowed answers it with 400 validation_failed before anything is counted.
 */
export type CheckFinding =
  /**
   * `error`: the code a screen expects instead of check_record_not_found (mobile contract,
   * bank account); answered with the attempts left all the same.
   */
  | { found: false; error?: NoRecordCode }
  | {
      found: true;
      /**
       * The person the record names (a document's holder, a card's or account's holder), or
       * null when the provider only says the record is another person's (a mobile operator
       * asked whether a contract is in this name).
       */
      person: RecordPerson | null;
      transactionId: string;
      scores: EvidenceScores;
      /** What the evidence verified; kept only when the person is the claimed identity. */
      attributes: VerifiedAttributes;
      /**
       * Anything else of the record the check keeps (a bank account and its holder's name):
       * called only when the person is the claimed identity, before the evidence is recorded.
       */
      keep?: () => Promise<void>;
    };

/**
 * The one classification of a check's outcome, the same for every check:
 * - no record found: 404 check_record_not_found, or the screen's own code, always with the
 *   attempts left today (`attemptsLeft`, noRecord), a counted retry (checkAllowed counted the attempt against the per-user limit); no
 *   evidence, no failed check;
 * - a record of another person: a failed check (held back 24 hours), with an
 *   identity_check_mismatch audit event and evidence without attributes: never evidence of
 *   anything, and nothing of the other person is kept;
 * - a record of the claimed identity: a passed check with the attributes it verified.
 * `onMismatch` names an error a screen expects instead of a failed result (mobile contract).
 */
export async function settleCheck(
  ctx: AppContext,
  journey: Journey,
  check: CheckName,
  provider: string,
  finding: CheckFinding,
  onMismatch?: ApiError,
): Promise<CheckResult> {
  const { accountId } = journey.step;
  if (!finding.found) throw await noRecord(ctx, check, accountId, finding.error);
  const core = await claimedIdentity(ctx, accountId);
  const { transactionId, scores } = finding;
  if (finding.person === null || !matchIdentity(core, finding.person).matches) {
    const result = await recordMismatch(ctx, journey, { check, provider, transactionId, scores });
    if (onMismatch) throw onMismatch;
    return result;
  }
  await finding.keep?.();
  return recordCheck(ctx, journey, {
    check,
    outcome: 'passed',
    scores,
    provider,
    transactionId,
    attributes: finding.attributes,
  });
}

/** The codes a check's screen expects for "no record found" (spec: each screen's own). */
export type NoRecordCode = Extract<
  ErrorCode,
  | 'check_record_not_found'
  | 'mobileOperatorNotFound'
  | 'mobileOperatorNotSupported'
  | 'bankVerificationFailed'
  | 'kbvInsufficientQuestions'
>;

/**
 * No record found, the same for every check whatever its code: the attempt was counted before
 * the provider was asked, so the answer says how many are left today (`attemptsLeft`).
 */
export async function noRecord(
  ctx: AppContext,
  check: CheckName,
  accountId: string,
  code: NoRecordCode = 'check_record_not_found',
): Promise<ApiError> {
  ctx.metrics.check(check, 'no_record');
  const { remaining } = await ctx.rateLimiter.peek(
    checkLimits.perUser,
    attemptSubject(check, accountId),
  );
  return new ApiError(code, undefined, { attemptsLeft: remaining });
}

/**
 * A record of another person: a failed check (held back 24 hours like any), without
 * attributes (nothing of that person is kept), and an identity_check_mismatch audit event.
 */
export async function recordMismatch(
  ctx: AppContext,
  journey: Journey,
  found: { check: CheckName; provider: string; transactionId: string; scores: EvidenceScores },
): Promise<CheckResult> {
  const { accountId, client } = journey.step;
  await ctx.audit.record(accountId, 'identity_check_mismatch', client?.clientId ?? null);
  // Another person's record verified nobody: whatever else it showed, no verification score.
  const scores = { ...found.scores, verification: 0 };
  return recordCheck(ctx, journey, { ...found, scores, outcome: 'failed', attributes: null }, true);
}

/** A document check's finding: the holder the issuer's record names, and the document. */
export function documentFinding(
  result: DocumentCheckResult,
  document: VerifiedDocument,
): CheckFinding {
  if (result.outcome !== 'matched') return { found: false };
  const { given, surname, dob } = result.holder;
  return {
    found: true,
    person: { kind: 'document', name: { givenNames: given, familyName: surname }, birthDate: dob },
    transactionId: result.transactionId,
    scores: result.scores,
    attributes: { given_name: given, family_name: surname, birthdate: dob, document },
  };
}
