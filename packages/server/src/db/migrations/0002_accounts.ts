import type { Kysely } from 'kysely';

// Accounts: password credentials, terms acceptance, e-mail codes, audit events.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('password_credentials')
    .addColumn('user_id', 'varchar(64)', (c) =>
      c.primaryKey().references('users.id').onDelete('cascade'),
    )
    .addColumn('hash', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('terms_acceptances')
    .addColumn('user_id', 'varchar(64)', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('version', 'varchar(32)', (c) => c.notNull())
    .addColumn('accepted_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('terms_acceptances_pk', ['user_id', 'version'])
    .execute();

  await db.schema
    .createTable('email_codes')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('email', 'varchar(320)', (c) => c.notNull())
    .addColumn('purpose', 'varchar(16)', (c) => c.notNull())
    .addColumn('browser_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('code_hash', 'varchar(128)', (c) => c.notNull())
    .addColumn('pending_password_hash', 'text')
    .addColumn('pending_terms_version', 'varchar(32)')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('consumed_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('email_codes_lookup')
    .on('email_codes')
    .columns(['email', 'purpose', 'created_at'])
    .execute();

  await db.schema
    .createTable('audit_events')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('type', 'varchar(64)', (c) => c.notNull())
    .addColumn('client_id', 'varchar(64)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('audit_events_user')
    .on('audit_events')
    .columns(['user_id', 'created_at'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'audit_events',
    'email_codes',
    'terms_acceptances',
    'password_credentials',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
