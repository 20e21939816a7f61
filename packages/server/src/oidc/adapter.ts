import { errors, type Adapter, type AdapterPayload } from 'oidc-provider';
import { PostgresAdapter, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import * as statements from './payloadStatements.js';
import type { ClientStore } from '../features/clients/store.js';
import { RequestMemo } from './requestMemo.js';
import { accountRows } from './account.js';
import {
  confidentialClientRequest,
  rotationState,
  tokenHash,
  type RotationState,
} from './refreshRetry.js';

/** Models whose records point at a grant, so revoking the grant removes them. */
const grantable = new Set([
  'AccessToken',
  'AuthorizationCode',
  'RefreshToken',
  'DeviceCode',
  'BackchannelAuthenticationRequest',
]);

/** Tokens presented at the token endpoint: read with their Grant and Session (requestMemo.ts). */
const readWithRelated = new Set(['AuthorizationCode', 'RefreshToken']);

/** The Grant and Session rows read with the request's token, until the provider asks for them. */
const related = new RequestMemo<statements.Row>();
const grantKey = (id: string) => `Grant:${id}`;
const sessionKey = (uid: string) => `Session:${uid}`;

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
    /** REFRESH_RETRY_GRACE_SECONDS (oidc/refreshRetry.ts); 0: none. */
    private readonly refreshRetryGraceSeconds = 0,
  ) {}

  async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
    related.forget();
    if (this.model === 'Client')
      throw new Error('clients are managed with the verity clients command');
    const values: statements.SavedValues = {
      model: this.model,
      id,
      payload: JSON.stringify(payload),
      grant_id:
        grantable.has(this.model) || this.model === 'Grant' ? (payload.grantId ?? null) : null,
      user_code: payload.userCode ?? null,
      uid: payload.uid ?? null,
      expires_at: expiresIn ? this.now() + expiresIn * 1000 : null,
    };
    const rotating =
      this.model === 'RefreshToken' || this.model === 'AccessToken'
        ? rotationState()?.rotating
        : undefined;
    if (!rotating) return void (await statements.save.execute(this.db, values));
    // A token issued by a rotation is recorded (hashed) on the token it replaces, and saved
    // only while no later retry has claimed that token (oidc/refreshRetry.ts).
    const link = {
      rotating: rotating.id,
      retries: rotating.retries,
      link: ` ${tokenHash(id)}`,
    };
    if (this.db.getExecutor().adapter instanceof PostgresAdapter) {
      const saved = await statements.linkAndSave.rows(this.db, { ...values, ...link });
      if (saved.length !== 1) throw new errors.InvalidGrant('refresh token already used');
      return;
    }
    await this.db.transaction().execute(async (trx) => {
      if ((await statements.linkRotation.affected(trx, link)) !== 1)
        throw new errors.InvalidGrant('refresh token already used');
      await statements.save.execute(trx, values);
    });
  }

  /**
   * Saves a record only if none with its id exists, in one statement: of any number of
   * parallel calls with one id, exactly one gets true (replayDetection.ts).
   */
  async insertIfAbsent(id: string, payload: AdapterPayload, expiresIn: number): Promise<boolean> {
    related.forget();
    const inserted = await statements.insertIfAbsent.affected(this.db, {
      model: this.model,
      id,
      payload: JSON.stringify(payload),
      grant_id: null,
      user_code: null,
      uid: null,
      expires_at: this.now() + expiresIn * 1000,
    });
    return inserted === 1;
  }

  async find(id: string): Promise<AdapterPayload | undefined> {
    if (this.model === 'Client') return this.clients.providerMetadata(id);
    if (readWithRelated.has(this.model)) return this.findWithRelated(id);
    const kept = this.model === 'Grant' ? related.take(grantKey(id)) : undefined;
    if (kept) return this.payloadOf(kept);
    return this.findBy(statements.findById, id);
  }

  async findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
    return this.findBy(statements.findByUserCode, userCode);
  }

  async findByUid(uid: string): Promise<AdapterPayload | undefined> {
    const kept = this.model === 'Session' ? related.take(sessionKey(uid)) : undefined;
    if (kept) return this.payloadOf(kept);
    return this.findBy(statements.findByUid, uid);
  }

  /** A code or refresh token; its Grant, Session and account kept for this request's next reads. */
  private async findWithRelated(id: string): Promise<AdapterPayload | undefined> {
    const [row] = await statements.findWithRelated.rows(this.db, { model: this.model, value: id });
    if (!row) return undefined;
    if (row.grant_id !== null && row.grant_payload !== null)
      related.keep(grantKey(row.grant_id), {
        payload: row.grant_payload,
        expires_at: row.grant_expires_at,
        consumed_at: null,
      });
    if (row.session_uid !== null && row.session_payload !== null)
      related.keep(sessionKey(row.session_uid), {
        payload: row.session_payload,
        expires_at: row.session_expires_at,
        consumed_at: null,
      });
    if (row.account_id !== null && row.account_email !== null)
      accountRows.keep(row.account_id, {
        id: row.account_id,
        email: row.account_email,
        email_verified: row.account_email_verified ?? 0,
        second_factors: row.account_second_factors,
        profile: row.account_profile,
      });
    return this.payloadOf(row);
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
    related.forget();
    const used = await statements.consume.affected(this.db, {
      model: this.model,
      id,
      now: this.now(),
    });
    const state = this.model === 'RefreshToken' ? rotationState() : undefined;
    if (used === 1) {
      // Only a token that may be retried needs to know what its rotation issues.
      if (state && this.refreshRetryGraceSeconds > 0 && confidentialClientRequest())
        state.rotating = { id, retries: 0 };
      return;
    }
    if (state) {
      const token = await this.db
        .selectFrom('oidc_payloads')
        .select(['consumed_at', 'retries'])
        .where('model', '=', this.model)
        .where('id', '=', id)
        .executeTakeFirst();
      const consumedAt = token?.consumed_at === null ? null : Number(token?.consumed_at);
      if (consumedAt !== null && this.withinRetryGrace(consumedAt))
        return this.retry({ id, consumedAt, retries: Number(token!.retries) }, state);
    }
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
    related.forget();
    await statements.destroy.execute(this.db, { model: this.model, id });
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    related.forget();
    await statements.destroyByGrant.execute(this.db, { grantId });
  }

  private async findBy(
    statement: typeof statements.findById,
    value: string,
  ): Promise<AdapterPayload | undefined> {
    const [row] = await statement.rows(this.db, { model: this.model, value });
    return row && this.payloadOf(row);
  }

  /** A stored row as oidc-provider sees it: none once expired, `consumed` from the column. */
  private payloadOf(row: statements.Row): AdapterPayload | undefined {
    if (row.expires_at !== null && Number(row.expires_at) <= this.now()) return undefined;
    const payload = JSON.parse(row.payload) as AdapterPayload;
    // The column is the truth on whether it was used; the payload is written once, at save.
    if (row.consumed_at === null) return payload;
    const consumedAt = Number(row.consumed_at);
    // Shown as unused, so oidc-provider goes on to consume(), which claims the retry.
    if (this.withinRetryGrace(consumedAt)) return payload;
    return { ...payload, consumed: Math.floor(consumedAt / 1000) };
  }

  /** A rotated refresh token presented again at the token endpoint by a confidential client, soon. */
  private withinRetryGrace(consumedAt: number): boolean {
    return (
      this.model === 'RefreshToken' &&
      this.refreshRetryGraceSeconds > 0 &&
      this.now() - consumedAt < this.refreshRetryGraceSeconds * 1000 &&
      rotationState() !== undefined &&
      confidentialClientRequest()
    );
  }

  /**
   * Claims a retry of a rotated refresh token (oidc/refreshRetry.ts): one conditional UPDATE
   * of its retry count, so of parallel retries one wins; the winner deletes what earlier
   * rotations of the token issued, unless one of those was used (then it is reuse: revoke).
   */
  private async retry(
    read: { id: string; consumedAt: number; retries: number },
    state: RotationState,
  ): Promise<void> {
    const claimed = await this.db
      .updateTable('oidc_payloads')
      .set({ retries: read.retries + 1 })
      .where('model', '=', 'RefreshToken')
      .where('id', '=', read.id)
      .where('consumed_at', '=', read.consumedAt)
      .where('retries', '=', read.retries)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1)
      throw new errors.InvalidGrant('refresh token already used');
    const token = await this.db
      .selectFrom('oidc_payloads')
      .select(['grant_id', 'rotated_to'])
      .where('model', '=', 'RefreshToken')
      .where('id', '=', read.id)
      .executeTakeFirstOrThrow();
    const issued = new Set(token.rotated_to?.split(' ').filter(Boolean));
    const successors = token.grant_id
      ? (
          await this.db
            .selectFrom('oidc_payloads')
            .select(['model', 'id', 'consumed_at'])
            .where('grant_id', '=', token.grant_id)
            .where('model', 'in', ['RefreshToken', 'AccessToken'])
            .execute()
        ).filter((row) => issued.has(tokenHash(row.id)))
      : [];
    if (successors.some((row) => row.model === 'RefreshToken' && row.consumed_at !== null)) {
      await revokeGrant(this.db, token.grant_id!);
      throw new errors.InvalidGrant('refresh token already used');
    }
    for (const row of successors)
      await this.db
        .deleteFrom('oidc_payloads')
        .where('model', '=', row.model)
        .where('id', '=', row.id)
        .execute();
    state.rotating = { id: read.id, retries: read.retries + 1 };
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
