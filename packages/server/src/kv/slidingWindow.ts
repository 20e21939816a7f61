import { createHash } from 'node:crypto';
import type { KeyValueStore } from './keyValueStore.js';

/** At most `max` attempts in any `windowSeconds`, per subject. */
export interface Budget {
  /** What is counted, e.g. 'code-email-verify'; part of the counters' keys. */
  name: string;
  max: number;
  windowSeconds: number;
}

/** One attempt taken from its budgets; give it back when it turns out not to count. */
export interface Taken {
  /** Attempts left after this one, in the tightest budget. */
  remaining: number;
  giveBack(): Promise<void>;
}

export type TakeResult =
  ({ allowed: true } & Taken) | { allowed: false; retryAfterSeconds: number };

/**
 * The window is cut into SLOTS slots, each a counter in the shared store; an attempt counts
 * against the current slot and the SLOTS slots before it, which together always cover at
 * least the whole window. So no burst at a window's edge doubles a budget (as fixed windows
 * allow), at the price of counting an attempt up to one slot longer than the window.
 */
const SLOTS = 4;

/** Subjects (e-mail addresses, user ids, client addresses) appear in keys only hashed. */
export function subjectKey(subject: string): string {
  return createHash('sha256').update(subject).digest('base64url').slice(0, 22);
}

/**
 * Sliding-window budgets in the shared store. An attempt is counted atomically before it is
 * checked, so parallel requests each see their own count and never exceed a budget; a refused
 * attempt is given back, so hammering a spent budget does not extend it.
 */
export class SlidingWindow {
  constructor(
    private readonly store: KeyValueStore,
    private readonly now: () => number = () => Date.now(),
  ) {}

  /** Takes one attempt from every budget, or from none (then says when to retry). */
  async take(entries: Array<[Budget, string]>): Promise<TakeResult> {
    const taken: Taken[] = [];
    for (const [budget, subject] of entries) {
      const result = await this.takeOne(budget, subject);
      if (!result.allowed) {
        await Promise.all(taken.map((each) => each.giveBack()));
        return result;
      }
      taken.push(result);
    }
    return {
      allowed: true,
      remaining: Math.min(Infinity, ...taken.map((each) => each.remaining)),
      giveBack: async () => {
        await Promise.all(taken.map((each) => each.giveBack()));
      },
    };
  }

  private async takeOne(budget: Budget, subject: string): Promise<TakeResult> {
    const slotMs = (budget.windowSeconds * 1000) / SLOTS;
    const ttlSeconds = Math.ceil(((SLOTS + 2) * slotMs) / 1000);
    const now = this.now();
    const current = Math.floor(now / slotMs);
    const keyOf = (slot: number) => `sw:${budget.name}:${subjectKey(subject)}:${slot}`;
    const earlier = Array.from({ length: SLOTS }, (_, i) => current - SLOTS + i);
    const mine = await this.store.increment(keyOf(current), ttlSeconds);
    const counts = (await this.store.getMany(earlier.map(keyOf))).map((value) =>
      Math.max(0, Number(value ?? 0)),
    );
    const total = mine + counts.reduce((sum, count) => sum + count, 0);
    const giveBack = async () => {
      await this.store.increment(keyOf(current), ttlSeconds, -1);
    };
    if (total <= budget.max) return { allowed: true, remaining: budget.max - total, giveBack };
    await giveBack();
    // The earliest time enough of the counted attempts have left the window for this one.
    let excess = total - budget.max;
    let freedAt = (current + SLOTS + 1) * slotMs;
    for (const [i, count] of counts.entries()) {
      excess -= count;
      if (excess <= 0) {
        freedAt = (earlier[i]! + SLOTS + 1) * slotMs;
        break;
      }
    }
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((freedAt - now) / 1000)) };
  }
}
