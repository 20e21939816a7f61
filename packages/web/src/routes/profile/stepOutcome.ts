import { nextStep, type Requirement } from '@verity/contracts';
import { ApiError } from '../../api/client';
import type { StepDone } from '../../api/profile';
import { detailsAsFieldErrors, type FieldErrors } from '../../components/dynamicForm/formState';

export type StepOutcome =
  /** The step ended the request (a declined consent): back to the client. */
  | { kind: 'redirect'; url: string }
  /** What is still to do, without the step just done. */
  | { kind: 'nextStep'; userReqs: Requirement[] };

/** What the answer of POST /api/profile or /api/consent means (spec: completing a step). */
export function stepOutcome(answer: StepDone, step: Requirement): StepOutcome {
  if (answer.redirect_Uri !== null) return { kind: 'redirect', url: answer.redirect_Uri };
  return {
    kind: 'nextStep',
    userReqs: answer.userRequirements.filter((requirement) => requirement !== step),
  };
}

/**
 * The screen of the earlier step the server says must come first (the journey's order: the
 * second factor of a user who has one, then PIN, then profile and checks, then consent), when
 * that is why it refused; null otherwise.
 */
export function earlierStepRoute(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  if (error.code === 'second_factor_login_required') return '/SecondFactor';
  if (error.code !== 'earlier_step_required') return null;
  const requirement = (error.details as { requirement?: Requirement } | undefined)?.requirement;
  if (!requirement) return null;
  return nextStep({
    userRequirements: [requirement],
    assuranceChoice: [],
    hasAccount: true,
    requestId: null,
  });
}

export type StepFailure =
  /** Nobody is signed in any more: log in (spec, section 6). */
  | { kind: 'login' }
  /** An earlier step comes first: its screen. */
  | { kind: 'earlierStep'; route: string }
  /** The server refused some fields: each message goes next to its field. */
  | { kind: 'refused'; errors: FieldErrors }
  | { kind: 'failed' };

/** What a failed POST /api/profile or /api/consent means for the screen. */
export function stepFailure(error: unknown): StepFailure {
  const route = earlierStepRoute(error);
  if (route) return { kind: 'earlierStep', route };
  if (error instanceof ApiError) {
    if (error.code === 'not_signed_in') return { kind: 'login' };
    if (error.code === 'validation_failed') {
      const errors = detailsAsFieldErrors(error.details);
      if (errors) return { kind: 'refused', errors };
    }
  }
  return { kind: 'failed' };
}

export type LoadFailure =
  | { kind: 'login' }
  | { kind: 'earlierStep'; route: string }
  | { kind: 'error'; detail: string | null };

/** The errors of a screen's first call whose own message helps the user. */
const explainedCodes = new Set(['request_not_found', 'request_not_bound', 'request_binding_lost']);

/** A failed GET /api/profile or /api/consent: log in, or the error screen. */
export function loadFailure(error: unknown): LoadFailure {
  if (error instanceof ApiError && error.code === 'not_signed_in') return { kind: 'login' };
  const route = earlierStepRoute(error);
  if (route) return { kind: 'earlierStep', route };
  return {
    kind: 'error',
    detail: error instanceof ApiError && explainedCodes.has(error.code) ? error.message : null,
  };
}
