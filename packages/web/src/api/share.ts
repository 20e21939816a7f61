import {
  inviteResponseSchema,
  sharedIdentitySchema,
  shareListSchema,
  type SharedIdentity,
  type ShareList,
} from '@verity/contracts';
import { getJson, postJson, type CallOptions } from './client';

/** GET /api/share: the signed-in user's shares. */
export function fetchShares(options?: CallOptions): Promise<ShareList> {
  return getJson('/api/share', shareListSchema, options);
}

/** POST /api/share: shares the user's identity with a recipient; answers the updated list. */
export function shareIdentity(email: string, options?: CallOptions): Promise<ShareList> {
  return postJson('/api/share', { email }, shareListSchema, options);
}

/** POST /api/share/remove: withdraws a share; answers the updated list. */
export function withdrawShare(id: string, options?: CallOptions): Promise<ShareList> {
  return postJson('/api/share/remove', { id }, shareListSchema, options);
}

/** POST /api/shared: opens a shared-identity link by its token. */
export function openSharedIdentity(token: string, options?: CallOptions): Promise<SharedIdentity> {
  return postJson('/api/shared', { token }, sharedIdentitySchema, options);
}

/** POST /api/invite: e-mails someone an invitation to verify themselves. */
export function requestProof(email: string, options?: CallOptions): Promise<{ status: 'sent' }> {
  return postJson('/api/invite', { email }, inviteResponseSchema, options);
}
