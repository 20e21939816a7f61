import { homeSchema, type HomeInfo } from '@verity/contracts';
import { getJson, type CallOptions } from './client';

/** GET /api/home: the signed-in user's recent activity and verifications. */
export function fetchHome(options?: CallOptions): Promise<HomeInfo> {
  return getJson('/api/home', homeSchema, options);
}
