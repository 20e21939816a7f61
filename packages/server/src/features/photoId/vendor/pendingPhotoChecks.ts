import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import sharp from 'sharp';
import type { FieldEncryption } from '../../../crypto/fieldEncryption.js';
import type { Database, PhotoVendorCheckTable } from '../../../db/schema.js';
import { FlowRecords } from '../../../flows/flowRecords.js';
import type { PreparedImage } from '../photoId.js';

/**
 * How long a vendor's check may take before the status poll gives up on it (503, the try
 * given back): the vendor's automatic checks answer in seconds to minutes.
 */
export const PENDING_CHECK_MS = 30 * 60 * 1000;

export type PendingPurpose = PhotoVendorCheckTable['purpose'];

/** A photo check the vendor answers later, as the status poll reads it. */
export interface PendingCheck {
  id: string;
  userId: string;
  requestUid: string;
  purpose: PendingPurpose;
  check: string;
  documentKind: PhotoVendorCheckTable['document_kind'];
  vendorCheckId: string;
  heldId: string | null;
  /** The document check whose held photo a selfie is compared with. */
  heldCheck: string | null;
  completed: boolean;
  consumed: boolean;
  expiresAt: number;
  createdAt: number;
  /** The settled answer (JSON) once a poll has settled it. */
  settled: string | null;
}

export interface NewPendingCheck {
  userId: string;
  requestUid: string;
  purpose: PendingPurpose;
  check: string;
  documentKind: PhotoVendorCheckTable['document_kind'];
  vendorCheckId: string;
  heldId: string | null;
  heldCheck: string | null;
  image: PreparedImage;
}

/**
 * The vendor's photo checks waiting for their answer (migration 0030): flow records, so the
 * one poll that settles a check consumes it (FlowRecords.consume: one conditional UPDATE, of
 * parallel polls exactly one wins). The webhook stores the vendor's result once (complete: a
 * conditional UPDATE too, so a replayed webhook changes nothing). Photo and result are
 * encrypted at rest, bound to the row, and erased when the check settles.
 */
