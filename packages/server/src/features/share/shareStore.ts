import { createHash, createHmac, hkdfSync, randomBytes, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { FieldEncryption } from '../../crypto/fieldEncryption.js';
import type { Database } from '../../db/schema.js';

/** The spec: a user can share their identity with up to 4 recipients. */
export const SHARE_LIMIT = 4;

export type ShareStatus = 'emailSent' | 'identityShared';

export interface Share {
  email: string;
  status: ShareStatus;
  created: number;
  expires: number;
}

export type ShareResult =
  /** A new share, or a fresh link for a recipient whose earlier link has expired. */
  | { kind: 'created'; id: string; token: string; expiresAt: number }
  | { kind: 'limitReached' }
  | { kind: 'alreadyShared' };

export interface OpenedShare {
  userId: string;
  expiresAt: number;
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Identity shares: each is a capability link whose 256-bit token is only in the recipient's
 * e-mail; the database keeps its SHA-256, the recipient's address encrypted, and an HMAC of
 * the address to refuse sharing twice with the same person.
 */
export class ShareStore {
  private readonly recipientKey: Buffer;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly encryption: FieldEncryption,
    dataKey: Buffer,
    private readonly now: () => number = Date.now,
  ) {
    this.recipientKey = Buffer.from(
      hkdfSync('sha256', dataKey, Buffer.alloc(0), 'verity share recipients', 32),
    );
  }

  async list(userId: string): Promise<Share[]> {
    const rows = await this.db
      .selectFrom('identity_shares')
      .select(['id', 'recipient', 'opened_at', 'created_at', 'expires_at'])
      .where('user_id', '=', userId)
      .orderBy('created_at', 'asc')
      .execute();
    return rows.map((row) => ({
      email: this.encryption.decrypt(row.recipient, `identity_shares:${row.id}`),
      status: row.opened_at === null ? 'emailSent' : 'identityShared',
      created: Number(row.created_at),
      expires: Number(row.expires_at),
    }));
  }

  /**
   * Takes the first free of the user's 4 slots. The database's unique (user, slot) and
   * (user, recipient) constraints make the limit and the one-share-per-recipient rule hold
   * even for concurrent requests from several instances.
   */
  async create(userId: string, email: string, lifetimeMs: number): Promise<ShareResult> {
    const recipientHash = createHmac('sha256', this.recipientKey)
      .update(email.toLowerCase())
      .digest('hex');
    const token = randomBytes(32).toString('base64url');
    const now = this.now();
    const expiresAt = now + lifetimeMs;
    for (let slot = 0; slot < SHARE_LIMIT; slot++) {
      const taken = await this.db
        .selectFrom('identity_shares')
        .select(['id', 'slot', 'recipient_hash', 'expires_at'])
        .where('user_id', '=', userId)
        .execute();
      const earlier = taken.find((row) => row.recipient_hash === recipientHash);
      if (earlier && Number(earlier.expires_at) > now) return { kind: 'alreadyShared' };
      if (earlier) return this.renew(earlier.id, Number(earlier.expires_at), token, expiresAt);
      if (taken.some((row) => row.slot === slot)) continue;
      const id = randomUUID();
      const inserted = await this.db
        .insertInto('identity_shares')
        .values({
          id,
          user_id: userId,
          slot,
          recipient: this.encryption.encrypt(email, `identity_shares:${id}`),
          recipient_hash: recipientHash,
          token_hash: hashToken(token),
          created_at: now,
          expires_at: expiresAt,
          opened_at: null,
        })
        .onConflict((oc) => oc.doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1)
        return { kind: 'created', id, token, expiresAt };
      // Another request took this slot (or this recipient) at the same moment: look again.
    }
    return { kind: 'limitReached' };
  }

  /** A fresh link for an expired share (only if no other request renewed it meanwhile). */
  private async renew(
    id: string,
    oldExpiry: number,
    token: string,
    expiresAt: number,
  ): Promise<ShareResult> {
    const updated = await this.db
      .updateTable('identity_shares')
      .set({ token_hash: hashToken(token), expires_at: expiresAt, opened_at: null })
      .where('id', '=', id)
      .where('expires_at', '=', oldExpiry)
      .executeTakeFirst();
    return Number(updated.numUpdatedRows) === 1
      ? { kind: 'created', id, token, expiresAt }
      : { kind: 'alreadyShared' };
  }

  /** Removes a share whose e-mail could not be handed over, freeing its slot. */
  async remove(id: string): Promise<void> {
    await this.db.deleteFrom('identity_shares').where('id', '=', id).execute();
  }

  /** The share a link's token opens, if it has not expired; the first opening is recorded. */
  async open(token: string): Promise<OpenedShare | null> {
    const now = this.now();
    const row = await this.db
      .selectFrom('identity_shares')
      .select(['id', 'user_id', 'expires_at', 'opened_at'])
      .where('token_hash', '=', hashToken(token))
      .executeTakeFirst();
    if (!row || Number(row.expires_at) <= now) return null;
    if (row.opened_at === null)
      await this.db
        .updateTable('identity_shares')
        .set({ opened_at: now })
        .where('id', '=', row.id)
        .where('opened_at', 'is', null)
        .execute();
    return { userId: row.user_id, expiresAt: Number(row.expires_at) };
  }
}
