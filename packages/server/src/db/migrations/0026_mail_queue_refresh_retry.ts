import type { Kysely } from 'kysely';

// Issue 18, items 7 and 8.
//
// The outbox becomes the queue every e-mail goes through (providers/email/mailQueue.ts):
// a row is 'outbox' (kept for developers, no SMTP) or 'pending' (a worker sends it, then
// deletes it). Bodies are now encrypted (OutboxStore); the rows written before are
// development messages in clear, so they are dropped rather than kept unencrypted.
//
// A rotated refresh token records what its rotation issued (hashes, never the tokens) and
// how many retries claimed it, for the confidential-client retry grace (oidc/refreshRetry.ts).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.deleteFrom('outbox').execute();
  await db.schema
    .alterTable('outbox')
    .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('outbox'))
    .execute();
  await db.schema
    .alterTable('outbox')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('outbox').addColumn('next_attempt_at', 'bigint').execute();
  await db.schema.alterTable('outbox').addColumn('lease_until', 'bigint').execute();
  await db.schema.alterTable('outbox').addColumn('lease_owner', 'varchar(64)').execute();
  await db.schema
    .createIndex('outbox_status_next_attempt')
    .on('outbox')
    .columns(['status', 'next_attempt_at'])
    .execute();
  await db.schema.alterTable('oidc_payloads').addColumn('rotated_to', 'text').execute();
  await db.schema
    .alterTable('oidc_payloads')
    .addColumn('retries', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('oidc_payloads').dropColumn('retries').execute();
  await db.schema.alterTable('oidc_payloads').dropColumn('rotated_to').execute();
  await db.schema.dropIndex('outbox_status_next_attempt').execute();
  for (const column of ['lease_owner', 'lease_until', 'next_attempt_at', 'attempts', 'status'])
    await db.schema.alterTable('outbox').dropColumn(column).execute();
}
