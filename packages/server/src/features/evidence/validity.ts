import { isoToday, monthsBefore, passportExpiryGraceMonths } from '@verity/contracts';
import type { VerifiedAttributes, VerifiedDocument } from './evidenceStore.js';

const DAY_MS = 86_400_000;

/**
 * Whether a fresh check would accept this document on `today` (yyyy-mm-dd), by the form rules:
 * a passport up to 6 months after its expiry date, a driving licence up to its expiry date.
 * Evidence from a document counts only as long as this holds, so a passport the check accepted
 * within its grace period stays valid to the end of that grace, and no longer.
 */
export function documentAccepted(document: VerifiedDocument, today: string): boolean {
  if (document.type === 'passport')
    return document.dateOfExpiry >= monthsBefore(today, passportExpiryGraceMonths);
  return document.dateOfExpiry >= today;
}

/**
 * Whether a piece of evidence (passed, failed or declined) still counts at `now`: younger than
 * the maximum age and, when it examined a document, the document still acceptable. Expired
 * evidence is kept (audit, the closure rules) but counts for nothing: not for assurance, not in
 * verified_claims or a shared identity.
 */
export function evidenceCurrent(
  evidence: { createdAt: number; attributes: VerifiedAttributes | null },
  now: number,
  maxAgeDays: number,
): boolean {
  if (now - evidence.createdAt >= maxAgeDays * DAY_MS) return false;
  const document = evidence.attributes?.document;
  return !document || documentAccepted(document, isoToday(new Date(now)));
}
