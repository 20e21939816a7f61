import type { Kysely } from 'kysely';

// Photo ID by a vendor (issue 20 item 5, PHOTO_ID_PROVIDER=vendor): a photo check the vendor
// answers later. A flow record (flows/flowRecords.ts): the status poll that settles it
// consumes it once. The webhook stores the vendor's result (fetched from the vendor, encrypted,
// bound to the row) once (completed_at); the settled answer is kept for the polls that follow.
// The photos (document, selfie) wait here encrypted until the check settles. Removed at
// account closure and by the periodic sweep past expires_at.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('photo_vendor_checks')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(64)', (c) => c.notNull())
    // The sign-in request (interaction uid) the check belongs to.
    .addColumn('request_uid', 'varchar(64)', (c) => c.notNull())
    // 'document', 'documentForSelfie' or 'selfie': which outcome settles it.
    .addColumn('purpose', 'varchar(32)', (c) => c.notNull())
    .addColumn('check_name', 'varchar(32)', (c) => c.notNull())
    // 'passport' or 'drivingLicence' for a document; 'selfie'.
    .addColumn('document_kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('vendor_check_id', 'varchar(128)', (c) => c.notNull().unique())
    // A selfie's held document photo (photo_images.id), completed with it, and its check.
    .addColumn('held_id', 'varchar(64)')
    .addColumn('held_check', 'varchar(32)')
    // The photo sent (encrypted), kept for the selfie that follows or the retention.
    .addColumn('image', 'text', (c) => c.notNull())
    // The vendor's reports (encrypted JSON), stored once by the webhook.
    .addColumn('result', 'text')
    .addColumn('completed_at', 'bigint')
    // The settled answer (JSON: a result or an error), for the polls after the one that settled.
    .addColumn('settled', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('consumed_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('photo_vendor_checks_request')
    .on('photo_vendor_checks')
    .columns(['user_id', 'request_uid'])
    .execute();
  await db.schema
    .createIndex('photo_vendor_checks_expires_at')
    .on('photo_vendor_checks')
    .column('expires_at')
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('photo_vendor_checks').execute();
}
