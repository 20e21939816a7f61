import {
  validateFieldValue,
  bankAccountFields,
  type VerifyBankAccountRequest,
} from '@verity/contracts';
import type { ProfileValues } from '../profile/profileStore.js';
import {
  normaliseUkAccount,
  passesModulusCheck,
  type UkAccount,
} from '../openBanking/ukAccount.js';

export type TypedAccount =
  | { kind: 'valid'; account: UkAccount; typed: boolean }
  | { kind: 'invalid'; errors: Record<string, string> }
  | { kind: 'missing' };

const NOT_AN_ACCOUNT = 'This account number does not exist at this sort code. Please check both.';

/**
 * The account the user typed now, or else the one their profile holds: its shape checked by
 * the fields' rules and its existence by the UK modulus rules (400 per field, before any
 * attempt is counted).
 */
export function typedAccount(body: VerifyBankAccountRequest, profile: ProfileValues): TypedAccount {
  const values = body ?? { sort_code: profile.sort_code, account_number: profile.account_number };
  if (!body && (typeof values.sort_code !== 'string' || typeof values.account_number !== 'string'))
    return { kind: 'missing' };
  const errors: Record<string, string> = {};
  for (const field of bankAccountFields) {
    const problem = validateFieldValue(field, values[field.name as keyof typeof values]);
    if (problem !== null) errors[field.name] = problem;
  }
  if (Object.keys(errors).length > 0)
    return body ? { kind: 'invalid', errors } : { kind: 'missing' };
  const account = normaliseUkAccount(String(values.sort_code), String(values.account_number));
  if (!account) return { kind: 'invalid', errors: { account_number: NOT_AN_ACCOUNT } };
  if (!passesModulusCheck(account))
    return body
      ? { kind: 'invalid', errors: { account_number: NOT_AN_ACCOUNT } }
      : { kind: 'missing' };
  return { kind: 'valid', account, typed: Boolean(body) };
}
