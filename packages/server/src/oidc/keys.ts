import { calculateJwkThumbprint, exportJWK, generateKeyPair, type JWK } from 'jose';
import type { Kysely } from 'kysely';
import type { FieldEncryption } from '../crypto/fieldEncryption.js';
import type { Database } from '../db/schema.js';
import { keySetAt, keyStatus, type KeyState, type KeyTimes } from './keyLifecycle.js';
import { signedTokenTtlSeconds } from './tokenLifetimes.js';

export const signingAlgorithms = ['ES256', 'RS256'] as const;
export type SigningAlgorithm = (typeof signingAlgorithms)[number];

/** How far relying parties' clocks may be behind ours when they check a token's expiry. */
const CLOCK_SKEW_SECONDS = 300;

export interface KeyTimings {
  /** From `keys rotate` until the new key signs: every instance and relying party has it by then. */
  activationDelayMs: number;
  /** How often each instance re-reads the keys. */
  refreshMs: number;
  /** How long a key stays published after it stops signing. */
  publishedAfterUseMs: number;
}

/**
 * A key stays published after it stops signing for as long as anything it signed can be
 * checked: the longest-lived signed token, plus an instance's refresh interval (after an
 * emergency rotation an instance signs with the old key until its next read), plus clock skew.
 */
export function keyTimings(settings: {
  keyActivationDelaySeconds: number;
  keyRefreshSeconds: number;
}): KeyTimings {
  const longestToken = Math.max(...Object.values(signedTokenTtlSeconds));
  return {
    activationDelayMs: settings.keyActivationDelaySeconds * 1000,
    refreshMs: settings.keyRefreshSeconds * 1000,
    publishedAfterUseMs: (longestToken + settings.keyRefreshSeconds + CLOCK_SKEW_SECONDS) * 1000,
  };
}

export interface SigningKeyInfo extends KeyTimes {
  createdAt: number;
  state: KeyState;
  replacedAt: number | null;
  retiresAt: number | null;
}

/** A stored key with its private part still encrypted. */
export interface StoredKey extends KeyTimes {
  privateJwk: string;
}

export class RotationConflict extends Error {}

/** Makes the private key (a JWK) of one algorithm for a key generation. */
export type SigningKeyMaker = (alg: SigningAlgorithm, generation: number) => Promise<JWK>;

/** A new key pair for every generation (RSA at 3072 bits). */
export const freshSigningKey: SigningKeyMaker = async (alg) => {
  const { privateKey } = await generateKeyPair(alg, {
    extractable: true,
    ...(alg === 'RS256' ? { modulusLength: 3072 } : {}),
  });
  return exportJWK(privateKey);
};

/** Signing keys live in the database, private parts encrypted, shared by every instance. */
export class SigningKeyStore {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly encryption: FieldEncryption,
    readonly timings: KeyTimings,
    private readonly now: () => number = Date.now,
    private readonly makeKey: SigningKeyMaker = freshSigningKey,
  ) {}

  /**
   * First start: one key per algorithm, as generation 1. Instances starting at once each
   * offer a set; the unique (generation, alg) lets exactly one set in, and all read it back.
   */
  async ensureKeys(): Promise<void> {
    const any = await this.db.selectFrom('signing_keys').select('kid').limit(1).executeTakeFirst();
    if (!any) await this.insertGeneration(1, this.now());
  }

  /**
   * New keys for every algorithm, published at once and signing after the activation delay
   * (or at once with `immediately`, for emergencies); the previous ones stay published until
   * what they signed has expired.
   */
  async rotate(options: { immediately?: boolean } = {}): Promise<SigningKeyInfo[]> {
    const latest = await this.db
      .selectFrom('signing_keys')
      .select((eb) => eb.fn.max('generation').as('generation'))
      .executeTakeFirst();
    const generation = Number(latest?.generation ?? 0) + 1;
    const now = this.now();
    const activatesAt = options.immediately ? now : now + this.timings.activationDelayMs;
    if (!(await this.insertGeneration(generation, activatesAt)))
      throw new RotationConflict('Another rotation happened at the same time: list the keys.');
    return (await this.list()).filter((key) => key.generation === generation);
  }

  async list(): Promise<SigningKeyInfo[]> {
    await this.prune();
    const rows = await this.db
      .selectFrom('signing_keys')
      .select(['kid', 'alg', 'generation', 'created_at', 'activates_at'])
      .execute();
    const keys = rows.map((row) => ({
      kid: row.kid,
      alg: row.alg,
      generation: Number(row.generation),
      activatesAt: Number(row.activates_at),
      createdAt: Number(row.created_at),
    }));
    const now = this.now();
    return keys
      .map((key) => ({
        ...key,
        ...keyStatus(key, keys, now, this.timings.publishedAfterUseMs),
      }))
      .sort((a, b) => b.generation - a.generation || a.alg.localeCompare(b.alg));
  }

  /** Every stored key (private parts encrypted), for an instance's key refresh. */
  async load(): Promise<StoredKey[]> {
    const rows = await this.db
      .selectFrom('signing_keys')
      .select(['kid', 'alg', 'generation', 'activates_at', 'private_jwk'])
      .execute();
    return rows.map((row) => ({
      kid: row.kid,
      alg: row.alg,
      generation: Number(row.generation),
      activatesAt: Number(row.activates_at),
      privateJwk: row.private_jwk,
    }));
  }

  /**
   * Private JWKs for oidc-provider at `now`: the published keys, signing ones first. Only
   * those may sign (oidc-provider picks a key whose key_ops allow it); the others verify.
   */
  providerJwks(keys: readonly StoredKey[], now: number = this.now()): { keys: JWK[] } {
    const view = keySetAt(keys, now, this.timings.publishedAfterUseMs);
    const signing = new Set(view.signing.map((key) => key.kid));
    return {
      keys: view.published.map((key) => {
        const jwk = JSON.parse(
          this.encryption.decrypt(key.privateJwk, `signing_keys:${key.kid}`),
        ) as JWK;
        return signing.has(key.kid) ? jwk : { ...jwk, key_ops: ['verify'] };
      }),
    };
  }

  /** Keys past their publication window are deleted, private part and all. */
  async prune(keys?: readonly StoredKey[]): Promise<void> {
    keys ??= await this.load();
    const { retired } = keySetAt(keys, this.now(), this.timings.publishedAfterUseMs);
    if (retired.length === 0) return;
    await this.db
      .deleteFrom('signing_keys')
      .where(
        'kid',
        'in',
        retired.map((key) => key.kid),
      )
      .execute();
  }

  /** Inserts one key per algorithm as `generation`, unless that generation exists already. */
  private async insertGeneration(generation: number, activatesAt: number): Promise<boolean> {
    const createdAt = this.now();
    const values = [];
    for (const alg of signingAlgorithms) {
      const jwk = await this.makeKey(alg, generation);
      const kid = await calculateJwkThumbprint(jwk);
      values.push({
        kid,
        alg,
        generation,
        private_jwk: this.encryption.encrypt(
          JSON.stringify({ ...jwk, kid, alg, use: 'sig' }),
          `signing_keys:${kid}`,
        ),
        created_at: createdAt,
        activates_at: activatesAt,
      });
    }
    // One statement, rows in a fixed order: a concurrent insert of the same generation waits
    // on the first row and then skips them all, so no mixed set can win.
    const result = await this.db
      .insertInto('signing_keys')
      .values(values)
      .onConflict((oc) => oc.columns(['generation', 'alg']).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
  }
}
