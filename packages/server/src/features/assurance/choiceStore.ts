import { checkNames, type CheckName } from '@verity/contracts';
import type { KeyValueStore } from '../../kv/keyValueStore.js';

/**
 * The option the user chose for one sign-in request (spec: assuranceChoice), kept on the
 * server for as long as the request lives; the browser keeps a copy for its routing.
 */
export class AssuranceChoiceStore {
  constructor(private readonly kv: KeyValueStore) {}

  async get(requestId: string): Promise<CheckName[]> {
    const stored = await this.kv.get(this.key(requestId));
    if (!stored) return [];
    const parsed = JSON.parse(stored) as unknown;
    return Array.isArray(parsed)
      ? parsed.filter((check): check is CheckName => checkNames.includes(check as CheckName))
      : [];
  }

  async set(requestId: string, checks: readonly CheckName[], ttlSeconds: number): Promise<void> {
    if (checks.length === 0) return this.clear(requestId);
    await this.kv.set(this.key(requestId), JSON.stringify(checks), Math.max(1, ttlSeconds));
  }

  async clear(requestId: string): Promise<void> {
    await this.kv.delete(this.key(requestId));
  }

  private key(requestId: string): string {
    return `assurance-choice:${requestId}`;
  }
}
