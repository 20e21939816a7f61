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

/** A document's photo held for its selfie. */
export interface HeldDocument {
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
 * The photos of photo checks, encrypted at rest (AES-256-GCM bound to the row's id), kept as
 * JPEG at quality 90 without metadata (a fraction of the PNG's size; enough for a face
 * comparison and for a person settling a dispute). A document's photo is held for the selfie
 * that follows it; when a check completes its photos, and any held, are deleted, or kept
 * PHOTO_RETENTION_DAYS for disputes. Never logged.
 */
export class PhotoImageStore {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly encryption: FieldEncryption,
    private readonly retentionDays: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Holds a document's photo for the selfie to be compared with it, until `until`. */
  async hold(userId: string, check: string, image: PreparedImage, until: number): Promise<void> {
    await this.insert(userId, { check, kind: 'document', image }, until, until);
  }

  /** The check of the document photo held for a selfie, if any (nothing decrypted). */
  async heldDocumentCheck(userId: string): Promise<string | null> {
    const row = await this.latestHeld(userId).select('check_name').executeTakeFirst();
    return row?.check_name ?? null;
  }

  /** The latest document photo held for a selfie, not past its hold; null when none is. */
  async heldDocument(userId: string): Promise<HeldDocument | null> {
    const row = await this.latestHeld(userId)
      .select(['id', 'check_name', 'image'])
      .executeTakeFirst();
    if (!row) return null;
    const jpeg = Buffer.from(this.encryption.decrypt(row.image, context(row.id)), 'base64');
    const { data, info } = await sharp(jpeg).png().toBuffer({ resolveWithObject: true });
    return { check: row.check_name, image: { png: data, width: info.width, height: info.height } };
  }

  /**
   * A photo check has completed (passed or failed): its photos and any held for it are deleted
   * at once, or, with PHOTO_RETENTION_DAYS, kept that many days and then swept.
   */
  async complete(userId: string, photos: readonly CheckPhoto[]): Promise<void> {
    if (this.retentionDays === 0) {
      await this.db.deleteFrom('photo_images').where('user_id', '=', userId).execute();
      return;
    }
    const expiresAt = this.now() + this.retentionDays * DAY_MS;
    await this.db
      .updateTable('photo_images')
      .set({ held_until: null, expires_at: expiresAt })
      .where('user_id', '=', userId)
      .where('held_until', 'is not', null)
      .execute();
    for (const photo of photos) await this.insert(userId, photo, null, expiresAt);
  }

  private latestHeld(userId: string) {
    return this.db
      .selectFrom('photo_images')
      .where('user_id', '=', userId)
      .where('kind', '=', 'document')
      .where('held_until', '>', this.now())
      .orderBy('created_at', 'desc')
      .limit(1);
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
  ): Promise<void> {
    const id = randomUUID();
    const jpeg = await sharp(photo.image.png).jpeg({ quality: 90 }).toBuffer();
    await this.db
      .insertInto('photo_images')
      .values({
        id,
        user_id: userId,
        check_name: photo.check,
        kind: photo.kind,
        image: this.encryption.encrypt(jpeg.toString('base64'), context(id)),
        held_until: heldUntil,
        expires_at: expiresAt,
        created_at: this.now(),
      })
      .execute();
  }
}

/** The encryption's additional data: a photo copied to another row does not decrypt. */
const context = (id: string) => `photo_images:${id}`;
