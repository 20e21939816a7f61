export type Step =
  | { step: 'email'; email: string; notice: string | null }
  | { step: 'code'; email: string }
  | { step: 'password'; email: string; resetToken: string }
  | { step: 'done' }
  | { step: 'error' };

/**
 * The first step of /forgotpassword from the address's fragment: the link in a lock e-mail
 * (#email=…&token=…) goes straight to the new password, anything else to the e-mail. The
 * fragment never reaches a server log. Pure: React may run a state initializer again when it
 * restarts a render (a lazy screen on a busy machine), so the page clears the address bar once
 * the screen is committed, never while reading it.
 */
export function stepFromLink(hash: string): Step {
  const link = new URLSearchParams(hash.replace(/^#/, ''));
  const email = link.get('email');
  const resetToken = link.get('token');
  if (!email || !resetToken) return { step: 'email', email: '', notice: null };
  return { step: 'password', email, resetToken };
}
