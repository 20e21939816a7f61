import { socialProviderNames, type Language, type SocialProvider } from '@verity/contracts';
import type { AppContext } from '../../context.js';
import { noticeMessages } from '../../messages/noticeMessages.js';

/**
 * Tells the account's owner by e-mail that a way to sign in was linked or removed, so a
 * change they did not make does not go unnoticed; in the language of the owner's request.
 */
export async function sendSignInMethodNotice(
  ctx: AppContext,
  to: string,
  provider: SocialProvider,
  change: 'linked' | 'removed',
  language: Language = 'en',
): Promise<void> {
  const product = ctx.config.productName;
  const name = socialProviderNames[provider];
  const text = noticeMessages[language];
  const linked = change === 'linked';
  await ctx.email.send({
    to,
    subject: linked ? text.linkedSubject(name, product) : text.removedSubject(name, product),
    text: text.body(
      linked ? text.linkedText(name, product) : text.removedText(name, product),
      ctx.config.supportEmail,
      product,
    ),
  });
}
