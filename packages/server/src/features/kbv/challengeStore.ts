import { randomUUID } from 'node:crypto';
import type { KeyValueStore } from '../../kv/keyValueStore.js';
import type { KbvLevel, KbvPerson, KbvQuestion } from '../../providers/kbv/creditReference.js';

/** Questions waiting for answers: one per user, answered once, for 15 minutes. */
export interface KbvChallenge {
  id: string;
  transactionId: string;
  level: KbvLevel;
  person: KbvPerson;
  questions: KbvQuestion[];
  /** Milliseconds since the epoch. */
  expiresAt: number;
}

export const KBV_CHALLENGE_SECONDS = 15 * 60;

export class KbvChallengeStore {
  constructor(
    private readonly kv: KeyValueStore,
    private readonly now: () => number = Date.now,
  ) {}

  async current(userId: string): Promise<KbvChallenge | null> {
    const stored = await this.kv.get(this.key(userId));
    if (!stored) return null;
    const challenge = JSON.parse(stored) as KbvChallenge;
    return challenge.expiresAt > this.now() ? challenge : null;
  }

  async start(
    userId: string,
    challenge: Omit<KbvChallenge, 'id' | 'expiresAt'>,
  ): Promise<KbvChallenge> {
    const record: KbvChallenge = {
      ...challenge,
      id: randomUUID(),
      expiresAt: this.now() + KBV_CHALLENGE_SECONDS * 1000,
    };
    await this.kv.set(this.key(userId), JSON.stringify(record), KBV_CHALLENGE_SECONDS);
    return record;
  }

  async end(userId: string): Promise<void> {
    await this.kv.delete(this.key(userId));
  }

  private key(userId: string): string {
    return `kbv-challenge:${userId}`;
  }
}
