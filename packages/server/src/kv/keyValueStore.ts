/**
 * Short-lived state shared by every instance: rate-limit counters and flow records.
 * The database implementation is the default; with REDIS_URL, Redis. Every entry expires.
 */
export interface KeyValueStore {
  get(key: string): Promise<string | null>;
  set(key: string, value: string, ttlSeconds: number): Promise<void>;
  delete(key: string): Promise<void>;
  /**
   * Reads and removes an entry in one atomic step: of parallel takes of one key, exactly one
   * gets the value (a single-use record), the others null. Null too when it expired.
   */
  take(key: string): Promise<string | null>;
  /**
   * Adds `by` (default one; negative to give back) to a counter, starting a window of
   * ttlSeconds when it is new; returns the count. Atomic: parallel calls each see their own count.
   */
  increment(key: string, ttlSeconds: number, by?: number): Promise<number>;
  /** The values of several keys at once (null where absent or expired), in the order asked. */
  getMany(keys: string[]): Promise<Array<string | null>>;
  /**
   * increment(key, ttlSeconds, by) and getMany(readKeys) in one round trip (one statement, one
   * script): the count as increment gives it, and the other keys' values. The increment is as
   * atomic as increment's; the reads are reads, as getMany's. `readKeys` must not hold `key`.
   */
  incrementAndRead(
    key: string,
    ttlSeconds: number,
    by: number,
    readKeys: string[],
  ): Promise<{ count: number; values: Array<string | null> }>;
  /** Removes expired entries where the backend does not do it itself. */
  sweep(): Promise<number>;
  close(): Promise<void>;
}
