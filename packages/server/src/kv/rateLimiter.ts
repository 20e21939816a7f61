import type { CounterStore } from './fallbackCounters.js';

export interface RateLimit {
  /** What is limited, e.g. 'oidc-token'; part of the counter's key. */
  name: string;
  max: number;
  windowSeconds: number;
}

export interface RateLimitResult {
  allowed: boolean;
  remaining: number;
  retryAfterSeconds: number;
}

/** Fixed-window counters in the shared store, so every instance sees the same counts. */
export class RateLimiter {
  constructor(private readonly store: CounterStore) {}

  async hit(limit: RateLimit, subject: string): Promise<RateLimitResult> {
    const count = await this.store.increment(this.key(limit, subject), limit.windowSeconds);
    return {
      allowed: count <= limit.max,
      remaining: Math.max(0, limit.max - count),
      retryAfterSeconds: limit.windowSeconds,
    };
  }

  /**
   * Gives back one hit counted for work that then never ran (the service failed before it
   * looked at the caller's input): only the server's own failure calls it, never the caller.
   */
  async refund(limit: RateLimit, subject: string): Promise<void> {
    await this.store.increment(this.key(limit, subject), limit.windowSeconds, -1);
  }

  /** Whether one more hit would be allowed, without counting one (for counts made afterwards). */
  async peek(limit: RateLimit, subject: string): Promise<RateLimitResult> {
    const count = Number((await this.store.get(this.key(limit, subject))) ?? 0);
    return {
      allowed: count < limit.max,
      remaining: Math.max(0, limit.max - count),
      retryAfterSeconds: limit.windowSeconds,
    };
  }

  private key(limit: RateLimit, subject: string): string {
    return `rl:${limit.name}:${subject}`;
  }
}
