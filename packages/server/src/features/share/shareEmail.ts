import type { Language } from '@verity/contracts';
import type { AppContext } from '../../context.js';
import { shareMessages, shareUntil } from '../../messages/shareMessages.js';
import { forUnknownReader } from '../../messages/unknownReader.js';

export interface ShareEmail {
  to: string;
  /** The sharer's name as evidence verified it, or null when none did. */
  verifiedName: string | null;
  /** The sharer's account (its e-mail address): named when no name is verified. */
  account: string;
  token: string;
  expiresAt: number;
}

/** The address of a shared-identity page: the token is in the fragment, never sent to a server. */
export function sharedIdentityUrl(ctx: AppContext, token: string): string {
  return new URL(`/shared#${token}`, ctx.config.publicUrl).href;
}

/**
 * Plain text only: nothing the sharer typed can become markup or a link. The e-mail vouches
 * only for what evidence verified: the verified name when there is one; else it names the
 * account, says no name is verified, and never repeats the profile's self-asserted name.
 *
 * The recipient's language is unknown: the e-mail is in the sharer's language (the browser
 * that shared). In English it ends with a Welsh line saying the page is in Welsh too; in
 * Welsh the English follows in full, as bilingual letters from Welsh public bodies do.
 */
export async function sendShareEmail(
  ctx: AppContext,
  share: ShareEmail,
  language: Language = 'en',
): Promise<void> {
  const inLanguage = (lang: Language) => {
    const text = shareMessages[lang];
    const product = ctx.config.productName;
    const link = sharedIdentityUrl(ctx, share.token);
    const name = share.verifiedName;
    return {
      subject: name ? text.namedSubject(name) : text.unnamedSubject(product),
      body: `${name ? text.namedBody(name, product, link) : text.unnamedBody(share.account, product, link)}

${text.ending(shareUntil(share.expiresAt, lang), product)}`,
    };
  };
  await ctx.email.send({
    to: share.to,
    ...forUnknownReader(language, inLanguage, shareMessages.en.otherLanguage),
  });
}
