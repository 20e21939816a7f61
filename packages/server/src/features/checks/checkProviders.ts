import type { CheckName } from '@verity/contracts';
import type { AppContext } from '../../context.js';
import { ApiError } from '../../http/apiError.js';
import { checkInfo, offeredChecks } from './checkRegistry.js';

/** The identity checks this server has a screen and a kind of provider for (all of them now). */
export const providerChecks = [...offeredChecks];

/** Whether this deployment can carry out the check: its screen exists and a provider is set up. */
export function checkOffered(ctx: AppContext, check: CheckName): boolean {
  const provider = checkInfo(check).provider;
  return provider !== null && provider(ctx) !== null;
}

/** The check's provider, or 409 check_not_offered when none is set up (fail closed). */
export function checkProvider<T>(provider: T | null): T {
  if (provider === null) throw new ApiError('check_not_offered');
  return provider;
}
