import type { Kysely } from 'kysely';

// PIN login (issue 9): registrations started by a signed-in user, the registered PIN
// identities with their encrypted verification keys and attempt counters, the pass-1
// challenges and the single-use authOTTs. Every flow record has an expiry.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('pin_registrations')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('client_id', 'varchar(255)', (c) => c.notNull())
    .addColumn('act_token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('pin_identities')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('mpin_id', 'varchar(2048)', (c) => c.notNull())
    .addColumn('mpin_id_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('user_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('client_id', 'varchar(255)', (c) => c.notNull())
    .addColumn('device_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('public_key', 'varchar(192)')
    .addColumn('key_share_1', 'text')
    .addColumn('key_share_2', 'text')
    .addColumn('server_key', 'text')
    .addColumn('state', 'varchar(16)', (c) => c.notNull())
    .addColumn('failed_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('reg_ott_hash', 'varchar(64)')
    .addColumn('cs2_token_hash', 'varchar(64)')
    .addColumn('reg_expires_at', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_used_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('pin_identities_user')
    .on('pin_identities')
    .columns(['user_id', 'client_id'])
    .execute();
  await db.schema
    .createTable('pin_challenges')
    .addColumn('identity_id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('u', 'varchar(96)', (c) => c.notNull())
    .addColumn('y', 'varchar(64)', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('pin_auth_tokens')
    .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('identity_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('browser_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('pin_auth_tokens').execute();
  await db.schema.dropTable('pin_challenges').execute();
  await db.schema.dropTable('pin_identities').execute();
  await db.schema.dropTable('pin_registrations').execute();
}
