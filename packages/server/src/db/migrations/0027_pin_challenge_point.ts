import type { Kysely } from 'kysely';

// Issue 19, item 2 (PIN login speed).
//
// Pass 1 now keeps U as it checked it (its affine coordinates, encrypted with the identity
// and the challenge y as additional data), so pass 2 does not decode and check U a second
// time. That no longer fits varchar(96). The table holds only challenges of the last minute:
// it is made again rather than altered (SQLite cannot alter a column's type), and a pass 1
// under way during the upgrade is answered at its pass 2 as expired, like any lost challenge.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await recreate(db, 'text');
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await recreate(db, 'varchar(96)');
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function recreate(db: Kysely<any>, uType: 'text' | 'varchar(96)'): Promise<void> {
  await db.schema.dropTable('pin_challenges').execute();
  await db.schema
    .createTable('pin_challenges')
    .addColumn('identity_id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('u', uType, (c) => c.notNull())
    .addColumn('y', 'varchar(64)', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
}
