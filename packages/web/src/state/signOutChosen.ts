/**
 * The history state Verity's own menu passes to /logout: the user chose to sign out on our
 * page. Another site can send a browser to /logout but cannot give it this state, so without
 * it the page asks first.
 */
export const signOutChosen = { signOut: true } as const;

export function isSignOutChosen(state: unknown): boolean {
  return (state as { signOut?: unknown } | null)?.signOut === true;
}
