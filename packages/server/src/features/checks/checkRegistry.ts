import type { CheckName } from '@verity/contracts';
import type { AppContext } from '../../context.js';

/**
 * The kinds of identity evidence: checks of one kind look at the same piece (a passport's data
 * and its photo), so only the best of them counts, as GOV.UK counts one per document type.
 */
export type EvidenceKind = 'passport' | 'drivingLicence' | 'paymentCard' | 'bankAccount';

/** GPG45 scores of a check: the piece of evidence it examines, if any, and what it adds. */
export interface CheckScores {
  piece: { kind: EvidenceKind; strength: number; validity: number } | null;
  activity: number;
  fraud: number;
  verification: number;
}

/** A check's scores: its piece (kind, strength, validity) or null, activity, fraud, verification. */
const scores = (
  piece: [EvidenceKind, number, number] | null,
  activity: number,
  fraud: number,
  verification: number,
): CheckScores => ({
  piece: piece && { kind: piece[0], strength: piece[1], validity: piece[2] },
  activity,
  fraud,
  verification,
});

/** What only the server knows about one identity check (issue 15 item 5). */
export interface ServerCheckInfo {
  /**
   * The provider that carries it out in this deployment (null there: none set up), or null
   * when this server has no screen and provider for the check at all (not offered: an
   * alternative naming it scores 100).
   */
  provider: ((ctx: AppContext) => unknown) | null;
  /**
   * How its evidence is described in verified_claims (OpenID Connect for Identity Assurance):
   * the check method, and the electronic record examined when the evidence is not a document.
   * The standard's predefined methods: data (validated against the issuer's data), kbv,
   * vri (a document inspected remotely from images), bvr (a biometric comparison, remote).
   */
  evidence: { checkMethod: 'data' | 'kbv' | 'vri' | 'bvr'; recordType: string };
  /**
   * The most it can score (GPG45; the reasons are in docs/flows/identity-checks.md): a
   * provider's result may score less, never more (assurance/gpg45/checkScores.ts).
   */
  scores: CheckScores;
  /**
   * The person its record names (features/checks/checkOutcome.ts): 'person' is a fielded name
   * with a birth date (a document, a credit file, a contract asked about the claimed
   * identity), matched with the profile's name and birth date; 'holder' is a holder name
   * (card, bank account), matched with the profile's name.
   */
  binds: 'person' | 'holder';
  /**
   * The claims its evidence verifies (verified_claims, the consent summary and /Profile's
   * verified marking all read this, through evidence/verifiedValues.ts): what its record
   * gives in fields. A document or credit file gives its subject's names and birth date; a
   * card's or bank account's holder name binds the check (it must be the claimed identity)
   * but verifies no claim (initials, no birth date: GOV.UK counts it as activity, not
   * identity); a mobile operator only answers whether the contract is in the name asked.
   */
  verifies: readonly VerifiableClaim[];
}

/** The claims evidence may verify (verified_claims.claims, OpenID Connect for Identity Assurance). */
export const verifiableClaims = ['given_name', 'family_name', 'birthdate'] as const;
export type VerifiableClaim = (typeof verifiableClaims)[number];

/** A document's or credit file's fielded name and birth date. */
const identity = verifiableClaims;
/** A holder name, or a yes from the provider: binds, verifies nothing. */
const nothing: readonly VerifiableClaim[] = [];

const documents = (ctx: AppContext) => ctx.documents;
// The local image pipeline (LOCAL_PHOTO_CHECKS), or later a vendor's.
const photoId = (ctx: AppContext) => ctx.photoId;
const creditReference = (ctx: AppContext) => ctx.creditReference;
const cards = (ctx: AppContext) => ctx.cards;
// Open banking: the sandbox bank (SANDBOX_BANK) or the configured OB_PROVIDERS.
const banks = (ctx: AppContext) => (ctx.bankProviders.length > 0 ? ctx.bankProviders : null);
// A bank login shows the account, or a verification service checks one the user typed.
const bankAccounts = (ctx: AppContext) => ctx.accountVerification ?? banks(ctx);

