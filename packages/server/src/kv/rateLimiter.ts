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
   * hit(limit, subject) and peek(peekLimit, peekSubject) in one round trip to the store (one
   * statement, one Redis script): the same counts as the two calls one after the other.
   */
  async hitAndPeek(
    limit: RateLimit,
    subject: string,
    peekLimit: RateLimit,
    peekSubject: string,
  ): Promise<[hit: RateLimitResult, peeked: RateLimitResult]> {
    const { count, values } = await this.store.incrementAndRead(
      this.key(limit, subject),
      limit.windowSeconds,
      1,
      [this.key(peekLimit, peekSubject)],
    );
    return [
      {
        allowed: count <= limit.max,
        remaining: Math.max(0, limit.max - count),
        retryAfterSeconds: limit.windowSeconds,
      },
      peeked(peekLimit, Number(values[0] ?? 0)),
    ];
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
    return peeked(limit, Number((await this.store.get(this.key(limit, subject))) ?? 0));
  }

  private key(limit: RateLimit, subject: string): string {
    return `rl:${limit.name}:${subject}`;
  }
}

/** Whether one more hit than `count` fits the limit. */
function peeked(limit: RateLimit, count: number): RateLimitResult {
  return {
    allowed: count < limit.max,
    remaining: Math.max(0, limit.max - count),
    retryAfterSeconds: limit.windowSeconds,
  };
}
