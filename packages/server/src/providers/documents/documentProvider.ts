import type { EvidenceScores } from '../../features/evidence/evidenceStore.js';

/** Passport details as checked against the issuer's records (already validated and normalised). */
export interface PassportDetails {
  number: string;
  /** Upper-cased. */
  surname: string;
  /** Upper-cased. */
  given: string;
  /** yyyy-mm-dd */
  dob: string;
  /** yyyy-mm-dd */
  expiry: string;
}

/** Driving licence details as checked against the DVLA's records (validated and normalised). */
export interface LicenceDetails {
  /** 16 characters, upper-cased. */
  number: string;
  surname: string;
  given: string;
  dob: string;
  issue: string;
  expiry: string;
  /** Normalised, e.g. 'CR2 6XH'. */
  postcode: string;
}

/**
 * A document check's answer. matched: the details are those of a valid document; notMatched:
 * no such document (or details that disagree with it); the provider's transaction id is kept
 * as evidence either way.
 */
export type DocumentCheckResult =
  | { outcome: 'matched'; transactionId: string; scores: EvidenceScores }
  | { outcome: 'notMatched'; transactionId: string; scores: EvidenceScores };

/** The service could not answer (outage, timeout); nothing is known about the document. */
export class DocumentProviderError extends Error {}

/** Checks identity documents' details against their issuer's records. */
export interface DocumentProvider {
  readonly name: string;
  checkPassport(details: PassportDetails): Promise<DocumentCheckResult>;
  checkLicence(details: LicenceDetails): Promise<DocumentCheckResult>;
}
