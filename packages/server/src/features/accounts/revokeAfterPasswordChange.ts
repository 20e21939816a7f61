import type { Kysely } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/schema.js';
import { revokeAccount } from '../../oidc/revoke.js';

/**
 * Whatever the old password let in goes with it: every PIN and signing identity of the user
 * (revoked for good, keys dropped), their open PIN flows (registrations, challenges,
 * one-time tokens, cross-device approvals), and every session, grant and token of the account
 * in every browser. One transaction, so no half-revoked account is left; `andThen` runs in it
 * too (the e-mail that says so is queued exactly when the revocation happens).
 */
export async function revokePinsAndSessions(
  db: Kysely<Database>,
  userId: string,
  andThen: (trx: Kysely<Database>) => Promise<void> = async () => {},
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const identities = trx.selectFrom('pin_identities').select('id').where('user_id', '=', userId);
    await trx.deleteFrom('pin_challenges').where('identity_id', 'in', identities).execute();
    await trx.deleteFrom('pin_auth_tokens').where('identity_id', 'in', identities).execute();
    await trx.deleteFrom('pin_dvs_tokens').where('identity_id', 'in', identities).execute();
    await trx.deleteFrom('pin_registrations').where('user_id', '=', userId).execute();
    await trx.deleteFrom('pin_access_sessions').where('user_id', '=', userId).execute();
    await trx
      .updateTable('pin_identities')
      .set({
        state: 'revoked',
        server_key: null,
        key_share_1: null,
        reg_ott_hash: null,
        cs2_token_hash: null,
      })
      .where('user_id', '=', userId)
      .where('state', '!=', 'revoked')
      .execute();
    await revokeAccount(trx, userId);
    await andThen(trx);
  });
}

/**
 * After a password reset (or any password change): revokes what the old password let in
 * (above), records it, and tells the owner so in the confirmation e-mail.
 */
export async function revokeAfterPasswordChange(
  ctx: AppContext,
  user: { userId: string; email: string },
): Promise<void> {
  const product = ctx.config.productName;
  await revokePinsAndSessions(ctx.database.db, user.userId, (trx) =>
    ctx.email.send(
      {
        to: user.email,
        subject: `Your ${product} password was changed`,
        text:
          `Your ${product} password was just changed. Every device was signed out, and every PIN set up for logging in or signing was removed: set a new PIN the next time you are asked.\n\n` +
          `If this was not you, reset your password now with 'Forgot Password' and contact ${ctx.config.supportEmail}.`,
      },
      trx,
    ),
  );
  await ctx.audit.record(user.userId, 'password_change_revoked');
}
