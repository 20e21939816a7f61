import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { revokeAccount } from '../../oidc/revoke.js';

/** The privacy policy: verification records are kept 7 years after the account is closed. */
export const RETENTION_AFTER_CLOSURE_MS = 7 * 365.25 * 86_400_000;

/**
 * Closes an account at once, in one transaction: the e-mail address, password, profile,
 * consents, terms acceptances, identity shares and pending e-mail codes are removed, and
 * every session, grant, code and token is revoked. The users row stays, with no personal
 * data, as the anchor of what the privacy policy keeps for 7 years: the identity-check
 * evidence (encrypted at rest) and the audit events (no personal data).
 * Tables with personal data that later features add belong in this list.
 */
export async function closeAccount(
  db: Kysely<Database>,
  userId: string,
  now = Date.now(),
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const user = await trx
      .selectFrom('users')
      .select('email')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    await trx.deleteFrom('password_credentials').where('user_id', '=', userId).execute();
    await trx.deleteFrom('profiles').where('user_id', '=', userId).execute();
    await trx.deleteFrom('consents').where('user_id', '=', userId).execute();
    await trx.deleteFrom('terms_acceptances').where('user_id', '=', userId).execute();
    await trx.deleteFrom('identity_shares').where('user_id', '=', userId).execute();
    await trx.deleteFrom('email_codes').where('email', '=', user.email).execute();
    await trx
      .updateTable('users')
      // A placeholder that can never be an address (RFC 2606 .invalid), unique per account,
      // so the address itself is free to sign up again.
      .set({
        email: `closed-${userId}@closed.invalid`,
        email_verified: 0,
        closed_at: now,
        updated_at: now,
      })
      .where('id', '=', userId)
      .execute();
    await revokeAccount(trx, userId);
  });
}

/**
 * Deletes what was kept of accounts closed more than 7 years ago. The users row goes last:
 * evidence tables reference it with ON DELETE CASCADE.
 */
export async function purgeClosedAccounts(db: Kysely<Database>, now = Date.now()): Promise<number> {
  const expired = await db
    .selectFrom('users')
    .select('id')
    .where('closed_at', 'is not', null)
    .where('closed_at', '<', now - RETENTION_AFTER_CLOSURE_MS)
    .execute();
  for (const { id } of expired) {
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('audit_events').where('user_id', '=', id).execute();
      await trx.deleteFrom('users').where('id', '=', id).execute();
    });
  }
  return expired.length;
}
