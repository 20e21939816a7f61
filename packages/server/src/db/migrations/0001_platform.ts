import type { Kysely } from 'kysely';

// Migrations are immutable once landed: add a new file instead of editing this one.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('oidc_payloads')
    .addColumn('model', 'varchar(64)', (c) => c.notNull())
    .addColumn('id', 'varchar(255)', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('grant_id', 'varchar(255)')
    .addColumn('user_code', 'varchar(255)')
    .addColumn('uid', 'varchar(255)')
    .addColumn('expires_at', 'bigint')
    .addColumn('consumed_at', 'bigint')
    .addPrimaryKeyConstraint('oidc_payloads_pk', ['model', 'id'])
    .execute();
  await db.schema
    .createIndex('oidc_payloads_grant_id')
    .on('oidc_payloads')
    .column('grant_id')
    .execute();
  await db.schema
    .createIndex('oidc_payloads_uid')
    .on('oidc_payloads')
    .columns(['model', 'uid'])
    .execute();
  await db.schema
    .createIndex('oidc_payloads_user_code')
    .on('oidc_payloads')
    .columns(['model', 'user_code'])
    .execute();
  await db.schema
    .createIndex('oidc_payloads_expires_at')
    .on('oidc_payloads')
    .column('expires_at')
    .execute();

  await db.schema
    .createTable('signing_keys')
    .addColumn('kid', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('alg', 'varchar(16)', (c) => c.notNull())
    .addColumn('private_jwk', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('retired_at', 'bigint')
    .execute();

  await db.schema
    .createTable('clients')
    .addColumn('client_id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('client_secret', 'text')
    .addColumn('metadata', 'text', (c) => c.notNull())
    .addColumn('policy', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('users')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('email', 'varchar(320)', (c) => c.notNull().unique())
    .addColumn('email_verified', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('outbox')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('channel', 'varchar(16)', (c) => c.notNull())
    .addColumn('recipient', 'varchar(320)', (c) => c.notNull())
    .addColumn('subject', 'text')
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('outbox_created_at').on('outbox').column('created_at').execute();

  await db.schema
    .createTable('kv')
    .addColumn('key', 'varchar(512)', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('kv_expires_at').on('kv').column('expires_at').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['kv', 'outbox', 'users', 'clients', 'signing_keys', 'oidc_payloads']) {
    await db.schema.dropTable(table).execute();
  }
}
