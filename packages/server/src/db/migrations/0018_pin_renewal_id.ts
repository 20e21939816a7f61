import type { Kysely } from 'kysely';

// PIN secret renewal with its own mpin_id: an authority refuses a second public key for one
// mpin_id and an mpin_id issued outside the registration window, so a renewal is issued for a
// new mpin_id, kept here until the second share is in; then it replaces the identity's.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('pin_identities')
    .addColumn('pending_mpin_id', 'varchar(2048)')
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('pin_identities').dropColumn('pending_mpin_id').execute();
}
