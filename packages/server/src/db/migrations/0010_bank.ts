import type { Kysely } from 'kysely';

// Open banking: attempts (one per trip to a bank, keyed by a hash of the state Verity issued),
// bank identities linked to accounts (for bank login), and bank accounts captured from a bank
// or the profile (sort code, account number and holder name encrypted at rest).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('ob_attempts')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('browser_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(64)')
    .addColumn('request_id', 'varchar(64)')
    .addColumn('provider', 'varchar(100)', (c) => c.notNull())
    .addColumn('code_verifier', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('consumed_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('ob_attempts_expires')
    .on('ob_attempts')
    .column('expires_at')
    .execute();

  await db.schema
    .createTable('bank_links')
    .addColumn('identity_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('provider', 'varchar(100)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('bank_links_user').on('bank_links').column('user_id').execute();

  await db.schema
    .createTable('bank_accounts')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('source', 'varchar(20)', (c) => c.notNull())
    .addColumn('provider', 'varchar(100)')
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('name_score', 'integer', (c) => c.notNull())
    .addColumn('modulus_valid', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('bank_accounts_user').on('bank_accounts').column('user_id').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('bank_accounts').execute();
  await db.schema.dropTable('bank_links').execute();
  await db.schema.dropTable('ob_attempts').execute();
}