/**
 * Every check, once, keyed by the one check-name union: adding a name to `checkNames` fails to
 * compile until it is described here and in contracts' checkRegistry.
 */
export const serverCheckRegistry = {
  Passport: {
    provider: documents,
    evidence: { checkMethod: 'data', recordType: 'record' },
    scores: scores(['passport', 4, 2], 0, 0, 0),
    binds: 'person',
    verifies: identity,
  },
  DrivingLicence: {
    provider: documents,
    evidence: { checkMethod: 'data', recordType: 'record' },
    scores: scores(['drivingLicence', 3, 2], 0, 0, 0),
    binds: 'person',
    verifies: identity,
  },
  KBVL1: {
    provider: creditReference,
    evidence: { checkMethod: 'kbv', recordType: 'credit_file' },
    scores: scores(null, 0, 0, 2),
    binds: 'person',
    verifies: identity,
  },
  KBVL2: {
    provider: creditReference,
    evidence: { checkMethod: 'kbv', recordType: 'credit_file' },
    scores: scores(null, 0, 0, 3),
    binds: 'person',
    verifies: identity,
  },
  CreditCard: {
    provider: cards,
    evidence: { checkMethod: 'data', recordType: 'payment_card' },
    scores: scores(['paymentCard', 1, 1], 1, 0, 0),
    binds: 'holder',
    verifies: nothing,
  },
  DebitCard: {
    provider: cards,
    evidence: { checkMethod: 'data', recordType: 'payment_card' },
    scores: scores(['paymentCard', 1, 1], 1, 0, 0),
    binds: 'holder',
    verifies: nothing,
  },
  MobileContract: {
    provider: (ctx) => ctx.mobileOperators,
    evidence: { checkMethod: 'data', recordType: 'mobile_contract' },
    scores: scores(null, 1, 1, 0),
    binds: 'person',
    verifies: nothing,
  },
  OB: {
    provider: banks,
    evidence: { checkMethod: 'data', recordType: 'bank_account' },
    scores: scores(['bankAccount', 2, 2], 1, 0, 2),
    binds: 'holder',
    verifies: nothing,
  },
  Bank: {
    provider: bankAccounts,
    evidence: { checkMethod: 'data', recordType: 'bank_account' },
    scores: scores(['bankAccount', 2, 2], 1, 0, 2),
    binds: 'holder',
    verifies: nothing,
  },
  // The spec's other name for the Bank check: the same check, recorded under the client's name.
  CurrentAccount: {
    provider: bankAccounts,
    evidence: { checkMethod: 'data', recordType: 'bank_account' },
    scores: scores(['bankAccount', 2, 2], 1, 0, 2),
    binds: 'holder',
    verifies: nothing,
  },
  // Photo checks (features/photoId): the most they score. A passport's validity is 3 only with
  // its chip read; no provider here reads one (the local pipeline sees a photo), so 2: a GPG45
  // option needing 3 is then not offered as a way this deployment can meet.
  GenuinePassport: {
    provider: photoId,
    evidence: { checkMethod: 'vri', recordType: 'record' },
    scores: scores(['passport', 4, 2], 0, 0, 0),
    binds: 'person',
    verifies: identity,
  },
  GenuineDrivingLicence: {
    provider: photoId,
    evidence: { checkMethod: 'vri', recordType: 'record' },
    scores: scores(['drivingLicence', 3, 2], 1, 0, 0),
    binds: 'person',
    verifies: identity,
  },
  SelfieComparison: {
    provider: photoId,
    evidence: { checkMethod: 'bvr', recordType: 'record' },
    scores: scores(null, 0, 0, 3),
    binds: 'person',
    verifies: identity,
  },
} satisfies Record<CheckName, ServerCheckInfo>;

const registry: Record<CheckName, ServerCheckInfo> = serverCheckRegistry;

/** The checks this server has a screen and provider for (whether set up here or not). */
export const offeredChecks: ReadonlySet<CheckName> = new Set(
  (Object.keys(registry) as CheckName[]).filter((check) => registry[check].provider !== null),
);

export function checkInfo(check: CheckName): ServerCheckInfo {
  return registry[check];
}
