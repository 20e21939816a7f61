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
    const slots = this.slotsOf(budget, subject);
    // The current slot counted and the earlier ones read in one round trip.
    const { count: mine, values } = await this.store.incrementAndRead(
      slots.keyOf(slots.current),
      slots.ttlSeconds,
      1,
      slots.earlier.map(slots.keyOf),
    );
    const counts = countsOf(values);
    const total = mine + counts.reduce((sum, count) => sum + count, 0);
    const giveBack = async () => {
      await this.store.increment(slots.keyOf(slots.current), slots.ttlSeconds, -1);
    };
    if (total <= budget.max) return { allowed: true, remaining: budget.max - total, giveBack };
    await giveBack();
    return { allowed: false, retryAfterSeconds: retryAfter(budget, slots, counts, total) };
  }

  /**
   * For a subject whose attempts are already one at a time (the caller holds its turn, as
   * the password check does per account): whether one more attempt fits, from the stored
   * counts alone (`extraKeys` are read in the same call and returned as they are), and how
   * to count it when it turns out to count. Nothing is written for an attempt that does not
   * count, so a right password costs this budget no write. Without the caller's turn,
   * parallel attempts could all fit; use take() there.
   */
  async peek(
    budget: Budget,
    subject: string,
    extraKeys: string[] = [],
  ): Promise<{
    allowed: boolean;
    retryAfterSeconds: number;
    extra: Array<string | null>;
    count(): Promise<void>;
  }> {
    const slots = this.slotsOf(budget, subject);
    const values = await this.store.getMany([
      ...extraKeys,
      ...[...slots.earlier, slots.current].map(slots.keyOf),
    ]);
    const counts = countsOf(values.slice(extraKeys.length, extraKeys.length + SLOTS));
    const mine = countsOf(values.slice(extraKeys.length + SLOTS))[0]! + 1;
    const total = mine + counts.reduce((sum, count) => sum + count, 0);
    const allowed = total <= budget.max;
    return {
      allowed,
      retryAfterSeconds: allowed ? 0 : retryAfter(budget, slots, counts, total),
      extra: values.slice(0, extraKeys.length),
      count: async () => {
        await this.store.increment(slots.keyOf(slots.current), slots.ttlSeconds);
      },
    };
  }

  private slotsOf(budget: Budget, subject: string) {
    const slotMs = (budget.windowSeconds * 1000) / SLOTS;
    const now = this.now();
    const current = Math.floor(now / slotMs);
    return {
      now,
      slotMs,
      current,
      ttlSeconds: Math.ceil(((SLOTS + 2) * slotMs) / 1000),
      earlier: Array.from({ length: SLOTS }, (_, i) => current - SLOTS + i),
      keyOf: (slot: number) => `sw:${budget.name}:${subjectKey(subject)}:${slot}`,
    };
  }
}

const countsOf = (values: Array<string | null>) =>
  values.map((value) => Math.max(0, Number(value ?? 0)));

/** The earliest time enough of the counted attempts have left the window for one more. */
function retryAfter(
  budget: Budget,
  slots: { now: number; slotMs: number; current: number; earlier: number[] },
  counts: number[],
  total: number,
): number {
  let excess = total - budget.max;
  let freedAt = (slots.current + SLOTS + 1) * slots.slotMs;
  for (const [i, count] of counts.entries()) {
    excess -= count;
    if (excess <= 0) {
      freedAt = (slots.earlier[i]! + SLOTS + 1) * slots.slotMs;
      break;
    }
  }
  return Math.max(1, Math.ceil((freedAt - slots.now) / 1000));
}
