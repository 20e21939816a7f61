import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type Provider from 'oidc-provider';
import type { Database } from '../db/schema.js';
import type { ClientStore } from '../features/clients/store.js';
import { DatabaseAdapter } from './adapter.js';

/**
 * oidc-provider remembers the jti of every DPoP proof and client assertion it accepts
 * (ReplayDetection.unique), but as a find followed by a save: parallel requests carrying one
 * proof all find nothing and all pass (on PostgreSQL, 12 of 20 at once). Here one conditional
 * insert in the shared database decides, so a proof or assertion is accepted once, by any
 * instance. The record's id and lifetime are the provider's own.
 */
export function makeReplayDetectionAtomic(
  provider: Provider,
  db: Kysely<Database>,
  clients: ClientStore,
): void {
  const records = new DatabaseAdapter('ReplayDetection', db, clients);
  const unique = async (iss: string, jti: string, exp: number): Promise<boolean> => {
    const id = createHash('sha256').update(`${iss}${jti}`).digest('base64url');
    const now = Math.floor(Date.now() / 1000);
    return records.insertIfAbsent(
      id,
      { iss, jti: id, kind: 'ReplayDetection', iat: now, exp },
      Math.max(exp - now, 1),
    );
  };
  Object.defineProperty(provider.ReplayDetection, 'unique', { value: unique });
}
