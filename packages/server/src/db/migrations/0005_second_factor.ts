import type { Kysely } from 'kysely';

// Second factor: the user's methods, set-up and login challenges, recovery codes.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('second_factors')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(64)', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('method', 'varchar(16)', (c) => c.notNull())
    .addColumn('display_name', 'text', (c) => c.notNull())
    .addColumn('secret', 'text')
    .addColumn('credential_id', 'varchar(1024)')
    .addColumn('public_key', 'text')
    .addColumn('counter', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('last_used_step', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_used_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('second_factors_user')
    .on('second_factors')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('second_factors_credential')
    .on('second_factors')
    .column('credential_id')
    .unique()
    .execute();

  await db.schema
    .createTable('second_factor_challenges')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(64)', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('browser_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('method', 'varchar(16)', (c) => c.notNull())
    .addColumn('purpose', 'varchar(16)', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('code_hash', 'varchar(128)')
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('provider_ref', 'varchar(128)')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('consumed_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('second_factor_challenges_lookup')
    .on('second_factor_challenges')
    .columns(['user_id', 'method', 'purpose', 'created_at'])
    .execute();

  await db.schema
    .createTable('recovery_codes')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(64)', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('code_hash', 'varchar(128)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('recovery_codes_user')
    .on('recovery_codes')
    .columns(['user_id', 'code_hash'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['recovery_codes', 'second_factor_challenges', 'second_factors'])
    await db.schema.dropTable(table).execute();
}
