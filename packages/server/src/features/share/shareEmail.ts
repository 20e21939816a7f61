import type { AppContext } from '../../context.js';

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
 */
export async function sendShareEmail(ctx: AppContext, share: ShareEmail): Promise<void> {
  const product = ctx.config.productName;
  const until = new Date(share.expiresAt).toUTCString();
  const link = sharedIdentityUrl(ctx, share.token);
  const ending = `The link works until ${until}. If you were not expecting this, you can ignore this e-mail.\n\n${product}`;
  const name = share.verifiedName;
  await ctx.email.send(
    name
      ? {
          to: share.to,
          subject: `${name} has shared their verified identity with you`,
          text:
            `${name} has shared their identity, verified by ${product}, with you as part of the home buying and selling scheme.\n\n` +
            `See what was verified and when:\n${link}\n\n${ending}`,
        }
      : {
          to: share.to,
          subject: `A ${product} user has shared their identity checks with you`,
          text:
            `The ${product} account ${share.account} has shared its identity checks with you as part of the home buying and selling scheme. ${product} has not verified a name for it.\n\n` +
            `See what was checked and when:\n${link}\n\n${ending}`,
        },
  );
}
