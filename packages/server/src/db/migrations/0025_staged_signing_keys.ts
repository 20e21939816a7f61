import type { Kysely } from 'kysely';

// Staged key rotation (issue 18, item 4). A key belongs to a generation (one rotation's keys;
// unique per algorithm, so instances starting at once on an empty database insert exactly
// one first set) and signs from activates_at. When a key stops signing follows from its
// successor's activates_at (oidc/keyLifecycle.ts), so retired_at is no longer stored.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('signing_keys')
    .addColumn('generation', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // Every insert sets it; the default only lets SQLite add a NOT NULL column to existing rows.
  await db.schema
    .alterTable('signing_keys')
    .addColumn('activates_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  // Existing keys: generations in order of creation per algorithm, each signing since it was
  // made (rotation used to make a key sign at once).
  const rows = await db
    .selectFrom('signing_keys')
    .select(['kid', 'alg', 'created_at'])
    .orderBy('created_at')
    .orderBy('kid')
    .execute();
  const generations = new Map<string, number>();
  for (const row of rows as Array<{ kid: string; alg: string; created_at: number | string }>) {
    const generation = (generations.get(row.alg) ?? 0) + 1;
    generations.set(row.alg, generation);
    await db
      .updateTable('signing_keys')
      .set({ generation, activates_at: Number(row.created_at) })
      .where('kid', '=', row.kid)
      .execute();
  }
  await db.schema.alterTable('signing_keys').dropColumn('retired_at').execute();
  await db.schema
    .createIndex('signing_keys_generation_alg')
    .on('signing_keys')
    .columns(['generation', 'alg'])
    .unique()
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('signing_keys_generation_alg').execute();
  await db.schema.alterTable('signing_keys').addColumn('retired_at', 'bigint').execute();
  await db.schema.alterTable('signing_keys').dropColumn('activates_at').execute();
  await db.schema.alterTable('signing_keys').dropColumn('generation').execute();
}
