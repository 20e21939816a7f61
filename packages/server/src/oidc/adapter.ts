import type { Adapter, AdapterPayload } from 'oidc-provider';
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
      consumed_at: null,
    };
    await this.db
      .insertInto('oidc_payloads')
      .values({ model: this.model, id, ...row })
      .onConflict((oc) => oc.columns(['model', 'id']).doUpdateSet(row))
      .execute();
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

  async consume(id: string): Promise<void> {
    const row = await this.db
      .selectFrom('oidc_payloads')
      .select('payload')
      .where('model', '=', this.model)
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) return;
    const consumedAt = this.now();
    const payload = {
      ...(JSON.parse(row.payload) as AdapterPayload),
      consumed: Math.floor(consumedAt / 1000),
    };
    await this.db
      .updateTable('oidc_payloads')
      .set({ consumed_at: consumedAt, payload: JSON.stringify(payload) })
      .where('model', '=', this.model)
      .where('id', '=', id)
      .execute();
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
      .select(['payload', 'expires_at'])
      .where('model', '=', this.model)
      .where(column, '=', value)
      .executeTakeFirst();
    if (!row || (row.expires_at !== null && row.expires_at <= this.now())) return undefined;
    return JSON.parse(row.payload) as AdapterPayload;
  }
}

/** Deletes every expired record; the server runs it at start and periodically. */
export async function sweepExpired(db: Kysely<Database>, now = Date.now()): Promise<number> {
  const result = await db
    .deleteFrom('oidc_payloads')
    .where('expires_at', '<=', now)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
