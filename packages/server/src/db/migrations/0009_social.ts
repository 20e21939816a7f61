import type { Kysely } from 'kysely';

// Social login: identities at Google, Microsoft and Facebook linked to accounts (apart from
// the password credential), and the short-lived records of sign-ins in progress.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('social_identities')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(64)', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('provider', 'varchar(16)', (c) => c.notNull())
    .addColumn('subject_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('email', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_used_at', 'bigint')
    .addUniqueConstraint('social_identities_subject', ['provider', 'subject_hash'])
    .addUniqueConstraint('social_identities_user_provider', ['user_id', 'provider'])
    .execute();

  await db.schema
    .createTable('social_flows')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('provider', 'varchar(16)', (c) => c.notNull())
    .addColumn('purpose', 'varchar(16)', (c) => c.notNull())
    .addColumn('browser_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('request_id', 'varchar(64)')
    .addColumn('account_id', 'varchar(64)')
    .addColumn('terms_version', 'varchar(32)')
    .addColumn('secrets', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('consumed_at', 'bigint')
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('social_flows').execute();
  await db.schema.dropTable('social_identities').execute();
}
