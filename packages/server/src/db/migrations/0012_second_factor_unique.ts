import { sql, type Kysely } from 'kysely';

// One SMS, one voice and one authenticator method per user, enforced by the database so that
// two parallel set-ups cannot both succeed. Security keys ('WebAuthn') may be several.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  // A duplicate could exist from before this rule: keep the oldest, the one login always used.
  await sql`
    delete from second_factors
    where method <> 'WebAuthn' and exists (
      select 1 from second_factors older
      where older.user_id = second_factors.user_id
        and older.method = second_factors.method
        and (older.created_at < second_factors.created_at
          or (older.created_at = second_factors.created_at and older.id < second_factors.id))
    )`.execute(db);
  await db.schema
    .createIndex('second_factors_single_method')
    .on('second_factors')
    .columns(['user_id', 'method'])
    .unique()
    .where(sql.ref('method'), '<>', 'WebAuthn')
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('second_factors_single_method').execute();
}
