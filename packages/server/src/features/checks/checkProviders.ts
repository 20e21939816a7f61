import type { CheckName } from '@verity/contracts';
import type { AppContext } from '../../context.js';
import { ApiError } from '../../http/apiError.js';
import { offeredChecks } from '../assurance/demand.js';

/** Which provider carries out each check (the sandboxes with SANDBOX_CHECKS on, the banks). */
const providerOf = {
  Passport: (ctx) => ctx.documents,
  DrivingLicence: (ctx) => ctx.documents,
  KBVL1: (ctx) => ctx.creditReference,
  KBVL2: (ctx) => ctx.creditReference,
  CreditCard: (ctx) => ctx.cards,
  DebitCard: (ctx) => ctx.cards,
  MobileContract: (ctx) => ctx.mobileOperators,
  // Open banking: the sandbox bank (SANDBOX_BANK) or the configured OB_PROVIDERS.
  OB: (ctx) => (ctx.bankProviders.length > 0 ? ctx.bankProviders : null),
  // A bank login shows the account, or a verification service checks one the user typed.
  Bank: (ctx) =>
    ctx.accountVerification ?? (ctx.bankProviders.length > 0 ? ctx.bankProviders : null),
  // The spec's other name for the Bank check: the same check, recorded under the client's name.
  CurrentAccount: (ctx) =>
    ctx.accountVerification ?? (ctx.bankProviders.length > 0 ? ctx.bankProviders : null),
} satisfies Partial<Record<CheckName, (ctx: AppContext) => unknown>>;

/** The identity checks carried out by a provider (the others: photo checks). */
export const providerChecks = Object.keys(providerOf) as CheckName[];

/** Whether this deployment can carry out the check: its screen exists and a provider is set up. */
export function checkOffered(ctx: AppContext, check: CheckName): boolean {
  if (!offeredChecks.has(check)) return false;
  const provider = (providerOf as Partial<Record<CheckName, (ctx: AppContext) => unknown>>)[check];
  return provider !== undefined && provider(ctx) !== null;
}

/** The check's provider, or 409 check_not_offered when none is set up (fail closed). */
export function checkProvider<T>(provider: T | null): T {
  if (provider === null) throw new ApiError('check_not_offered');
  return provider;
}
