import type { Kysely } from 'kysely';

// Issue 21 item 3: the account's language ('en' or 'cy'), for mail sent outside its owner's
// own request (the lock e-mail someone else's guesses trigger). Written at every sign-in from
// the browser's language cookie (features/session/signIn.ts); null until the first one.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('language', 'varchar(8)').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('language').execute();
}
