import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { ConsentSignature } from '../pin/consentSignature.js';

/** Which claims each user agreed each client may receive; asked again only for more. */
export class ConsentStore {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => number = Date.now,
  ) {}

  async get(userId: string, clientId: string): Promise<string[]> {
    const row = await this.db
      .selectFrom('consents')
      .select('claims')
      .where('user_id', '=', userId)
      .where('client_id', '=', clientId)
      .executeTakeFirst();
    return row ? (JSON.parse(row.claims) as string[]) : [];
  }

  async covers(userId: string, clientId: string, claims: readonly string[]): Promise<boolean> {
    const given = new Set(await this.get(userId, clientId));
    return claims.every((claim) => given.has(claim));
  }

  /**
   * Adds to what the user agreed for this client. A PIN signature of this consent is kept with
   * it (hash, u, v, mpinId, publicKey, dtas, signedAt); an unsigned consent clears an older one.
   */
  async give(
    userId: string,
    clientId: string,
    claims: readonly string[],
    signed?: ConsentSignature,
  ): Promise<void> {
    const merged = JSON.stringify(
      [...new Set([...(await this.get(userId, clientId)), ...claims])].sort(),
    );
    const updated_at = this.now();
    const signature = signed ? JSON.stringify(signed) : null;
    await this.db
      .insertInto('consents')
      .values({ user_id: userId, client_id: clientId, claims: merged, updated_at, signature })
      .onConflict((oc) =>
        oc.columns(['user_id', 'client_id']).doUpdateSet({ claims: merged, updated_at, signature }),
      )
      .execute();
  }

  /** Every client this user consented to, most recently changed first. */
  async listForUser(
    userId: string,
  ): Promise<Array<{ clientId: string; claims: string[]; updatedAt: number; signed: boolean }>> {
    const rows = await this.db
      .selectFrom('consents')
      .select(['client_id', 'claims', 'updated_at', 'signature'])
      .where('user_id', '=', userId)
      .orderBy('updated_at', 'desc')
      .execute();
    return rows.map((row) => ({
      clientId: row.client_id,
      claims: JSON.parse(row.claims) as string[],
      updatedAt: Number(row.updated_at),
      signed: row.signature !== null,
    }));
  }

  /** The PIN signature kept with a consent, if it was signed. */
  async signatureOf(userId: string, clientId: string): Promise<ConsentSignature | null> {
    const row = await this.db
      .selectFrom('consents')
      .select('signature')
      .where('user_id', '=', userId)
      .where('client_id', '=', clientId)
      .executeTakeFirst();
    return row?.signature ? (JSON.parse(row.signature) as ConsentSignature) : null;
  }

  /** Withdraws the user's consent for one client; false if there was none. */
  async withdraw(userId: string, clientId: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('consents')
      .where('user_id', '=', userId)
      .where('client_id', '=', clientId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}
