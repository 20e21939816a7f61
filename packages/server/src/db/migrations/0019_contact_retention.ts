import type { Kysely } from 'kysely';

// Contact messages are deleted once older than CONTACT_RETENTION_DAYS by the periodic sweep,
// which looks them up by age.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('contact_messages_created_at')
    .on('contact_messages')
    .column('created_at')
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('contact_messages_created_at').execute();
}
