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

/** The person a document's record names, as the issuer keeps it (names upper-cased). */
export interface DocumentHolder {
  given: string;
  surname: string;
  /** yyyy-mm-dd */
  dob: string;
}

/**
 * A document check's answer. matched: the details are those of a valid document, whose
 * holder the issuer's record names (the route then matches that person with the claimed
 * identity); notMatched: no such document, or details that disagree with it.
 */
export type DocumentCheckResult =
  | { outcome: 'matched'; transactionId: string; scores: EvidenceScores; holder: DocumentHolder }
  | { outcome: 'notMatched'; transactionId: string };

/** The service could not answer (outage, timeout); nothing is known about the document. */
export class DocumentProviderError extends Error {}

/** Checks identity documents' details against their issuer's records. */
export interface DocumentProvider {
  readonly name: string;
  checkPassport(details: PassportDetails): Promise<DocumentCheckResult>;
  checkLicence(details: LicenceDetails): Promise<DocumentCheckResult>;
}
