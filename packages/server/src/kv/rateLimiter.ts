import type { KeyValueStore } from './keyValueStore.js';

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
  constructor(private readonly store: KeyValueStore) {}

  async hit(limit: RateLimit, subject: string): Promise<RateLimitResult> {
    const count = await this.store.increment(`rl:${limit.name}:${subject}`, limit.windowSeconds);
    return {
      allowed: count <= limit.max,
      remaining: Math.max(0, limit.max - count),
      retryAfterSeconds: limit.windowSeconds,
    };
  }
}
