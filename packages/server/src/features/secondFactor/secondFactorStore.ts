import { randomUUID } from 'node:crypto';
import type { SecondFactorMethod } from '@verity/contracts';
import type { Kysely } from 'kysely';
import type { FieldEncryption } from '../../crypto/fieldEncryption.js';
import type { Database } from '../../db/schema.js';

export interface SecondFactorSummary {
  id: string;
  method: SecondFactorMethod;
  displayName: string;
}

export interface NewSecondFactor {
  userId: string;
  method: SecondFactorMethod;
  displayName: string;
  /** The phone number or TOTP secret (encrypted here). */
  secret?: string;
  credentialId?: string;
  publicKey?: string;
  counter?: number;
  lastUsedStep?: number;
}

export interface StoredSecondFactor extends SecondFactorSummary {
  secret: string | null;
  credentialId: string | null;
  publicKey: string | null;
  counter: number;
  lastUsedStep: number | null;
}

/**
 * A user's second-factor methods. Names and secrets are encrypted at rest, each bound to its
 * row and column.
 */
export class SecondFactorStore {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly encryption: FieldEncryption,
    private readonly now: () => number = Date.now,
  ) {}

  async list(userId: string): Promise<StoredSecondFactor[]> {
    const rows = await this.db
      .selectFrom('second_factors')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    return rows.map((row) => ({
      id: row.id,
      method: row.method as SecondFactorMethod,
      displayName: this.encryption.decrypt(row.display_name, `second_factors.name:${row.id}`),
      secret: row.secret
        ? this.encryption.decrypt(row.secret, `second_factors.secret:${row.id}`)
        : null,
      credentialId: row.credential_id,
      publicKey: row.public_key,
      counter: row.counter,
      lastUsedStep: row.last_used_step,
    }));
  }

  async count(userId: string): Promise<number> {
    const row = await this.db
      .selectFrom('second_factors')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  async find(userId: string, method: SecondFactorMethod): Promise<StoredSecondFactor | undefined> {
    return (await this.list(userId)).find((factor) => factor.method === method);
  }

  /**
   * Adds a method; null when this user already has one of this single-instance method (SMS,
   * voice, authenticator app), or when this security key's credential id is registered
   * already, to any account. The database's unique indexes decide, atomically, so parallel
   * set-ups cannot both succeed (migrations 0005 and 0012).
   */
  async add(factor: NewSecondFactor): Promise<string | null> {
    const id = randomUUID();
    const result = await this.db
      .insertInto('second_factors')
      .values({
        id,
        user_id: factor.userId,
        method: factor.method,
        display_name: this.encryption.encrypt(factor.displayName, `second_factors.name:${id}`),
        secret:
          factor.secret === undefined
            ? null
            : this.encryption.encrypt(factor.secret, `second_factors.secret:${id}`),
        credential_id: factor.credentialId ?? null,
        public_key: factor.publicKey ?? null,
        counter: factor.counter ?? 0,
        last_used_step: factor.lastUsedStep ?? null,
        created_at: this.now(),
        last_used_at: null,
      })
      // Any unique index: (user, method) for single methods, and a security key's credential
      // id, which another account may already hold (a replayed or cloned registration).
      .onConflict((conflict) => conflict.doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0 ? id : null;
  }

  /** Removes one method of this user; false when there was none with this id. */
  async remove(userId: string, id: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('second_factors')
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /**
   * Records a TOTP time step as used, atomically: false when this step or a later one was
   * already accepted, so each code is accepted once even by parallel requests.
   */
  async acceptTotpStep(id: string, step: number): Promise<boolean> {
    const result = await this.db
      .updateTable('second_factors')
      .set({ last_used_step: step, last_used_at: this.now() })
      .where('id', '=', id)
      .where((eb) => eb.or([eb('last_used_step', 'is', null), eb('last_used_step', '<', step)]))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /**
   * Stores a security key's new signature counter, atomically: false when another use moved
   * it on meanwhile (the same signature cannot pass twice).
   */
  async advanceCounter(id: string, from: number, to: number): Promise<boolean> {
    const result = await this.db
      .updateTable('second_factors')
      .set({ counter: to, last_used_at: this.now() })
      .where('id', '=', id)
      .where('counter', '=', from)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async markUsed(id: string): Promise<void> {
    await this.db
      .updateTable('second_factors')
      .set({ last_used_at: this.now() })
      .where('id', '=', id)
      .execute();
  }
}
