import type { CheckName } from '@verity/contracts';
import type { AppContext } from '../../context.js';
import { assuranceDemand } from '../assurance/demand.js';
import type { StepView } from '../../journey/journey.js';

/** The spec's two names of the bank account check. */
export type BankCheck = Extract<CheckName, 'Bank' | 'CurrentAccount'>;

/**
 * The name the bank account check's evidence is recorded under: the one the user's chosen
 * option names, else the one the request's alternatives name, else Bank. Evidence counts only
 * under the name the client asked for, so a client requiring CurrentAccount must get it.
 */
export function bankCheckName(
  choice: readonly CheckName[],
  alternatives: readonly (readonly CheckName[])[] | null,
): BankCheck {
  for (const names of [choice, (alternatives ?? []).flat()]) {
    if (names.includes('Bank')) return 'Bank';
    if (names.includes('CurrentAccount')) return 'CurrentAccount';
  }
  return 'Bank';
}

/** The bank account check's name for this step's request (Bank outside a request). */
export async function bankCheckFor(ctx: AppContext, step: StepView): Promise<BankCheck> {
  const { interaction, client } = step;
  if (!interaction || !client) return 'Bank';
  return bankCheckName(
    await ctx.assuranceChoices.get(interaction.uid),
    assuranceDemand(client.policy, interaction)?.lists ?? null,
  );
}
