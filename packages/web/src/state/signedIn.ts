import type { SessionInfo } from '@verity/contracts';
import type { StoredUser } from './storage';

/**
 * Whether the stored user is no longer the one the server has signed in (signed out since,
 * or someone else signed in on another tab). The server is the judge.
 */
export function isStaleUser(user: StoredUser | null, session: SessionInfo): boolean {
  if (user === null) return false;
  return !session.loggedIn || (session.email !== null && session.email !== user.email);
}

/** The e-mail to show as signed in: the server's answer first, else the stored user's. */
export function signedInEmail(user: StoredUser | null, session: SessionInfo | null): string | null {
  if (session?.loggedIn) return session.email ?? user?.email ?? null;
  return user?.email || null;
}
