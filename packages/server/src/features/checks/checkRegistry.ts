import type { CheckName } from '@verity/contracts';
import type { AppContext } from '../../context.js';

/** What only the server knows about one identity check (issue 15 item 5). */
export interface ServerCheckInfo {
  /**
   * The provider that carries it out in this deployment (null there: none set up), or null
   * when this server has no screen and provider for the check at all (not offered: an
   * alternative naming it scores 100).
   */
  provider: ((ctx: AppContext) => unknown) | null;
  /**
   * How its evidence is described in verified_claims (OpenID Connect for Identity Assurance):
   * the check method, and the electronic record examined when the evidence is not a document.
   * Evidence scores (GPG45) come with each result from its provider; the identity-binding
   * issue defines them per check here.
   */
  evidence: { checkMethod: 'data' | 'kbv'; recordType: string };
  /**
   * The person its record names (features/checks/checkOutcome.ts): 'person' is a fielded name
   * with a birth date (a document, a credit file, a contract asked about the claimed
   * identity), matched with the profile's name and birth date; 'holder' is a holder name
   * (card, bank account), matched with the profile's name.
   */
  binds: 'person' | 'holder';
}

const documents = (ctx: AppContext) => ctx.documents;
const creditReference = (ctx: AppContext) => ctx.creditReference;
const cards = (ctx: AppContext) => ctx.cards;
// Open banking: the sandbox bank (SANDBOX_BANK) or the configured OB_PROVIDERS.
const banks = (ctx: AppContext) => (ctx.bankProviders.length > 0 ? ctx.bankProviders : null);
// A bank login shows the account, or a verification service checks one the user typed.
const bankAccounts = (ctx: AppContext) => ctx.accountVerification ?? banks(ctx);

/**
 * Every check, once, keyed by the one check-name union: adding a name to `checkNames` fails to
 * compile until it is described here and in contracts' checkRegistry.
 */
export const serverCheckRegistry = {
  Passport: {
    provider: documents,
    evidence: { checkMethod: 'data', recordType: 'record' },
    binds: 'person',
  },
  DrivingLicence: {
    provider: documents,
    evidence: { checkMethod: 'data', recordType: 'record' },
    binds: 'person',
  },
  KBVL1: {
    provider: creditReference,
    evidence: { checkMethod: 'kbv', recordType: 'credit_file' },
    binds: 'person',
  },
  KBVL2: {
    provider: creditReference,
    evidence: { checkMethod: 'kbv', recordType: 'credit_file' },
    binds: 'person',
  },
  CreditCard: {
    provider: cards,
    evidence: { checkMethod: 'data', recordType: 'payment_card' },
    binds: 'holder',
  },
  DebitCard: {
    provider: cards,
    evidence: { checkMethod: 'data', recordType: 'payment_card' },
    binds: 'holder',
  },
  MobileContract: {
    provider: (ctx) => ctx.mobileOperators,
    evidence: { checkMethod: 'data', recordType: 'mobile_contract' },
    binds: 'person',
  },
  OB: {
    provider: banks,
    evidence: { checkMethod: 'data', recordType: 'bank_account' },
    binds: 'holder',
  },
  Bank: {
    provider: bankAccounts,
    evidence: { checkMethod: 'data', recordType: 'bank_account' },
    binds: 'holder',
  },
  // The spec's other name for the Bank check: the same check, recorded under the client's name.
  CurrentAccount: {
    provider: bankAccounts,
    evidence: { checkMethod: 'data', recordType: 'bank_account' },
    binds: 'holder',
  },
  // Photo checks: no screen or provider here yet.
  GenuinePassport: {
    provider: null,
    evidence: { checkMethod: 'data', recordType: 'record' },
    binds: 'person',
  },
  GenuineDrivingLicence: {
    provider: null,
    evidence: { checkMethod: 'data', recordType: 'record' },
    binds: 'person',
  },
  SelfieComparison: {
    provider: null,
    evidence: { checkMethod: 'data', recordType: 'record' },
    binds: 'person',
  },
} satisfies Record<CheckName, ServerCheckInfo>;

const registry: Record<CheckName, ServerCheckInfo> = serverCheckRegistry;

/** The checks this server has a screen and provider for (whether set up here or not). */
export const offeredChecks: ReadonlySet<CheckName> = new Set(
  (Object.keys(registry) as CheckName[]).filter((check) => registry[check].provider !== null),
);

export function checkInfo(check: CheckName): ServerCheckInfo {
  return registry[check];
}
