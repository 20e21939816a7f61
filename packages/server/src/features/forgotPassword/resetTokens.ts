import { createHash, randomBytes } from 'node:crypto';
import type { AppContext } from '../../context.js';

/** A reset token from a code (bound to its browser) lasts 15 minutes. */
export const RESET_TOKEN_TTL_SECONDS = 15 * 60;

export interface ResetGrant {
  userId: string;
  email: string;
  /** The browser that proved the code; null for the link in a lock e-mail (any browser). */
  browserId: string | null;
  /**
   * The account's password (a fingerprint of its hash) when the token was issued: a reset or
   * any other change of password since then makes the token dead, so a second token issued
   * before a reset cannot reset again afterwards.
   */
  passwordFingerprint: string;
}

export const tokenKey = (token: string) =>
  `reset-token:${createHash('sha256').update(token).digest('hex')}`;

export function passwordFingerprint(hash: string | null): string {
  return createHash('sha256')
    .update(hash ?? 'no password')
    .digest('base64url');
}

/** A fresh reset token for the account, stored as a hash of itself. */
export async function issueResetToken(
  ctx: AppContext,
  user: { id: string; email: string },
  browserId: string | null,
  ttlSeconds: number,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const grant: ResetGrant = {
    userId: user.id,
    email: user.email,
    browserId,
    passwordFingerprint: passwordFingerprint(await ctx.users.passwordHash(user.id)),
  };
  await ctx.kv.set(tokenKey(token), JSON.stringify(grant), ttlSeconds);
  return token;
}

export async function readResetToken(ctx: AppContext, token: string): Promise<ResetGrant | null> {
  const stored = await ctx.kv.get(tokenKey(token));
  const grant = stored ? (JSON.parse(stored) as Partial<ResetGrant>) : null;
  // A token from before fingerprints existed is treated as dead (they lived 15 minutes).
  return grant?.passwordFingerprint ? (grant as ResetGrant) : null;
}
