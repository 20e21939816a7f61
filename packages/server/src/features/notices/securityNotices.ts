import type { SecondFactorMethod } from '@verity/contracts';
import type { AppContext } from '../../context.js';

/** Every way in or proof of the owner that can be added; a social link has its own notice. */
export type NewAuthenticator = SecondFactorMethod | 'recoveryCodes' | 'pin' | 'signingPin';

/** What was added, in the owner's words. No number, device or name: only the kind. */
const added = {
  Authenticator: 'An authenticator app was set up as a second factor',
  Sms: 'A phone number was set up to receive second-factor codes by SMS',
  Voice: 'A phone number was set up to receive second-factor codes by voice call',
  WebAuthn: 'A security key was set up as a second factor',
  recoveryCodes: 'New recovery codes were made (the old ones no longer work)',
  pin: 'A PIN was set up to log in on a device',
  signingPin: 'A PIN was set up to sign on a device',
} satisfies Record<NewAuthenticator, string>;

/** Plain text to the account's address: what happened, and what to do if it was not them. */
async function sendNotice(ctx: AppContext, userId: string, subject: string, what: string) {
  const user = await ctx.users.findById(userId);
  if (!user || user.closed) return;
  const product = ctx.config.productName;
  await ctx.email.send({
    to: user.email,
    subject: `${subject} on your ${product} account`,
    text: `${what}.\n\nIf you did not do this, reset your password with 'Forgot Password' and tell us at ${ctx.config.supportEmail}.\n\n${product}`,
  });
}

/**
 * Tells the owner by e-mail that a way to sign in or a second factor was added, so a change
 * they did not make does not go unnoticed (issue 15; docs/flows/accounts.md).
 */
export async function sendNewAuthenticatorNotice(
  ctx: AppContext,
  userId: string,
  kind: NewAuthenticator,
): Promise<void> {
  await sendNotice(ctx, userId, 'New security setting', added[kind]);
}

/** Tells the owner their verified identity was shared (not with whom: that is the sharer's). */
export async function sendIdentitySharedNotice(ctx: AppContext, userId: string): Promise<void> {
  await sendNotice(
    ctx,
    userId,
    'Identity shared',
    'Your verified identity was shared with someone by e-mail. You can see and withdraw your shares in your account',
  );
}
