import type { Kysely } from 'kysely';

// PIN registrations become flow records (issue 15, item 5): a registration is used up by
// setting consumed_at in one conditional UPDATE (FlowRecords.consume) instead of being
// deleted, like the other single-use steps. It already has attempts and expires_at (ms).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('pin_registrations').addColumn('consumed_at', 'bigint').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('pin_registrations').dropColumn('consumed_at').execute();
}
