import { normaliseName } from '@verity/contracts';
import type { AppContext } from '../../context.js';
import type { KbvLevel, KbvPerson } from '../../providers/kbv/creditReference.js';
import { assuranceState } from '../assurance/assuranceState.js';
import type { StepView } from '../../journey/journey.js';
import { verifiedPerson } from '../evidence/verifiedPerson.js';

/**
 * Whom the questions are about: the identity a document check verified (while it still counts),
 * else the profile's name and date of birth. Null when neither is known.
 */
export async function kbvPerson(ctx: AppContext, userId: string): Promise<KbvPerson | null> {
  const verified = verifiedPerson(await ctx.evidence.forUser(userId));
  if (verified) return verified;
  const profile = await ctx.profiles.get(userId);
  const { given_name, family_name, birthdate } = profile;
  if (typeof given_name !== 'string' || typeof family_name !== 'string') return null;
  if (typeof birthdate !== 'string') return null;
  return { given: normaliseName(given_name), surname: normaliseName(family_name), dob: birthdate };
}

/**
 * The level to ask: the one the stored choice (or else the request's options) needs and the
 * user has not passed; without a request, KBVL1 then KBVL2. Null when nothing is left to ask.
 */
export async function kbvLevel(ctx: AppContext, step: StepView): Promise<KbvLevel | null> {
  const { passed } = await ctx.evidence.standing(step.accountId);
  const open = (level: KbvLevel) => !passed.has(level === 1 ? 'KBVL1' : 'KBVL2');
  if (step.interaction && step.client) {
    const choice = await ctx.assuranceChoices.get(step.interaction.uid);
    const state = await assuranceState(ctx, step.client.policy, step.interaction, step.accountId);
    // The choice first; else any alternative of the request (a failed level then says so).
    const wanted = choice.length > 0 ? choice : (state?.alternatives.flat() ?? []);
    if (wanted.includes('KBVL2') && open(2)) return 2;
    if (wanted.includes('KBVL1') && open(1)) return 1;
    return null;
  }
  if (open(1)) return 1;
  return open(2) ? 2 : null;
}
