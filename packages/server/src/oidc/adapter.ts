import { errors, type Adapter, type AdapterPayload } from 'oidc-provider';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { ClientStore } from '../features/clients/store.js';

/** Models whose records point at a grant, so revoking the grant removes them. */
const grantable = new Set([
  'AccessToken',
  'AuthorizationCode',
  'RefreshToken',
  'DeviceCode',
  'BackchannelAuthenticationRequest',
]);

/**
 * oidc-provider's storage contract over our database, for every model it persists.
 * Expired records are never returned and are swept by `sweepExpired`. Clients are not
 * stored here but in the clients table, which the `verity clients` command manages.
 */
export class DatabaseAdapter implements Adapter {
  constructor(
    private readonly model: string,
    private readonly db: Kysely<Database>,
    private readonly clients: ClientStore,
    private readonly now: () => number = Date.now,
  ) {}

  async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
    if (this.model === 'Client')
      throw new Error('clients are managed with the verity clients command');
    const row = {
      payload: JSON.stringify(payload),
      grant_id:
        grantable.has(this.model) || this.model === 'Grant' ? (payload.grantId ?? null) : null,
      user_code: payload.userCode ?? null,
      uid: payload.uid ?? null,
      expires_at: expiresIn ? this.now() + expiresIn * 1000 : null,
    };
    await this.db
      .insertInto('oidc_payloads')
      .values({ model: this.model, id, ...row, consumed_at: null })
      // Saving a record again never makes a consumed one usable again.
      .onConflict((oc) => oc.columns(['model', 'id']).doUpdateSet(row))
      .execute();
  }

  /**
   * Saves a record only if none with its id exists, in one statement: of any number of
   * parallel calls with one id, exactly one gets true (replayDetection.ts).
   */
  async insertIfAbsent(id: string, payload: AdapterPayload, expiresIn: number): Promise<boolean> {
    const inserted = await this.db
      .insertInto('oidc_payloads')
      .values({
        model: this.model,
        id,
        payload: JSON.stringify(payload),
        grant_id: null,
        user_code: null,
        uid: null,
        expires_at: this.now() + expiresIn * 1000,
        consumed_at: null,
      })
      .onConflict((oc) => oc.columns(['model', 'id']).doNothing())
      .executeTakeFirst();
    return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1;
  }

  async find(id: string): Promise<AdapterPayload | undefined> {
    if (this.model === 'Client') return this.clients.providerMetadata(id);
    return this.findBy('id', id);
  }

  async findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
    return this.findBy('user_code', userCode);
  }

  async findByUid(uid: string): Promise<AdapterPayload | undefined> {
    return this.findBy('uid', uid);
  }

  /**
   * Marks a single-use record (authorization code, refresh token) used, in one conditional
   * UPDATE whose affected-row count decides: of any number of parallel uses exactly one wins.
   * oidc-provider checks `consumed` on a copy it read earlier, so parallel requests all pass
   * that check and reach this call; the losers are refused here with invalid_grant, and the
   * grant is revoked with every token issued under it (RFC 9700 §4.14.2, §4.4.1: a code or
   * refresh token used twice means one of the two users is an attacker).
   */
  async consume(id: string): Promise<void> {
    const used = await this.db
      .updateTable('oidc_payloads')
      .set({ consumed_at: this.now() })
      .where('model', '=', this.model)
      .where('id', '=', id)
      .where('consumed_at', 'is', null)
      .executeTakeFirst();
    if (Number(used.numUpdatedRows) === 1) return;
    const row = await this.db
      .selectFrom('oidc_payloads')
      .select('grant_id')
      .where('model', '=', this.model)
      .where('id', '=', id)
      .executeTakeFirst();
    if (row?.grant_id) await revokeGrant(this.db, row.grant_id);
    throw new errors.InvalidGrant(
      `${this.model === 'RefreshToken' ? 'refresh token' : 'grant'} already used`,
    );
  }

  async destroy(id: string): Promise<void> {
    await this.db
      .deleteFrom('oidc_payloads')
      .where('model', '=', this.model)
      .where('id', '=', id)
      .execute();
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    await this.db.deleteFrom('oidc_payloads').where('grant_id', '=', grantId).execute();
  }

  private async findBy(
    column: 'id' | 'user_code' | 'uid',
    value: string,
  ): Promise<AdapterPayload | undefined> {
    const row = await this.db
      .selectFrom('oidc_payloads')
      .select(['payload', 'expires_at', 'consumed_at'])
      .where('model', '=', this.model)
      .where(column, '=', value)
      .executeTakeFirst();
    if (!row || (row.expires_at !== null && row.expires_at <= this.now())) return undefined;
    const payload = JSON.parse(row.payload) as AdapterPayload;
    // The column is the truth on whether it was used; the payload is written once, at save.
    return row.consumed_at === null
      ? payload
      : { ...payload, consumed: Math.floor(Number(row.consumed_at) / 1000) };
  }
}

/**
 * Revokes a grant: every token and code issued under it (also those issued after this call
 * by a request already under way: they name a grant that no longer exists, and
 * oidc-provider refuses tokens whose grant is gone) and the grant itself.
 */
async function revokeGrant(db: Kysely<Database>, grantId: string): Promise<void> {
  await db
    .deleteFrom('oidc_payloads')
    .where((eb) =>
      eb.or([
        eb('grant_id', '=', grantId),
        eb.and([eb('model', '=', 'Grant'), eb('id', '=', grantId)]),
      ]),
    )
    .execute();
}

/** Deletes every expired record; the server runs it at start and periodically. */
export async function sweepExpired(db: Kysely<Database>, now = Date.now()): Promise<number> {
  const result = await db
    .deleteFrom('oidc_payloads')
    .where('expires_at', '<=', now)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
