import type { EvidenceScores } from '../../features/evidence/evidenceStore.js';

/** Whom the questions are about (verified or profile details, names upper-cased). */
export interface KbvPerson {
  given: string;
  surname: string;
  /** yyyy-mm-dd */
  dob: string;
}

/**
 * Whom a credit file is looked up for: the claimed identity, with the postcodes of its address
 * history (current first; none when the profile holds no address). An agency finds a file by
 * family name, birth date and address, so the file it finds may name someone else (a twin
 * at the same address): its subject is matched with the claimed identity (features/kbv).
 */
export interface KbvApplicant extends KbvPerson {
  postcodes: readonly string[];
}

/** A credit file's subject as the agency holds it, and the postcode of its address. */
export interface KbvSubject extends KbvPerson {
  postcode: string;
}

/** 1 asks fewer and easier questions; 2 more and harder (KBVL1, KBVL2). */
export type KbvLevel = 1 | 2;

export interface KbvQuestion {
  id: string;
  title: string;
  choices: string[];
}

export type KbvChallengeStart =
  /** `subject`: whom the file found is about, as the agency holds it (matched by the route). */
  | { outcome: 'questions'; transactionId: string; questions: KbvQuestion[]; subject: KbvSubject }
  /** The credit file is missing or too thin to ask enough questions. */
  | { outcome: 'insufficient'; transactionId: string };

/** A challenge as the provider needs it back to mark the answers. */
export interface KbvChallengeRef {
  transactionId: string;
  person: KbvPerson;
  level: KbvLevel;
}

export interface KbvMark {
  passed: boolean;
  scores: EvidenceScores;
}

/** The service could not answer (outage, timeout). */
export class CreditReferenceError extends Error {}

/**
 * A credit reference agency's knowledge-based verification: questions generated from the
 * person's credit file, and the marking of the answers.
 */
export interface CreditReferenceProvider {
  readonly name: string;
  startChallenge(applicant: KbvApplicant, level: KbvLevel): Promise<KbvChallengeStart>;
  checkAnswers(challenge: KbvChallengeRef, answers: Record<string, string>): Promise<KbvMark>;
}
