import { ApiError } from '../http/apiError.js';
import {
  earlierRequirement,
  enrolsAuthenticator,
  RECENT_LOGIN_SECONDS,
  type Access,
  type StepName,
} from './access.js';
import type { Journey, SignedIn } from './journey.js';

/**
 * The rules of the action table (docs/architecture.md): who may make a call of this kind, how
 * strongly signed in, and (for a step of a request) in which order.
 */
export async function enforceAccess(journey: Journey, access: Access): Promise<void> {
  switch (access.kind) {
    case 'public':
      return;
    case 'handoff':
      // The other kinds' handlers validate their own tokens.
      if (access.token !== 'photo') return;
      // The photo link's calls act as the desktop's request (handoffPhoto.ts), under the rules
      // its own `step('check')` calls meet now: whatever changed since the link was made (the
      // second factor, the login's worth, the request's steps) holds for the phone too.
      await journey.byPhotoHandoff();
      await enforceStep(journey, 'check');
      return journey.bindPhotoPhone();
    case 'firstFactor': {
      journey.established(await signedIn(journey), await journey.signInRequest());
      return;
    }
    case 'account': {
      journey.asAccountCall();
      const who = await signedIn(journey);
      requireFullStrength(who);
      if (access.strength === 'recent') requireRecentLogin(who);
      // The lifetime was the named request's only (lifetimeRequest); the call still sees the
      // browser's request in progress (the last second factor cannot go while it needs one).
      journey.established(who, await journey.signInRequest());
      return;
    }
    case 'step':
      return enforceStep(journey, access.step);
    case 'byPurpose': {
      const purpose = await access.purposeOf(journey.call);
      const chosen = access.purposes[purpose];
      if (!chosen) throw new Error(`no access declared for the purpose ${purpose}`);
      journey.purpose = purpose;
      return enforceAccess(journey, chosen);
    }
  }
}

async function signedIn(journey: Journey): Promise<SignedIn> {
  const who = await journey.signIn();
  if (!who) throw new ApiError('not_signed_in');
  return who;
}

/** The second factor of a user who has one comes before anything personal. */
function requireFullStrength(who: SignedIn): void {
  if (who.methods > 0 && !who.twoFactors) throw new ApiError('second_factor_login_required');
}

function requireRecentLogin(who: SignedIn): void {
  if (who.loginAge > RECENT_LOGIN_SECONDS) throw new ApiError('recent_login_required');
}

async function enforceStep(journey: Journey, name: StepName): Promise<void> {
  const who = await signedIn(journey);
  // prompt=login or max_age: this login does not serve the request; log in again.
  if (!(await journey.loginServesRequest())) throw new ApiError('not_signed_in');
  if (enrolsAuthenticator.has(name)) {
    requireRecentLogin(who);
    // Adding a method once you have one needs the ones you have (second_factor_required).
    if (who.methods > 0 && !who.twoFactors) throw new ApiError('second_factor_required');
  } else if (name !== 'generateResponse') {
    requireFullStrength(who);
  }
  const current = await journey.signInRequest();
  // The response answers what is outstanding itself, and releases nothing while anything is.
  if (current && name !== 'generateResponse') {
    const earlier = earlierRequirement(name, await journey.outstanding());
    if (earlier === 'loginWithSecondFactor') throw new ApiError('second_factor_login_required');
    if (earlier) throw new ApiError('earlier_step_required', undefined, { requirement: earlier });
  }
  journey.established(who, current);
}
