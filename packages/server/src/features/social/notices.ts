import { socialProviderNames, type SocialProvider } from '@verity/contracts';
import type { AppContext } from '../../context.js';

/**
 * Tells the account's owner by e-mail that a way to sign in was linked or removed, so a
 * change they did not make does not go unnoticed.
 */
export async function sendSignInMethodNotice(
  ctx: AppContext,
  to: string,
  provider: SocialProvider,
  change: 'linked' | 'removed',
): Promise<void> {
  const product = ctx.config.productName;
  const name = socialProviderNames[provider];
  const what =
    change === 'linked'
      ? `Your ${name} account can now be used to log in to your ${product} account.`
      : `Your ${name} account can no longer be used to log in to your ${product} account.`;
  await ctx.email.send({
    to,
    subject:
      change === 'linked'
        ? `${name} was linked to your ${product} account`
        : `${name} was removed from your ${product} account`,
    text: `${what}\n\nIf you did not do this, reset your password with 'Forgot Password' and tell us at ${ctx.config.supportEmail}.\n\n${product}`,
  });
}
