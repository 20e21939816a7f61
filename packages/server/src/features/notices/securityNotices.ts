import type { Language, SecondFactorMethod } from '@verity/contracts';
import type { AppContext } from '../../context.js';
import { noticeMessages } from '../../messages/noticeMessages.js';

/** Every way in or proof of the owner that can be added; a social link has its own notice. */
export type NewAuthenticator = SecondFactorMethod | 'recoveryCodes' | 'pin' | 'signingPin';

/**
 * Plain text to the account's address: what happened, and what to do if it was not them. In
 * the language of the owner's request that made the change (never an attacker's: only the
 * owner's own actions send these).
 */
async function sendNotice(
  ctx: AppContext,
  userId: string,
  change: (text: (typeof noticeMessages)['en']) => { subject: string; what: string },
  language: Language,
) {
  const user = await ctx.users.findById(userId);
  if (!user || user.closed) return;
  const product = ctx.config.productName;
  const text = noticeMessages[language];
  const { subject, what } = change(text);
  await ctx.email.send({
    to: user.email,
    subject: text.subject(subject, product),
    text: text.body(what, ctx.config.supportEmail, product),
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
  language: Language = 'en',
): Promise<void> {
  await sendNotice(
    ctx,
    userId,
    (text) => ({ subject: text.newSetting, what: text.added[kind] }),
    language,
  );
}

/** Tells the owner their verified identity was shared (not with whom: that is the sharer's). */
export async function sendIdentitySharedNotice(
  ctx: AppContext,
  userId: string,
  language: Language = 'en',
): Promise<void> {
  await sendNotice(
    ctx,
    userId,
    (text) => ({ subject: text.identityShared, what: text.identitySharedText }),
    language,
  );
}
