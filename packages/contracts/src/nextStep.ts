import type { CheckName } from './checks.js';
import { choiceScreens } from './checks/checkRegistry.js';
import type { Requirement } from './requirements.js';

/** What the SPA knows when it decides where to go next (spec, first document, section 4). */
export interface NextStepInput {
  /** The signed-in user's outstanding requirements, or null when nobody is signed in. */
  userRequirements: readonly Requirement[] | null;
  /** The stored assurance choice (the checks the user picked), in order. */
  assuranceChoice: readonly CheckName[];
  /** Whether this browser has had an account (local storage hasAccount). */
  hasAccount: boolean;
  /** The sign-in request in progress, if any. */
  requestId: string | null;
}

// Chosen checks' screens, in the order they are tried (checks/checkRegistry.ts).
const choiceRoutesBeforeProfile = choiceScreens(true);
const choiceRoutesAfterProfile = choiceScreens(false);

const requirementRoutes: ReadonlyArray<[Requirement, string]> = [
  ['setupSecondFactor', '/SecondFactor'],
  ['setupProfile', '/Profile'],
  ['setupMPin', '/mpinsetup'],
  ['loginMPin', '/mpinlogin'],
  ['assurance', '/Verify'],
  ['consent', '/Consent'],
];

function routeForChoice(
  choice: readonly CheckName[],
  routes: ReadonlyArray<readonly [readonly CheckName[], string]>,
): string | null {
  for (const [checks, route] of routes) {
    if (checks.some((check) => choice.includes(check))) return route;
  }
  return null;
}

/**
 * The next screen, decided from the server's requirements. Three deliberate departures
 * from the spec's order, all because the server refuses the step otherwise: nobody signed
 * in means /login or /signup first; finishing a login (PIN, second factor) and setting up a
 * second factor or PIN come before a chosen check or the profile; a stored choice is used only while assurance is still outstanding. With
 * nothing outstanding and no request in progress the user goes home (/) rather than to
 * /sendresponse, which needs a request.
 */
export function nextStep(input: NextStepInput): string {
  const reqs = input.userRequirements;
  if (reqs === null) return input.hasAccount ? '/login' : '/signup';
  if (reqs.includes('loginWithMPin')) return '/mpinlogin';
  if (reqs.includes('loginWithSecondFactor')) return '/SecondFactor';
  // The server refuses every later step while these are outstanding (the journey's order:
  // second factor, then PIN, then profile and checks, then consent).
  if (reqs.includes('setupSecondFactor')) return '/SecondFactor';
  if (reqs.includes('setupMPin')) return '/mpinsetup';
  if (reqs.includes('loginMPin')) return '/mpinlogin';

  const assuranceOutstanding =
    reqs.includes('assurance') || reqs.includes('assuranceProfileCapturePossible');
  if (assuranceOutstanding && input.assuranceChoice.length > 0) {
    const capture = routeForChoice(input.assuranceChoice, choiceRoutesBeforeProfile);
    if (capture) return capture;
    if (reqs.includes('setupProfile')) return '/Profile';
    const check = routeForChoice(input.assuranceChoice, choiceRoutesAfterProfile);
    if (check) return check;
  }
  if (assuranceOutstanding && input.assuranceChoice.length === 0) return '/VerifyOptions';
  if (reqs.includes('assuranceProfileCapturePossible')) return '/Verify';
  for (const [requirement, route] of requirementRoutes) {
    if (reqs.includes(requirement)) return route;
  }
  return input.requestId ? '/sendresponse' : '/';
}
