import type { Kysely } from 'kysely';

// Account area: identity shares (capability links, stored as hashes) and account closure.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('identity_shares')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(64)', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    // 0 to 3: a unique slot per user keeps the limit of 4 atomic under concurrent requests.
    .addColumn('slot', 'integer', (c) => c.notNull())
    .addColumn('recipient', 'text', (c) => c.notNull())
    .addColumn('recipient_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('opened_at', 'bigint')
    .addUniqueConstraint('identity_shares_slot', ['user_id', 'slot'])
    .addUniqueConstraint('identity_shares_recipient', ['user_id', 'recipient_hash'])
    .execute();
  await db.schema.alterTable('users').addColumn('closed_at', 'bigint').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('closed_at').execute();
  await db.schema.dropTable('identity_shares').execute();
}
