import type { SocialProvider } from '@verity/contracts';
import type { AppContext } from '../../context.js';
import { ApiError } from '../../http/apiError.js';
import type { SocialProfile } from '../../providers/social/socialProvider.js';

export interface JoinedAccount {
  userId: string;
  email: string;
  /** What happened, for the audit log. */
  events: Array<'signup' | 'email_verified' | 'social_linked'>;
}

/**
 * The account a social login signs in to (docs/flows/social-login.md, 'Linking rules'):
 * 1. the account this identity is linked to;
 * 2. else, when the provider asserts a verified e-mail, the account with that e-mail if its
 *    e-mail is verified too (the identity is linked to it), or a new account (verified) when
 *    the attempt began on /signup with the terms accepted (they are recorded);
 * 3. otherwise none: an unverified e-mail is refused, and an existing account whose e-mail is
 *    not verified is never joined (nobody takes over an account by creating it first); its
 *    owner logs in and links the identity from the account's sign-in methods.
 */
export async function joinAccount(
  ctx: AppContext,
  provider: SocialProvider,
  profile: SocialProfile,
  termsVersion: string | null,
): Promise<JoinedAccount> {
  const linked = await ctx.socialIdentities.accountOf(provider, profile.subject);
  if (linked) {
    const user = await ctx.users.findById(linked);
    if (user) {
      await ctx.socialIdentities.touch(provider, profile.subject);
      return { userId: user.id, email: user.email, events: [] };
    }
  }
  if (!profile.email || !profile.emailVerified) throw new ApiError('social_email_not_verified');

  const existing = await ctx.users.findByEmail(profile.email);
  if (!existing && termsVersion === null) throw new ApiError('social_signup_required');
  const { user, created } = existing
    ? { user: existing, created: false }
    : await ctx.users.findOrCreate(profile.email);
  const events: JoinedAccount['events'] = [];
  if (created) {
    await ctx.users.markVerified(user.id);
    if (termsVersion) await ctx.users.acceptTerms(user.id, termsVersion);
    events.push('signup', 'email_verified');
  } else if (!user.emailVerified) {
    throw new ApiError('social_link_required');
  }
  const outcome = await ctx.socialIdentities.link(
    user.id,
    provider,
    profile.subject,
    profile.email,
  );
  if (outcome === 'identity_in_use') {
    // Another request linked this identity a moment ago: sign in to the account it chose.
    const winner = await ctx.socialIdentities.accountOf(provider, profile.subject);
    const account = winner ? await ctx.users.findById(winner) : undefined;
    if (!account) throw new ApiError('social_identity_in_use');
    return { userId: account.id, email: account.email, events: [] };
  }
  // The account has another identity at this provider (a different subject with this e-mail).
  if (outcome === 'already_linked') throw new ApiError('social_link_required');
  events.push('social_linked');
  return { userId: user.id, email: user.email, events };
}
