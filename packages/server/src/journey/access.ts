import type { Requirement } from '@verity/contracts';
import type { FastifyRequest } from 'fastify';

/**
 * What a route is, declared in its Fastify options (`config: { access: ... }`); the journey
 * (`plugin.ts`) enforces it before the handler runs. The action table of
 * docs/architecture.md is this file.
 */

/** The steps of a sign-in request, also callable from the account area outside a request. */
export const steps = [
  'secondFactorSetup',
  'pinSetup',
  'profile',
  'assurance',
  'check',
  'consent',
  'generateResponse',
] as const;
export type StepName = (typeof steps)[number];

/** Single-use tokens that stand in for the session on a call. */
export type HandoffKind =
  | 'bankCallback'
  | 'pinDevice'
  | 'sharedIdentity'
  | 'emailCode'
  | 'socialCallback'
  /** The desktop's link to the phone for a photo check (journey/handoffPhoto.ts). */
  | 'photo';

export type Access =
  | SingleAccess
  /**
   * A call that is one of several things, by its purpose: `purposeOf` names the purpose from
   * the call (before its body is validated, so anything unexpected must name the strictest),
   * and the journey enforces that purpose's access. The purpose is then `journey.purpose`.
   */
  | {
      kind: 'byPurpose';
      purposes: Readonly<Record<string, SingleAccess>>;
      purposeOf: (request: FastifyRequest) => string | Promise<string>;
    };

/** What a call is when it is one thing. */
export type SingleAccess =
  /** No session needed. */
  | { kind: 'public' }
  /** A signed-in user whose second factor may still be pending: nothing personal. */
  | { kind: 'firstFactor' }
  /** A step of the sign-in request (or the same call outside one): strength, then order. */
  | { kind: 'step'; step: StepName }
  /** The account area: full strength, or full strength and a login at most 15 minutes old. */
  | { kind: 'account'; strength: 'full' | 'recent' }
  /** Authenticated by a single-use token the handler validates, not by the session. */
  | { kind: 'handoff'; token: HandoffKind };

export const publicCall: SingleAccess = { kind: 'public' };
export const firstFactor: SingleAccess = { kind: 'firstFactor' };
export const step = (name: StepName): SingleAccess => ({ kind: 'step', step: name });
export const account = (strength: 'full' | 'recent'): SingleAccess => ({
  kind: 'account',
  strength,
});
export const handoff = (token: HandoffKind): SingleAccess => ({ kind: 'handoff', token });
export const byPurpose = <P extends string>(
  purposes: Readonly<Record<P, SingleAccess>>,
  purposeOf: (request: FastifyRequest) => P | Promise<P>,
): Access => ({ kind: 'byPurpose', purposes, purposeOf });

/** Enrolling or removing an authenticator, sharing, closing the account: at most this old. */
export const RECENT_LOGIN_SECONDS = 15 * 60;

/**
 * The order of a sign-in request: a step is refused while a requirement of an earlier tier is
 * outstanding. The second factor comes before the PIN (a PIN enrolled with a password alone
 * must not stand in for a demanded second factor), both before anything that reads or writes
 * personal data or evidence, consent after the data it releases, the response last.
 */
export const requirementTier: Record<Requirement, number> = {
  loginWithSecondFactor: 1,
  setupSecondFactor: 1,
  loginWithMPin: 2,
  setupMPin: 2,
  loginMPin: 2,
  setupProfile: 3,
  assurance: 3,
  assuranceProfileCapturePossible: 3,
  consent: 4,
};

export const stepTier: Record<StepName, number> = {
  secondFactorSetup: 1,
  pinSetup: 2,
  profile: 3,
  assurance: 3,
  check: 3,
  consent: 4,
  generateResponse: 5,
};

/** Steps that enrol an authenticator: a recent login, like the account's `recent`. */
export const enrolsAuthenticator: ReadonlySet<StepName> = new Set([
  'secondFactorSetup',
  'pinSetup',
]);

/** The first outstanding requirement that comes before this step, if any. */
export function earlierRequirement(
  name: StepName,
  outstanding: readonly Requirement[],
): Requirement | null {
  const tier = stepTier[name];
  const earlier = outstanding
    .filter((requirement) => requirementTier[requirement] < tier)
    .sort((a, b) => requirementTier[a] - requirementTier[b]);
  return earlier[0] ?? null;
}
