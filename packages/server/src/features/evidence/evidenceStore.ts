import { randomUUID } from 'node:crypto';
import type { CheckName, CoreIdentity } from '@verity/contracts';
import type { Kysely } from 'kysely';
import type { FieldEncryption } from '../../crypto/fieldEncryption.js';
import type { Database } from '../../db/schema.js';
import { evidenceBound } from '../identity/evidenceBinding.js';
import { evidenceCurrent } from './validity.js';

/** GPG45-style scores of one piece of evidence, each 0 to 4. */
export interface EvidenceScores {
  strength: number;
  validity: number;
  activity: number;
  fraud: number;
  verification: number;
}

/** An identity document a check examined (OpenID Connect for Identity Assurance document_details). */
export interface VerifiedDocument {
  type: 'passport' | 'driving_permit';
  number: string;
  dateOfExpiry: string;
  dateOfIssuance?: string;
  issuer: { name: string; country: string };
}

/** What a check verified about the person; encrypted at rest. */
export interface VerifiedAttributes {
  /** A document's or credit file's names and birth date, as its record gives them. */
  given_name?: string;
  family_name?: string;
  birthdate?: string;
  /**
   * The holder name of a card or bank account, as its provider keeps it: binds the evidence
   * to the claimed identity, verifies no claim (evidence/verifiedValues.ts).
   */
  holder_name?: string;
  /**
   * The identity a provider confirmed without giving its record's values (a mobile operator
   * asked whether the contract is in this name and birth date: the profile's then, normalised).
   * Binds the evidence to that identity; verifies no claim: these are the user's own values.
   */
  confirmed?: { given_name: string; family_name: string; birthdate: string };
  document?: VerifiedDocument;
  /** A card's brand, type and last four digits: never its number. */
  card?: { brand: string; type: 'credit' | 'debit'; last4: string };
}

/** passed and failed come from a provider; declined means the user said they cannot do it. */
export type EvidenceOutcome = 'passed' | 'failed' | 'declined';

export interface Evidence {
  id: string;
  check: CheckName;
  outcome: EvidenceOutcome;
  scores: EvidenceScores;
  provider: string;
  transactionId: string;
  attributes: VerifiedAttributes | null;
  /** Milliseconds since the epoch. */
  createdAt: number;
  /** Too old, or its document no longer acceptable (validity.ts): kept, but counts for nothing. */
  expired: boolean;
  /**
   * About the claimed identity as the profile holds it now (features/identity): evidence that
   * is not counts for nothing, but is kept (a profile edit back makes it count again).
   */
  bound: boolean;
}

export type NewEvidence = Omit<Evidence, 'id' | 'createdAt' | 'expired' | 'bound'>;

/**
 * The passed checks that still count, newest first: not expired, and about the claimed
 * identity. Claims, assurance, acr and the consent summary all start from this one list.
 */
export function currentPasses(all: readonly Evidence[]): Evidence[] {
  return all.filter(
    (evidence) => evidence.outcome === 'passed' && !evidence.expired && evidence.bound,
  );
}

/** A check failed this recently is not offered again (the user is asked for another option). */
export const FAILED_CHECK_HOLD_MS = 24 * 3600 * 1000;

const noScores: EvidenceScores = {
  strength: 0,
  validity: 0,
  activity: 0,
  fraud: 0,
  verification: 0,
};

export class EvidenceStore {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly encryption: FieldEncryption,
    private readonly now: () => number,
    /** EVIDENCE_MAX_AGE_DAYS. */
    private readonly maxAgeDays: number,
    /** The user's claimed identity now (the profile's, features/identity/coreIdentity.ts). */
    private readonly claimedIdentity: (userId: string) => Promise<CoreIdentity>,
  ) {}

  async record(userId: string, evidence: NewEvidence): Promise<Evidence> {
    const id = randomUUID();
    const createdAt = this.now();
    await this.db
      .insertInto('evidence')
      .values({
        id,
        user_id: userId,
        check_name: evidence.check,
        outcome: evidence.outcome,
        ...evidence.scores,
        provider: evidence.provider,
        transaction_id: evidence.transactionId,
        attributes: evidence.attributes
          ? this.encryption.encrypt(JSON.stringify(evidence.attributes), this.context(id))
          : null,
        created_at: createdAt,
      })
      .execute();
    return {
      ...evidence,
      id,
      createdAt,
      expired: !evidenceCurrent(
        { createdAt, attributes: evidence.attributes },
        createdAt,
        this.maxAgeDays,
      ),
      bound: evidenceBound(await this.claimedIdentity(userId), evidence.attributes),
    };
  }

  /** The user declines a check (no passport, say): its options are no longer offered. */
  async decline(userId: string, check: CheckName): Promise<void> {
    await this.record(userId, {
      check,
      outcome: 'declined',
      scores: noScores,
      provider: 'user',
      transactionId: randomUUID(),
      attributes: null,
    });
  }

  /** Every piece of evidence of this user, expired or not, newest first. */
  async forUser(userId: string): Promise<Evidence[]> {
    const now = this.now();
    const core = await this.claimedIdentity(userId);
    const rows = await this.db
      .selectFrom('evidence')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .execute();
    return rows.map((row) => {
      const attributes = row.attributes
        ? (JSON.parse(
            this.encryption.decrypt(row.attributes, this.context(row.id)),
          ) as VerifiedAttributes)
        : null;
      const createdAt = Number(row.created_at);
      return {
        id: row.id,
        check: row.check_name as CheckName,
        outcome: row.outcome as EvidenceOutcome,
        scores: {
          strength: row.strength,
          validity: row.validity,
          activity: row.activity,
          fraud: row.fraud,
          verification: row.verification,
        },
        provider: row.provider,
        transactionId: row.transaction_id,
        attributes,
        createdAt,
        expired: !evidenceCurrent({ createdAt, attributes }, now, this.maxAgeDays),
        bound: evidenceBound(core, attributes),
      };
    });
  }

  /**
   * The checks this user has passed, and those they cannot do now (failed lately, or declined).
   * Expired evidence is left out of both: an expired pass is to be done again.
   */
  async standing(
    userId: string,
  ): Promise<{ passed: Set<CheckName>; unavailable: Set<CheckName>; evidence: Evidence[] }> {
    const evidence = await this.forUser(userId);
    const passed = new Set(currentPasses(evidence).map((e) => e.check));
    const since = this.now() - FAILED_CHECK_HOLD_MS;
    const unavailable = new Set(
      evidence
        .filter(
          (e) =>
            !e.expired &&
            !passed.has(e.check) &&
            (e.outcome === 'declined' || (e.outcome === 'failed' && e.createdAt >= since)),
        )
        .map((e) => e.check),
    );
    return { passed, unavailable, evidence };
  }

  private context(id: string): string {
    return `evidence:${id}`;
  }
}
