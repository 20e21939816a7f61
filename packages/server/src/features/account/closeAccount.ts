import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { revokeAccount } from '../../oidc/revoke.js';

/** The privacy policy: verification records are kept 7 years after the account is closed. */
export const RETENTION_AFTER_CLOSURE_MS = 7 * 365.25 * 86_400_000;

/**
 * Every table that holds an account's personal data, by the column naming the account.
 * Removed at closure; closure.int.test.ts fails if a table with an account column is
 * neither here nor in `keptAfterClosure`.
 */
export const removedAtClosure = [
  ['password_credentials', 'user_id'],
  ['profiles', 'user_id'],
  ['consents', 'user_id'],
  ['terms_acceptances', 'user_id'],
  ['identity_shares', 'user_id'],
  ['second_factors', 'user_id'],
  ['second_factor_challenges', 'user_id'],
  ['recovery_codes', 'user_id'],
  ['recovery_code_sets', 'user_id'],
  ['social_identities', 'user_id'],
  ['social_flows', 'account_id'],
  ['bank_links', 'user_id'],
  ['bank_accounts', 'user_id'],
  ['ob_attempts', 'user_id'],
  ['pin_registrations', 'user_id'],
  ['pin_identities', 'user_id'],
  // Cross-device sign-ins this account approved, or that were pushed to it.
  ['pin_access_sessions', 'user_id'],
  ['pin_access_sessions', 'target_user_id'],
  // Photo-ID photos held for a selfie or kept for disputes (PHOTO_RETENTION_DAYS).
  ['photo_images', 'user_id'],
  // Photo checks a vendor had not answered yet, with their photos (PHOTO_ID_PROVIDER=vendor).
  ['photo_vendor_checks', 'user_id'],
] as const;

/** Kept for 7 years after closure (the privacy page), then removed by purgeClosedAccounts. */
export const keptAfterClosure = [
  ['evidence', 'user_id'],
  ['audit_events', 'user_id'],
] as const;

/**
 * Closes an account at once, in one transaction: the e-mail address, password, profile,
 * consents, terms acceptances, identity shares, second factors and recovery codes, linked
 * social and bank identities, bank accounts, pending e-mail codes and unfinished flows are
 * removed, and every session, grant, code and token is revoked. The users row stays, with no
 * personal data, as the anchor of what the privacy policy keeps for 7 years: the
 * identity-check evidence (encrypted at rest) and the audit events (no personal data).
 */
export async function closeAccount(
  db: Kysely<Database>,
  userId: string,
  now = Date.now(),
  /** Runs in the same transaction: the closure notice is queued exactly when the account closes. */
  andThen: (trx: Kysely<Database>) => Promise<void> = async () => {},
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const user = await trx
      .selectFrom('users')
      .select('email')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    // A PIN identity's challenges and one-time tokens name the identity, not the user.
    const pinIdentities = trx
      .selectFrom('pin_identities')
      .select('id')
      .where('user_id', '=', userId);
    await trx.deleteFrom('pin_challenges').where('identity_id', 'in', pinIdentities).execute();
    await trx.deleteFrom('pin_auth_tokens').where('identity_id', 'in', pinIdentities).execute();
    for (const [table, column] of removedAtClosure)
      await trx.deleteFrom(table).where(column, '=', userId).execute();
    await trx.deleteFrom('email_codes').where('email', '=', user.email).execute();
    await trx
      .updateTable('users')
      // A placeholder that can never be an address (RFC 2606 .invalid), unique per account,
      // so the address itself is free to sign up again.
      .set({
        email: `closed-${userId}@closed.invalid`,
        email_verified: 0,
        // Nothing is mailed to a closed account: its language is not kept either.
        language: null,
        closed_at: now,
        updated_at: now,
      })
      .where('id', '=', userId)
      .execute();
    await revokeAccount(trx, userId);
    await andThen(trx);
  });
}

/**
 * Deletes what was kept of accounts closed more than 7 years ago: the evidence, the audit
 * events and the users row, last. Deleted explicitly rather than through ON DELETE CASCADE,
 * which not every table has.
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
      for (const [table, column] of [...keptAfterClosure, ...removedAtClosure])
        await trx.deleteFrom(table).where(column, '=', id).execute();
      await trx.deleteFrom('users').where('id', '=', id).execute();
    });
  }
  return expired.length;
}
