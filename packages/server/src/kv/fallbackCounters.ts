import { connectionLost } from '../db/resilientPool.js';
import type { KeyValueStore } from './keyValueStore.js';
import { KeyValueStoreUnavailable } from './storeUnavailable.js';

/** What a rate limiter needs of a store: counters. */
export type CounterStore = Pick<KeyValueStore, 'increment' | 'get' | 'incrementAndRead'>;

/** Fallback counts are kept under their own keys, apart from the database's other entries. */
const FALLBACK = 'fb:';
/** Present in the database while any instance's fallback counts may still be live. */
const MARKER = 'fb-marker';
/** How often an instance asks the database whether any instance has fallen back. */
const PROBE_MS = 1000;
/** After a failed command, Redis is left alone this long: no 200 ms wait on every call. */
const BACKOFF_MS = 1000;

/**
 * Request-rate counters (the OpenID Connect endpoints' limits, hit at machine speed) in Redis,
 * falling back to the database while Redis fails. A count is the sum of both stores' counts for
 * its key, so the hits made during an outage still count once Redis is back, on every instance.
 * The database part is read only while the marker says some instance fell back within the
 * longest window (checked at most once a second), so a healthy Redis costs no database work.
 *
 * What this does not give: during an outage, the hits counted in Redis before it are not seen,
 * so a limit's current window may be spent once more (bounded by one window per outage). The
 * counters where that matters (lockouts, guess budgets) are not here: they are always in the
 * database (docs/operations.md, "Counters and Redis").
 */
export class FallbackCounterStore implements CounterStore {
  private redisDownUntil = 0;
  private fallbackSeenUntil = 0;
  private markerWrittenAt = -Infinity;
  private nextProbeAt = 0;
  private probe: Promise<void> | null = null;

  constructor(
    private readonly redis: CounterStore,
    private readonly database: KeyValueStore,
    /** The longest window counted here: fallback counts live at most this long. */
    private readonly longestWindowSeconds: number,
    private readonly now: () => number = Date.now,
  ) {}

  async increment(key: string, ttlSeconds: number, by = 1): Promise<number> {
    const fast = await this.fromRedis(() => this.redis.increment(key, ttlSeconds, by));
    if (fast === undefined) {
      await this.markFallback();
      return this.database.increment(FALLBACK + key, ttlSeconds, by);
    }
    return fast + (await this.fallbackCount(key));
  }

  async get(key: string): Promise<string | null> {
    const fast = await this.fromRedis(() => this.redis.get(key));
    if (fast === undefined) return this.database.get(FALLBACK + key);
    return sum(fast, await this.fallbackCount(key));
  }

  /** As increment and get would count, in one round trip to Redis while no fallback is live. */
  async incrementAndRead(key: string, ttlSeconds: number, by: number, readKeys: string[]) {
    const fast = await this.fromRedis(() =>
      this.redis.incrementAndRead(key, ttlSeconds, by, readKeys),
    );
    if (fast === undefined) {
      await this.markFallback();
      return this.database.incrementAndRead(
        FALLBACK + key,
        ttlSeconds,
        by,
        readKeys.map((readKey) => FALLBACK + readKey),
      );
    }
    if (!(await this.fallbackMayExist())) return fast;
    const [own, ...others] = await this.database.getMany(
      [key, ...readKeys].map((each) => FALLBACK + each),
    );
    return {
      count: fast.count + Math.max(0, Number(own ?? 0)),
      values: fast.values.map((value, i) => sum(value, Math.max(0, Number(others[i] ?? 0)))),
    };
  }

  /** Redis's answer, or undefined when it failed (then it is skipped for a moment). */
  private async fromRedis<T>(run: () => Promise<T>): Promise<T | undefined> {
    if (this.now() < this.redisDownUntil) return undefined;
    try {
      return await run();
    } catch (error) {
      if (!(error instanceof KeyValueStoreUnavailable)) throw error;
      this.redisDownUntil = this.now() + BACKOFF_MS;
      return undefined;
    }
  }

  /** Renewed at most once a second, and outlives the newest fallback count by that second. */
  private async markFallback(): Promise<void> {
    const now = this.now();
    this.fallbackSeenUntil = now + this.longestWindowSeconds * 1000;
    if (now - this.markerWrittenAt < PROBE_MS) return;
    await this.database.set(MARKER, '1', this.longestWindowSeconds + PROBE_MS / 1000);
    this.markerWrittenAt = now;
  }

  private async fallbackCount(key: string): Promise<number> {
    if (!(await this.fallbackMayExist())) return 0;
    return Math.max(0, Number((await this.database.get(FALLBACK + key)) ?? 0));
  }

  /** Whether any instance may have fallback counts: its own knowledge, or the marker. */
  private async fallbackMayExist(): Promise<boolean> {
    if (this.now() >= this.nextProbeAt) {
      this.probe ??= this.database
        .get(MARKER)
        .then(
          (marker) => {
            if (marker)
              this.fallbackSeenUntil = Math.max(this.fallbackSeenUntil, this.now() + PROBE_MS);
            this.nextProbeAt = this.now() + PROBE_MS;
          },
          (error: unknown) => {
            // The database away while Redis answers: the counts are Redis's alone (what this
            // instance fell back to itself is still read), asked again after a second, so the
            // provider's endpoints are not refused for want of the marker.
            if (!connectionLost(error)) throw error;
            this.nextProbeAt = this.now() + PROBE_MS;
          },
        )
        .finally(() => {
          this.probe = null;
        });
      await this.probe;
    }
    return this.now() < this.fallbackSeenUntil;
  }
}

/** A count read from Redis plus its fallback count; null when neither has any. */
function sum(fast: string | null, fallback: number): string | null {
  if (fast === null && fallback === 0) return null;
  return String(Number(fast ?? 0) + fallback);
}
