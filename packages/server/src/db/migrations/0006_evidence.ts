import type { Kysely } from 'kysely';

// Identity-check evidence: one row per completed check (passed or failed) with its
// GPG45-style scores. The verified attributes (document numbers, names, dates) are
// encrypted at rest; a card number is never stored.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('evidence')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(64)', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('check_name', 'varchar(32)', (c) => c.notNull())
    .addColumn('outcome', 'varchar(16)', (c) => c.notNull())
    .addColumn('strength', 'integer', (c) => c.notNull())
    .addColumn('validity', 'integer', (c) => c.notNull())
    .addColumn('activity', 'integer', (c) => c.notNull())
    .addColumn('fraud', 'integer', (c) => c.notNull())
    .addColumn('verification', 'integer', (c) => c.notNull())
    .addColumn('provider', 'varchar(64)', (c) => c.notNull())
    .addColumn('transaction_id', 'varchar(128)', (c) => c.notNull())
    .addColumn('attributes', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('evidence_user')
    .on('evidence')
    .columns(['user_id', 'created_at'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('evidence').execute();
}
