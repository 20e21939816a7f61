import { checkInfo, verifiableClaims, type VerifiableClaim } from '../checks/checkRegistry.js';
import type { Evidence } from './evidenceStore.js';

export type VerifiedValues = Partial<Record<VerifiableClaim, string>>;

/**
 * The one answer to "which claims did this piece of evidence verify, with which values": the
 * values its record gave in fields, for the claims its check verifies (the server's check
 * registry, `verifies`). A document or credit file verifies its subject's names and birth
 * date; a card's or bank account's holder name, or a mobile operator's yes, verifies none
 * (they bind the check to the claimed identity, nothing more). verified_claims, the consent
 * summary and /Profile's verified marking all read this, so what is shown as verified is
 * what is released as verified.
 */
export function verifiedValuesOf(evidence: Pick<Evidence, 'check' | 'attributes'>): VerifiedValues {
  const values: VerifiedValues = {};
  const verifies = new Set(checkInfo(evidence.check).verifies);
  for (const claim of verifiableClaims) {
    const value = evidence.attributes?.[claim];
    if (verifies.has(claim) && value) values[claim] = value;
  }
  return values;
}
