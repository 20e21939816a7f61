import { sql, type Kysely } from 'kysely';

// Issue 19: the token endpoint's writes. Only Sessions and Interactions have a uid, only
// device codes a user code; every other record (codes, tokens, grants) left a NULL entry in
// both indexes, two more index pages written by every token saved. Each index now holds only
// the rows that have the value: a lookup by uid or user code (`model = ? and uid = ?`) implies
// it is not null, so both databases use the index as before.
const sparse = ['uid', 'user_code'] as const;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  for (const column of sparse) {
    await db.schema.dropIndex(`oidc_payloads_${column}`).execute();
    await db.schema
      .createIndex(`oidc_payloads_${column}`)
      .on('oidc_payloads')
      .columns(['model', column])
      .where(sql.ref(column), 'is not', null)
      .execute();
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const column of sparse) {
    await db.schema.dropIndex(`oidc_payloads_${column}`).execute();
    await db.schema
      .createIndex(`oidc_payloads_${column}`)
      .on('oidc_payloads')
      .columns(['model', column])
      .execute();
  }
}
