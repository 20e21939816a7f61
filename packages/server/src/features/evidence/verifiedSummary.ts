import type { AppContext } from '../../context.js';

export const verifiedIdentityTitle = 'Verified identity';

/**
 * What consent shows for verified_claims: the verified name and date of birth and the checks
 * behind them (for example 'ANNA SMITH, born 1985-02-17 (Passport, KBVL1)').
 */
export async function verifiedIdentitySummary(ctx: AppContext, userId: string): Promise<string> {
  const passed = (await ctx.evidence.forUser(userId)).filter((e) => e.outcome === 'passed');
  const identity = passed.find((e) => e.attributes?.family_name)?.attributes;
  const checks = [...new Set(passed.map((e) => e.check))].join(', ');
  if (!identity) return checks ? `Checks passed: ${checks}` : 'Not verified yet';
  return `${identity.given_name ?? ''} ${identity.family_name}, born ${identity.birthdate ?? 'unknown'} (${checks})`.trim();
}
