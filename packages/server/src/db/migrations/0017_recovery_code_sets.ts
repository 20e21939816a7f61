import { sql, type Kysely } from 'kysely';

// One row per user who holds recovery codes. Its primary key makes "issue the first codes only
// if none exist" atomic: two parallel first set-ups cannot both store a set (the second set
// would replace the codes the user was shown and saved). Regenerating locks this row first, so
// parallel regenerations cannot leave two sets either.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('recovery_code_sets')
    .addColumn('user_id', 'varchar(64)', (c) =>
      c.primaryKey().references('users.id').onDelete('cascade'),
    )
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await sql`
    insert into recovery_code_sets (user_id, created_at)
    select user_id, min(created_at) from recovery_codes group by user_id`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('recovery_code_sets').execute();
}
