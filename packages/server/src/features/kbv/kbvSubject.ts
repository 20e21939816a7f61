import { normaliseName, type RecordPerson } from '@verity/contracts';
import type { AppContext } from '../../context.js';
import type { KbvApplicant, KbvLevel, KbvSubject } from '../../providers/kbv/creditReference.js';
import { assuranceState } from '../assurance/assuranceState.js';
import type { StepView } from '../../journey/journey.js';
import { claimedIdentity } from '../identity/coreIdentity.js';

/**
 * Whom the questions are about: the claimed identity (the profile's current name and birth
 * date, and the postcodes of its address history for the agency's lookup), the one every
 * check is matched against. Null when the profile lacks a name, a birth date or an address:
 * a file is looked up at an address, as agencies do (by name and birth date alone it could be
 * a namesake's).
 */
export async function kbvApplicant(ctx: AppContext, userId: string): Promise<KbvApplicant | null> {
  const core = await claimedIdentity(ctx, userId);
  const name = core.names[0];
  if (!name || core.birthDate === null || core.postcodes.length === 0) return null;
  return {
    given: normaliseName(name.givenNames),
    surname: normaliseName(name.familyName),
    dob: core.birthDate,
    postcodes: core.postcodes,
  };
}

/**
 * A credit file's subject as the matcher reads a record's person: names, birth date and the
 * address on the file (matched with the profile's address history).
 */
export function kbvRecordPerson(subject: KbvSubject): RecordPerson {
  return {
    kind: 'document',
    name: { givenNames: subject.given, familyName: subject.surname },
    birthDate: subject.dob,
    postcode: subject.postcode,
  };
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
