import type { StoredUser } from '../../state/storage';

export interface HomeInput {
  user: StoredUser | null;
  requestId: string | null;
  signedIn: boolean;
}

/**
 * Where / sends the visitor, or null to show the home page (spec, second document: the
 * loading screen at /). A sign-in request in progress goes on to its next step; a visitor
 * who is not signed in and has no request reads about Verity.
 */
export function homeRedirect(input: HomeInput, nextStep: () => string): string | null {
  if (input.user === null) {
    // Signed in, but not through a request this tab knows: nothing to resume.
    if (input.signedIn) return null;
    return input.requestId === null ? '/about' : nextStep();
  }
  const step = nextStep();
  return step === '/' ? null : step;
}

/** The PIN set-up and login routes, whose steps the loading screen at / completes. */
const PIN_STEPS = new Set(['/mpinsetup', '/mpinlogin']);

/**
 * Whether / must ask the server before going on (spec: the loading screen completes the PIN
 * set-up or login step): the step may have been done elsewhere (another tab, an embedded
 * frame), and only the server knows; its requirements replace the stored ones.
 */
export function completesPinStep(input: HomeInput, step: string): boolean {
  return input.user !== null && input.requestId !== null && PIN_STEPS.has(step);
}
