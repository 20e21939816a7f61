import {
  accountConsentsSchema,
  deleteAccountOptionsSchema,
  deleteAccountResponseSchema,
  type AccountConsents,
  type DeleteAccountOptions,
} from '@verity/contracts';
import { getJson, postJson, type CallOptions } from './client';

/** GET /api/account/consents */
export function fetchConsents(options?: CallOptions): Promise<AccountConsents> {
  return getJson('/api/account/consents', accountConsentsSchema, options);
}

/** POST /api/account/consents/revoke: answers the remaining consents. */
export function withdrawConsent(clientId: string, options?: CallOptions): Promise<AccountConsents> {
  return postJson('/api/account/consents/revoke', { clientId }, accountConsentsSchema, options);
}

/** GET /api/account/delete: whether the password or a recent login confirms a deletion. */
export function fetchDeleteOptions(options?: CallOptions): Promise<DeleteAccountOptions> {
  return getJson('/api/account/delete', deleteAccountOptionsSchema, options);
}

/**
 * POST /api/account/delete: closes the account after the password, or, for an account
 * without one (password null), after a login of the last 5 minutes.
 */
export function deleteAccount(
  password: string | null,
  options?: CallOptions,
): Promise<{ deleted: true }> {
  return postJson(
    '/api/account/delete',
    password === null ? { RecentLogin: true } : { Password: password },
    deleteAccountResponseSchema,
    options,
  );
}
