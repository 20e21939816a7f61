import {
  validateFieldValue,
  bankAccountFields,
  type Language,
  type VerifyBankAccountRequest,
} from '@verity/contracts';
import { errorMessages } from '../../messages/errorMessages.js';
import { fieldMessagesIn } from '../../messages/profileFields.js';
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

/**
 * The account the user typed now, or else the one their profile holds: its shape checked by
 * the fields' rules and its existence by the UK modulus rules (400 per field, before any
 * attempt is counted), its messages in `language`.
 */
export function typedAccount(
  body: VerifyBankAccountRequest,
  profile: ProfileValues,
  language: Language = 'en',
): TypedAccount {
  const notAnAccount = errorMessages[language].notAnAccount;
  const values = body ?? { sort_code: profile.sort_code, account_number: profile.account_number };
  if (!body && (typeof values.sort_code !== 'string' || typeof values.account_number !== 'string'))
    return { kind: 'missing' };
  const errors: Record<string, string> = {};
  for (const field of bankAccountFields) {
    const value = values[field.name as keyof typeof values];
    const problem = validateFieldValue(field, value, new Date(), fieldMessagesIn[language]);
    if (problem !== null) errors[field.name] = problem;
  }
  if (Object.keys(errors).length > 0)
    return body ? { kind: 'invalid', errors } : { kind: 'missing' };
  const account = normaliseUkAccount(String(values.sort_code), String(values.account_number));
  if (!account) return { kind: 'invalid', errors: { account_number: notAnAccount } };
  if (!passesModulusCheck(account))
    return body
      ? { kind: 'invalid', errors: { account_number: notAnAccount } }
      : { kind: 'missing' };
  return { kind: 'valid', account, typed: Boolean(body) };
}
