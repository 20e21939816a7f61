import type { AppContext } from '../../context.js';

export interface ShareEmail {
  to: string;
  /** The sharer's name from their profile (or their e-mail address). */
  sharedBy: string;
  token: string;
  expiresAt: number;
}

/** The address of a shared-identity page: the token is in the fragment, never sent to a server. */
export function sharedIdentityUrl(ctx: AppContext, token: string): string {
  return new URL(`/shared#${token}`, ctx.config.publicUrl).href;
}

/** Plain text only: nothing the sharer typed can become markup or a link. */
export async function sendShareEmail(ctx: AppContext, share: ShareEmail): Promise<void> {
  const product = ctx.config.productName;
  const until = new Date(share.expiresAt).toUTCString();
  await ctx.email.send({
    to: share.to,
    subject: `${share.sharedBy} has shared their verified identity with you`,
    text:
      `${share.sharedBy} has shared their identity, verified by ${product}, with you as part of the home buying and selling scheme.\n\n` +
      `See what was verified and when:\n${sharedIdentityUrl(ctx, share.token)}\n\n` +
      `The link works until ${until}. If you were not expecting this, you can ignore this e-mail.\n\n${product}`,
  });
}
