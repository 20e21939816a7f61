import type { Kysely } from 'kysely';

// PIN signing (issue 9 item 6): signing identities ('signing', bound to the login identity
// that registered them), secret renewal (when the secret was issued, the renewal's new public
// key until its second share is in), dvsRegister tokens, and the signature of a consent.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('pin_identities')
    .addColumn('kind', 'varchar(16)', (c) => c.notNull().defaultTo('login'))
    .execute();
  await db.schema.alterTable('pin_identities').addColumn('parent_id', 'varchar(64)').execute();
  await db.schema.alterTable('pin_identities').addColumn('secret_issued_at', 'bigint').execute();
  await db.schema
    .alterTable('pin_identities')
    .addColumn('pending_public_key', 'varchar(192)')
    .execute();
  await db.schema
    .createIndex('pin_identities_parent')
    .on('pin_identities')
    .column('parent_id')
    .execute();
  await db.schema
    .createTable('pin_dvs_tokens')
    .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('identity_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('browser_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.alterTable('consents').addColumn('signature', 'text').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('consents').dropColumn('signature').execute();
  await db.schema.dropTable('pin_dvs_tokens').execute();
  await db.schema.dropIndex('pin_identities_parent').execute();
  for (const column of ['pending_public_key', 'secret_issued_at', 'parent_id', 'kind'])
    await db.schema.alterTable('pin_identities').dropColumn(column).execute();
}
