import type { AppContext } from '../../context.js';
import type { StepView } from '../../journey/journey.js';

/**
 * After a method was added: the user's first recovery codes when this was their first method,
 * issued once even when two first set-ups run in parallel (the database decides). Undefined
 * for the set-up that finds codes already issued: the user keeps the set they were shown.
 */
export async function issueFirstRecoveryCodes(
  ctx: AppContext,
  step: StepView,
): Promise<string[] | undefined> {
  if (step.methods > 0) return undefined;
  const codes = await ctx.recoveryCodes.issueIfNone(step.accountId);
  if (!codes) return undefined;
  await ctx.audit.record(step.accountId, 'recovery_codes_created', step.client?.clientId);
  return codes;
}
