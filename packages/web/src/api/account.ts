import {
  accountConsentsSchema,
  deleteAccountResponseSchema,
  type AccountConsents,
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

/** POST /api/account/delete: closes the account after the password. */
export function deleteAccount(password: string, options?: CallOptions): Promise<{ deleted: true }> {
  return postJson(
    '/api/account/delete',
    { Password: password },
    deleteAccountResponseSchema,
    options,
  );
}
