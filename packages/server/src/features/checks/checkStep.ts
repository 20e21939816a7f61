import { namesOfCheck, type CheckName, type CheckResult } from '@verity/contracts';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { ApiError } from '../../http/apiError.js';
import { clientIp, enforceLimit } from '../../http/rateLimit.js';
import { assuranceState } from '../assurance/assuranceState.js';
import { capturesProfile } from '../assurance/subjectFields.js';
import { checkOffered } from './checkProviders.js';
import { checkInfo } from './checkRegistry.js';
import { requireClaimedIdentity } from '../identity/coreIdentity.js';
import type { Evidence, NewEvidence } from '../evidence/evidenceStore.js';
import type { Journey, StepView } from '../../journey/journey.js';
import { errorMessages, errorText } from '../../messages/errorMessages.js';
import { checkNames } from '../../messages/verificationTexts.js';

/** Attempts at one check per user and day, and at any check per address and hour. */
export const checkLimits = {
  perUser: { name: 'identity-check-user', max: 3, windowSeconds: 24 * 3600 },
  perAddress: { name: 'identity-check-address', max: 30, windowSeconds: 3600 },
};

/**
 * One check under two names (spec: Bank and CurrentAccount): a failure under one name holds
 * the other back too, and both share one attempt counter. A pass counts only under its name,
 * the one the client asked for.
 */
const namesOf = namesOfCheck; // the twins are in the check registry (contracts)

/**
 * What every identity check asks before the provider (the journey already checked who may
 * call, in which order): the check offered here; every field valid (400 with each field's
 * message); a claimed identity to match (the profile's name, and birth date for a record
 * that has one); the check not already passed and not failed lately; and the attempt limits,
 * counted before the provider is asked.
 */
export async function checkAllowed(
  ctx: AppContext,
  request: FastifyRequest,
  check: CheckName | ((step: StepView) => Promise<CheckName>),
  fieldErrors: () => Record<string, string>,
): Promise<StepView> {
  const step = request.journey.step;
  // Fail closed before anything is looked at when this deployment has no provider for it.
  if (typeof check === 'string' && !checkOffered(ctx, check))
    throw new ApiError('check_not_offered');
  const problems = fieldErrors();
  if (Object.keys(problems).length > 0)
    throw new ApiError('validation_failed', undefined, problems);
  // Some checks are named only once valid details are looked up (a card's range), or by the
  // request (the Bank check under the name the client asked for).
  if (typeof check === 'function') {
    check = await check(step);
    if (!checkOffered(ctx, check)) throw new ApiError('check_not_offered');
  }
  // Every check matches what it finds with the claimed identity: ask for one first (free).
  // A document photo captures a profile without names (and a missing birth date) from the
  // document it reads; a profile with one name only is incomplete, as for any check.
  if (!capturesProfile(check))
    await requireClaimedIdentity(ctx, step.accountId, checkInfo(check).binds === 'person');
  else if (!(await namesEmpty(ctx, step.accountId)))
    await requireClaimedIdentity(ctx, step.accountId, false);
  const { passed, unavailable } = await ctx.evidence.standing(step.accountId);
  if (passed.has(check))
    throw new ApiError('step_not_allowed', (language) =>
      errorMessages[language].checkComplete(checkNames[language][check]),
    );
  const names = namesOf(check);
  if (names.some((name) => unavailable.has(name)))
    throw new ApiError(
      'step_not_allowed',
      errorText((texts) => texts.checkNotAgain),
    );
  await enforceLimit(ctx, checkLimits.perAddress, clientIp(request));
  await enforceLimit(ctx, checkLimits.perUser, attemptSubject(check, step.accountId));
  return step;
}

/** Whether the profile has neither name (a document photo may then capture both). */
async function namesEmpty(ctx: AppContext, accountId: string): Promise<boolean> {
  const profile = await ctx.profiles.get(accountId);
  const blank = (value: unknown) => typeof value !== 'string' || value.trim() === '';
  return blank(profile.given_name) && blank(profile.family_name);
}

/** Whose and which check's attempts the per-user limit counts (twins share one counter). */
export function attemptSubject(check: CheckName, accountId: string): string {
  return `${namesOf(check)[0]}:${accountId}`;
}

/**
 * Records a check's evidence and audit event, then moves the request on (spec, auth actions):
 * a passed check leaves the stored choice, a failed one clears it, and a met alternative
 * clears it too. Answers what the user must still do.
 */
export async function recordCheck(
  ctx: AppContext,
  journey: Journey,
  evidence: NewEvidence,
  /** A failed check whose record named another person: counted apart in the metrics. */
  mismatch = false,
): Promise<CheckResult> {
  const step = journey.step;
  const recorded: Evidence = await ctx.evidence.record(step.accountId, evidence);
  const passed = recorded.outcome === 'passed';
  ctx.metrics.check(evidence.check, passed ? 'passed' : mismatch ? 'mismatch' : 'failed');
  await ctx.audit.record(
    step.accountId,
    passed ? 'identity_check_passed' : 'identity_check_failed',
    step.client?.clientId ?? null,
  );
  const { interaction, client } = step;
  if (!interaction || !client)
    return { check: evidence.check, verified: passed, userRequirements: [], assuranceChoice: [] };

  const uid = interaction.uid;
  const state = await assuranceState(ctx, client.policy, interaction, step.accountId);
  const remaining = (await ctx.assuranceChoices.get(uid)).filter(
    (check) => check !== evidence.check,
  );
  const assuranceChoice = passed && !state?.met ? remaining : [];
  await ctx.assuranceChoices.set(
    uid,
    assuranceChoice,
    interaction.exp - Math.floor(Date.now() / 1000),
  );
  return {
    check: evidence.check,
    verified: passed,
    userRequirements: await journey.outstanding(),
    assuranceChoice,
  };
}
