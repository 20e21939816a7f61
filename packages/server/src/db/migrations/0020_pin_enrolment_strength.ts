import type { Kysely } from 'kysely';

// A PIN login is worth no more than the login that enrolled the PIN (issue 15): each PIN and
// signing identity records the amr and acr of the login that enrolled it, and a cross-device
// approval records whether the approving login proved two factors. Identities enrolled before
// this migration have none recorded and count as one factor (aal1): the safe default, since
// nothing shows they were enrolled with two (docs/pin-protocol.md, 'Strength').
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('pin_identities').addColumn('enrolled_amr', 'varchar(255)').execute();
  await db.schema.alterTable('pin_identities').addColumn('enrolled_acr', 'varchar(64)').execute();
  await db.schema
    .alterTable('pin_access_sessions')
    .addColumn('two_factors', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('pin_access_sessions').dropColumn('two_factors').execute();
  for (const column of ['enrolled_acr', 'enrolled_amr'])
    await db.schema.alterTable('pin_identities').dropColumn(column).execute();
}
