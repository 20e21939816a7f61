import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

const perAccountModels = [
  'Session',
  'Grant',
  'AuthorizationCode',
  'AccessToken',
  'RefreshToken',
  'Interaction',
];

/**
 * Ends every session and revokes every grant and token of one account (after a password
 * reset). Records name their account in the payload; account ids are UUIDs, so the match is exact.
 */
export async function revokeAccount(db: Kysely<Database>, accountId: string): Promise<number> {
  if (!/^[0-9a-f-]{36}$/.test(accountId)) throw new Error('not an account id');
  const result = await db
    .deleteFrom('oidc_payloads')
    .where('model', 'in', perAccountModels)
    .where('payload', 'like', `%"accountId":"${accountId}"%`)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
