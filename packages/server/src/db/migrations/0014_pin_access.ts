import type { Kysely } from 'kysely';

// Cross-device PIN login (issue 9 item 7): a waiting browser's access session, approved by a
// PIN identity on another device. Short-lived; the secrets (access id, webOTT) are stored as
// their SHA-256, the typed access number in clear (it is short by design, see
// docs/pin-protocol.md), unique among live sessions.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('pin_access_sessions')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('access_id_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('access_number', 'varchar(16)', (c) => c.notNull().unique())
    .addColumn('web_ott_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('browser_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('client_id', 'varchar(255)', (c) => c.notNull())
    .addColumn('device_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('address_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('target_user_id', 'varchar(64)')
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('identity_id', 'varchar(64)')
    .addColumn('user_id', 'varchar(64)')
    .addColumn('register', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('pin_access_sessions_target')
    .on('pin_access_sessions')
    .columns(['target_user_id', 'client_id'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('pin_access_sessions').execute();
}
