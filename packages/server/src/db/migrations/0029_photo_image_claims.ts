import type { Kysely } from 'kysely';

// Photo ID (issue 20, security review): a document's photo held for a selfie is single-use.
// A selfie claims it (claimed_until) in one conditional UPDATE before comparing, so parallel
// selfies cannot all be compared with it; a retake gives the claim back, a result deletes or
// completes the row by id. The hold serves only the sign-in request it was taken in
// (request_uid: the interaction's uid).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('photo_images').addColumn('claimed_until', 'bigint').execute();
  await db.schema.alterTable('photo_images').addColumn('request_uid', 'varchar(64)').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('photo_images').dropColumn('request_uid').execute();
  await db.schema.alterTable('photo_images').dropColumn('claimed_until').execute();
}
