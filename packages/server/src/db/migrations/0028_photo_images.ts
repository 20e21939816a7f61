import type { Kysely } from 'kysely';

// Photo ID (issue 20): the photos of a photo check, encrypted at rest (crypto/fieldEncryption.ts,
// bound to the row's id), never logged. A document's photo is held for the selfie that follows
// it (held_until), then deleted when the check completes, unless PHOTO_RETENTION_DAYS keeps it
// (expires_at) for disputes; the periodic sweep deletes what is past expires_at. Removed at
// account closure (features/account/closeAccount.ts).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('photo_images')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('check_name', 'varchar(32)', (c) => c.notNull())
    // 'document' or 'selfie'.
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('image', 'text', (c) => c.notNull())
    // Until when a document's photo waits for its selfie; null once its check has completed.
    .addColumn('held_until', 'bigint')
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('photo_images_user').on('photo_images').column('user_id').execute();
  await db.schema
    .createIndex('photo_images_expires_at')
    .on('photo_images')
    .column('expires_at')
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('photo_images').execute();
}
