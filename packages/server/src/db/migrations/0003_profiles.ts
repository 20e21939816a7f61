import type { Kysely } from 'kysely';

// Profiles (the claims a user gave, one encrypted JSON document per user) and the consents
// users gave each client (which claims it may receive).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('profiles')
    .addColumn('user_id', 'varchar(64)', (c) =>
      c.primaryKey().references('users.id').onDelete('cascade'),
    )
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('consents')
    .addColumn('user_id', 'varchar(64)', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('client_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('claims', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('consents_pk', ['user_id', 'client_id'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('consents').execute();
  await db.schema.dropTable('profiles').execute();
}
