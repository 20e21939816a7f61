import { randomInt, randomUUID } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { Database, PinAccessSessionTable } from '../../db/schema.js';
import { newToken, tokenHash } from './pinStore.js';

/** How long a waiting browser's access session lives. */
export const ACCESS_TTL_MS = 5 * 60_000;
/** Digits of the typed access number (10⁸ numbers; see the threat model for the odds). */
export const ACCESS_NUMBER_DIGITS = 8;

/**
 * new: waiting; scanned: an approving device opened it; approved: a PIN proof was bound to it;
 * declined: the approving user refused; used: the waiting browser was signed in with it.
 * 'expired' is derived from expires_at.
 */
export type AccessStatus = 'new' | 'scanned' | 'approved' | 'declined' | 'used' | 'expired';

export type AccessSession = Selectable<PinAccessSessionTable>;

export const newAccessNumber = () =>
  String(randomInt(0, 10 ** ACCESS_NUMBER_DIGITS)).padStart(ACCESS_NUMBER_DIGITS, '0');

/**
 * Access sessions of cross-device PIN login. Every transition is one conditional UPDATE, so an
 * approval is bound once and a waiting browser is signed in once, however requests race.
 */
export class AccessSessionStore {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => number = Date.now,
  ) {}

  status(session: AccessSession): AccessStatus {
    return session.expires_at < this.now() ? 'expired' : (session.status as AccessStatus);
  }

  /** A new session: the access id (QR link), its access number, and the waiting browser's webOTT. */
  async create(input: {
    browserId: string;
    clientId: string;
    deviceName: string;
    addressHash: string;
    targetUserId: string | null;
  }): Promise<{ id: string; accessId: string; accessNumber: string; webOTT: string }> {
    const accessId = newToken();
    const webOTT = newToken();
    for (let attempt = 0; attempt < 5; attempt++) {
      const accessNumber = newAccessNumber();
      // A number is unique among stored sessions; an expired holder gives it up.
      await this.db
        .deleteFrom('pin_access_sessions')
        .where('access_number', '=', accessNumber)
        .where('expires_at', '<', this.now())
        .execute();
      const id = randomUUID();
      const inserted = await this.db
        .insertInto('pin_access_sessions')
        .values({
          id,
          access_id_hash: tokenHash(accessId),
          access_number: accessNumber,
          web_ott_hash: tokenHash(webOTT),
          browser_id: input.browserId,
          client_id: input.clientId,
          device_name: input.deviceName,
          address_hash: input.addressHash,
          target_user_id: input.targetUserId,
          status: 'new',
          identity_id: null,
          user_id: null,
          register: 0,
          expires_at: this.now() + ACCESS_TTL_MS,
          created_at: this.now(),
        })
        .onConflict((oc) => oc.column('access_number').doNothing())
        .returning('id')
        .executeTakeFirst();
      if (inserted) return { id, accessId, accessNumber, webOTT };
    }
    throw new Error('no free access number');
  }

  /** The waiting browser's own session: its webOTT, and only from the browser it was issued to. */
  async findByWebOTT(webOTT: string, browserId: string | null) {
    const row = await this.db
      .selectFrom('pin_access_sessions')
      .selectAll()
      .where('web_ott_hash', '=', tokenHash(webOTT))
      .executeTakeFirst();
    return row && browserId !== null && row.browser_id === browserId ? row : undefined;
  }

  /** A live session by its access id (QR link) or typed access number. */
  async findLive(by: { accessId: string } | { accessNumber: string }) {
    const query = this.db.selectFrom('pin_access_sessions').selectAll();
    const row = await (
      'accessId' in by
        ? query.where('access_id_hash', '=', tokenHash(by.accessId))
        : query.where('access_number', '=', by.accessNumber)
    ).executeTakeFirst();
    const status = row && this.status(row);
    return status === 'new' || status === 'scanned' || status === 'approved' ? row : undefined;
  }

  /**
   * A fresh access id for an approving device that found the session by its number or in its
   * pending list (only the hash is stored); the previous id stops working.
   */
  async reissueAccessId(id: string): Promise<string> {
    const accessId = newToken();
    await this.db
      .updateTable('pin_access_sessions')
      .set({ access_id_hash: tokenHash(accessId) })
      .where('id', '=', id)
      .execute();
    return accessId;
  }

  /** Whether the approving identity can still log in when the waiting browser claims. */
  async identityActive(identityId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('pin_identities')
      .select('state')
      .where('id', '=', identityId)
      .executeTakeFirst();
    return row?.state === 'active';
  }

  async markScanned(id: string): Promise<void> {
    await this.db
      .updateTable('pin_access_sessions')
      .set({ status: 'scanned' })
      .where('id', '=', id)
      .where('status', '=', 'new')
      .execute();
  }

  /** pushauth requests waiting for this user's approval, newest first. */
  async pendingFor(userId: string, clientId: string) {
    return this.db
      .selectFrom('pin_access_sessions')
      .selectAll()
      .where('target_user_id', '=', userId)
      .where('client_id', '=', clientId)
      .where('status', 'in', ['new', 'scanned'])
      .where('expires_at', '>=', this.now())
      .orderBy('created_at', 'desc')
      .limit(5)
      .execute();
  }

  /** Binds a PIN proof to a live, unapproved session; false when it is not (any more). */
  async approve(
    id: string,
    by: { identityId: string | null; userId: string; twoFactors: boolean },
    registration?: { deviceName: string },
  ): Promise<boolean> {
    const updated = await this.db
      .updateTable('pin_access_sessions')
      .set({
        status: 'approved',
        identity_id: by.identityId,
        user_id: by.userId,
        two_factors: by.twoFactors ? 1 : 0,
        register: registration ? 1 : 0,
        ...(registration ? { device_name: registration.deviceName } : {}),
      })
      .where('id', '=', id)
      .where('status', 'in', ['new', 'scanned'])
      .where('expires_at', '>=', this.now())
      .where((eb) =>
        eb.or([eb('target_user_id', 'is', null), eb('target_user_id', '=', by.userId)]),
      )
      .executeTakeFirst();
    return Number(updated.numUpdatedRows) === 1;
  }

  /** The approving user refuses a session not yet approved. */
  async decline(id: string): Promise<boolean> {
    const updated = await this.db
      .updateTable('pin_access_sessions')
      .set({ status: 'declined' })
      .where('id', '=', id)
      .where('status', 'in', ['new', 'scanned'])
      .executeTakeFirst();
    return Number(updated.numUpdatedRows) === 1;
  }

  /** The waiting browser claims an approval, once. */
  async claim(id: string): Promise<boolean> {
    const updated = await this.db
      .updateTable('pin_access_sessions')
      .set({ status: 'used' })
      .where('id', '=', id)
      .where('status', '=', 'approved')
      .where('expires_at', '>=', this.now())
      .executeTakeFirst();
    return Number(updated.numUpdatedRows) === 1;
  }

  /** /verification/confirmation: the registration allowance of a used session, once. */
  async takeRegistration(id: string): Promise<boolean> {
    const updated = await this.db
      .updateTable('pin_access_sessions')
      .set({ register: 0 })
      .where('id', '=', id)
      .where('status', '=', 'used')
      .where('register', '=', 1)
      .where('expires_at', '>=', this.now())
      .executeTakeFirst();
    return Number(updated.numUpdatedRows) === 1;
  }

  async sweep(): Promise<void> {
    await this.db.deleteFrom('pin_access_sessions').where('expires_at', '<', this.now()).execute();
  }
}