export class PendingPhotoChecks {
  private readonly flows: FlowRecords<'photo_vendor_checks'>;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly encryption: FieldEncryption,
    private readonly now: () => number = Date.now,
  ) {
    this.flows = new FlowRecords(db, 'photo_vendor_checks', null, now);
  }

  /** Records a check the vendor is running; an earlier one of the request is ended. */
  async start(entry: NewPendingCheck): Promise<void> {
    await this.flows.retire({ user_id: entry.userId, request_uid: entry.requestUid });
    const id = randomUUID();
    const jpeg = await sharp(entry.image.png).jpeg({ quality: 90 }).toBuffer();
    const now = this.now();
    await this.db
      .insertInto('photo_vendor_checks')
      .values({
        id,
        user_id: entry.userId,
        request_uid: entry.requestUid,
        purpose: entry.purpose,
        check_name: entry.check,
        document_kind: entry.documentKind,
        vendor_check_id: entry.vendorCheckId,
        held_id: entry.heldId,
        held_check: entry.heldCheck,
        image: this.encryption.encrypt(jpeg.toString('base64'), aad(id, entry.userId, 'image')),
        result: null,
        completed_at: null,
        settled: null,
        attempts: 0,
        expires_at: now + PENDING_CHECK_MS,
        consumed_at: null,
        created_at: now,
      })
      .execute();
  }

  /**
   * A vendor check's state here: running (unanswered, unexpired, unconsumed), answered or
   * ended (a result stored, settled, given up or expired), or unknown (null).
   */
  async state(vendorCheckId: string): Promise<'running' | 'ended' | null> {
    const row = await this.db
      .selectFrom('photo_vendor_checks')
      .select(['completed_at', 'consumed_at', 'expires_at'])
      .where('vendor_check_id', '=', vendorCheckId)
      .executeTakeFirst();
    if (!row) return null;
    const running =
      row.completed_at === null && row.consumed_at === null && Number(row.expires_at) > this.now();
    return running ? 'running' : 'ended';
  }

  /**
   * Stores the vendor's result of a running check, once: one conditional UPDATE (still
   * unanswered, unconsumed, unexpired), so of a webhook and its replays exactly one stores.
   */
  async complete(vendorCheckId: string, result: unknown): Promise<boolean> {
    const row = await this.db
      .selectFrom('photo_vendor_checks')
      .select(['id', 'user_id'])
      .where('vendor_check_id', '=', vendorCheckId)
      .executeTakeFirst();
    if (!row) return false;
    const now = this.now();
    const sealed = this.encryption.encrypt(
      JSON.stringify(result),
      aad(row.id, row.user_id, 'result'),
    );
    const updated = await this.db
      .updateTable('photo_vendor_checks')
      .set({ result: sealed, completed_at: now })
      .where('id', '=', row.id)
      .where('completed_at', 'is', null)
      .where('consumed_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    return Number(updated.numUpdatedRows) === 1;
  }

  /** The request's latest check (whatever its state), or null. */
  async latest(userId: string, requestUid: string): Promise<PendingCheck | null> {
    const row = await this.db
      .selectFrom('photo_vendor_checks')
      .select([
        'id',
        'user_id',
        'request_uid',
        'purpose',
        'check_name',
        'document_kind',
        'vendor_check_id',
        'held_id',
        'held_check',
        'completed_at',
        'consumed_at',
        'expires_at',
        'created_at',
        'settled',
      ])
      .where('user_id', '=', userId)
      .where('request_uid', '=', requestUid)
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (!row) return null;
    return {
      id: row.id,
      userId: row.user_id,
      requestUid: row.request_uid,
      purpose: row.purpose,
      check: row.check_name,
      documentKind: row.document_kind,
      vendorCheckId: row.vendor_check_id,
      heldId: row.held_id,
      heldCheck: row.held_check,
      completed: row.completed_at !== null,
      consumed: row.consumed_at !== null,
      expiresAt: Number(row.expires_at),
      createdAt: Number(row.created_at),
      settled: row.settled,
    };
  }

  /**
   * Takes an answered check to settle: consumed once (of parallel polls exactly one gets it),
   * with its photo and the vendor's result decrypted; null for the others.
   */
  async take(check: PendingCheck): Promise<{ image: PreparedImage; result: unknown } | null> {
    const row = await this.flows.consume(check.id, { user_id: check.userId });
    if (!row) return null;
    const jpeg = Buffer.from(
      this.encryption.decrypt(row.image, aad(row.id, row.user_id, 'image')),
      'base64',
    );
    const { data, info } = await sharp(jpeg).png().toBuffer({ resolveWithObject: true });
    const result: unknown =
      row.result === null
        ? null
        : JSON.parse(this.encryption.decrypt(row.result, aad(row.id, row.user_id, 'result')));
    return { image: { png: data, width: info.width, height: info.height }, result };
  }

  /** Ends a check the vendor did not answer in time: true for the one caller that ended it. */
  async giveUp(check: PendingCheck): Promise<boolean> {
    return (await this.flows.retire({ id: check.id, user_id: check.userId })) === 1;
  }

  /** The settled answer kept for later polls; the photo and the vendor's result erased. */
  async settle(id: string, answer: string): Promise<void> {
    await this.db
      .updateTable('photo_vendor_checks')
      .set({ settled: answer, image: '', result: null })
      .where('id', '=', id)
      .execute();
  }

  /** Deletes the checks past their time, settled or not. */
  async sweep(): Promise<number> {
    const deleted = await this.db
      .deleteFrom('photo_vendor_checks')
      .where('expires_at', '<', this.now())
      .executeTakeFirst();
    return Number(deleted.numDeletedRows);
  }
}

const aad = (id: string, userId: string, field: 'image' | 'result') =>
  `photo_vendor_checks:${id}:${userId}:${field}`;
