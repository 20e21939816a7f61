import { randomUUID } from 'node:crypto';
import type { PhotoKind } from '@verity/contracts';
import type { Kysely } from 'kysely';
import sharp from 'sharp';
import type { FieldEncryption } from '../../crypto/fieldEncryption.js';
import type { Database } from '../../db/schema.js';
import type { PreparedImage } from './photoId.js';

const DAY_MS = 86_400_000;

/** How long a document's photo waits for the selfie that follows it on the same screen. */
export const HOLD_FOR_SELFIE_MS = 60 * 60 * 1000;

/**
 * How long a selfie's claim on a held photo lasts at most: the comparison's time, with room
 * for a loaded machine. A claim a crash left behind frees itself after it.
 */
export const CLAIM_MS = 5 * 60 * 1000;

/** A document's photo held for its selfie: the row's id (to claim it), its check, the image. */
export interface HeldDocument {
  id: string;
  check: string;
  image: PreparedImage;
}

/** A photo of a completed check. */
export interface CheckPhoto {
  check: string;
  kind: PhotoKind;
  image: PreparedImage;
}

/**
 * The photos of photo checks, encrypted at rest (AES-256-GCM bound to the row's id, owner,
 * kind and check), kept as JPEG at quality 90 without metadata (a fraction of the PNG's size;
 * enough for a face comparison and for a person settling a dispute). A document's photo is
 * held for the selfie of the same sign-in request that follows it, single-use (claim); when a
 * check completes its photos, and the one held for it, are deleted, or kept
 * PHOTO_RETENTION_DAYS for disputes. Never logged.
 */
export class PhotoImageStore {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly encryption: FieldEncryption,
    private readonly retentionDays: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Holds a document's photo for the selfie of sign-in request `requestUid`, until `until`. */
  async hold(
    userId: string,
    check: string,
    image: PreparedImage,
    until: number,
    requestUid: string,
  ): Promise<void> {
    // One photo waits per request: one taken again replaces an earlier one not in use.
    const now = this.now();
    await this.db
      .deleteFrom('photo_images')
      .where('user_id', '=', userId)
      .where('request_uid', '=', requestUid)
      .where('held_until', 'is not', null)
      .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now)]))
      .execute();
    await this.insert(userId, { check, kind: 'document', image }, until, until, requestUid);
  }

  /**
   * The latest document photo held for this request's selfie, not past its hold (read once:
   * id, check and image); null when none is. Claimed or not: claim() decides who uses it.
   */
  async heldDocument(userId: string, requestUid: string | null): Promise<HeldDocument | null> {
    if (requestUid === null) return null;
    const row = await this.db
      .selectFrom('photo_images')
      .select(['id', 'check_name', 'image'])
      .where('user_id', '=', userId)
      .where('kind', '=', 'document')
      .where('request_uid', '=', requestUid)
      .where('held_until', '>', this.now())
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (!row) return null;
    const aad = context({ id: row.id, userId, kind: 'document', check: row.check_name });
    const jpeg = Buffer.from(this.encryption.decrypt(row.image, aad), 'base64');
    const { data, info } = await sharp(jpeg).png().toBuffer({ resolveWithObject: true });
    return {
      id: row.id,
      check: row.check_name,
      image: { png: data, width: info.width, height: info.height },
    };
  }

  /**
   * Claims a held photo for one selfie: one conditional UPDATE, so of parallel claims exactly
   * one changes the row (on SQLite and PostgreSQL alike). False when it is claimed already, or
   * its hold has ended or it was used.
   */
  async claim(id: string): Promise<boolean> {
    const now = this.now();
    const claimed = await this.db
      .updateTable('photo_images')
      .set({ claimed_until: now + CLAIM_MS })
      .where('id', '=', id)
      .where('held_until', '>', now)
      .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now)]))
      .executeTakeFirst();
    return Number(claimed.numUpdatedRows) === 1;
  }

  /** Keeps a claim until `until`: a vendor compares the selfie later (vendor/pendingAnswer.ts). */
  async extendClaim(id: string, until: number): Promise<void> {
    await this.db
      .updateTable('photo_images')
      .set({ claimed_until: until })
      .where('id', '=', id)
      .execute();
  }

  /** Gives a claim back (the selfie is to be taken again): the photo waits for the next one. */
  async release(id: string): Promise<void> {
    await this.db
      .updateTable('photo_images')
      .set({ claimed_until: null })
      .where('id', '=', id)
      .execute();
  }

  /**
   * A photo check has completed (passed or failed): its photos, and the one held for it
   * (`heldId`), are deleted at once, or, with PHOTO_RETENTION_DAYS, kept that many days and
   * then swept. Other rows (a photo held for another request) are left alone.
   */
  async complete(userId: string, photos: readonly CheckPhoto[], heldId?: string): Promise<void> {
    if (this.retentionDays === 0) {
      if (heldId) await this.db.deleteFrom('photo_images').where('id', '=', heldId).execute();
      return;
    }
    const expiresAt = this.now() + this.retentionDays * DAY_MS;
    if (heldId)
      await this.db
        .updateTable('photo_images')
        .set({ held_until: null, claimed_until: null, request_uid: null, expires_at: expiresAt })
        .where('id', '=', heldId)
        .where('user_id', '=', userId)
        .execute();
    for (const photo of photos) await this.insert(userId, photo, null, expiresAt, null);
  }

  /** Deletes the photos past their time (a hold no selfie followed, a retention ended). */
  async sweep(): Promise<number> {
    const deleted = await this.db
      .deleteFrom('photo_images')
      .where('expires_at', '<', this.now())
      .executeTakeFirst();
    return Number(deleted.numDeletedRows);
  }

  private async insert(
    userId: string,
    photo: CheckPhoto,
    heldUntil: number | null,
    expiresAt: number,
    requestUid: string | null,
  ): Promise<void> {
    const id = randomUUID();
    const jpeg = await sharp(photo.image.png).jpeg({ quality: 90 }).toBuffer();
    const aad = context({ id, userId, kind: photo.kind, check: photo.check });
    await this.db
      .insertInto('photo_images')
      .values({
        id,
        user_id: userId,
        check_name: photo.check,
        kind: photo.kind,
        image: this.encryption.encrypt(jpeg.toString('base64'), aad),
        held_until: heldUntil,
        claimed_until: null,
        request_uid: requestUid,
        expires_at: expiresAt,
        created_at: this.now(),
      })
      .execute();
  }
}

/**
 * The encryption's additional data: a photo copied to another row, or its row changed to
 * another user, kind or check, does not decrypt.
 */
const context = (row: { id: string; userId: string; kind: PhotoKind; check: string }) =>
  `photo_images:${row.id}:${row.userId}:${row.kind}:${row.check}`;
