import { sessionSchema, type SessionInfo } from '@verity/contracts';
import { getJson, type CallOptions } from './client';

/** GET /api/session: who is signed in on this browser. */
export function fetchSession(options?: CallOptions): Promise<SessionInfo> {
  return getJson('/api/session', sessionSchema, options);
}
