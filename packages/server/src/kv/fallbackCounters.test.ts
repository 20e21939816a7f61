import { describe, expect, it } from 'vitest';
import { FallbackCounterStore, type CounterStore } from './fallbackCounters.js';
import { MemoryKeyValueStore } from './memoryStore.js';
import { KeyValueStoreUnavailable } from './storeUnavailable.js';

/** A Redis stand-in that can fail every command, or come back empty (a restart). */
class FlakyRedis implements CounterStore {
  down = false;
  store: MemoryKeyValueStore;
  constructor(private readonly now: () => number) {
    this.store = new MemoryKeyValueStore(now);
  }
  restartEmpty() {
    this.store = new MemoryKeyValueStore(this.now);
  }
  increment(key: string, ttlSeconds: number, by?: number) {
    if (this.down) return Promise.reject(new KeyValueStoreUnavailable('increment'));
    return this.store.increment(key, ttlSeconds, by);
  }
  get(key: string) {
    if (this.down) return Promise.reject(new KeyValueStoreUnavailable('get'));
    return this.store.get(key);
  }
  incrementAndRead(key: string, ttlSeconds: number, by: number, readKeys: string[]) {
    if (this.down) return Promise.reject(new KeyValueStoreUnavailable('increment'));
    return this.store.incrementAndRead(key, ttlSeconds, by, readKeys);
  }
}

function setup() {
  let now = 1_000_000;
  const clock = () => now;
  const redis = new FlakyRedis(clock);
  const database = new MemoryKeyValueStore(clock);
  // Two instances sharing Redis and the database.
  const one = new FallbackCounterStore(redis, database, 60, clock);
  const two = new FallbackCounterStore(redis, database, 60, clock);
  return { redis, database, one, two, advance: (ms: number) => (now += ms) };
}

describe('FallbackCounterStore', () => {
  it('counts in Redis while it answers, and leaves the database alone', async () => {
    const { one, database } = setup();
    expect(await one.increment('k', 60)).toBe(1);
    expect(await one.increment('k', 60)).toBe(2);
    expect(await one.get('k')).toBe('2');
    expect(await database.get('fb:k')).toBeNull();
    expect(await database.get('fb-marker')).toBeNull();
  });

  it('counts in the database while Redis fails, and both counts add up once it is back', async () => {
    const { redis, one, advance } = setup();
    await one.increment('k', 60);
    redis.down = true;
    expect(await one.increment('k', 60)).toBe(1); // Redis's count is out of reach meanwhile.
    expect(await one.increment('k', 60)).toBe(2);
    redis.down = false;
    advance(1000); // past the back-off
    expect(await one.increment('k', 60)).toBe(4);
    expect(await one.get('k')).toBe('4');
  });

  it('still counts the outage after Redis came back empty', async () => {
    const { redis, one, advance } = setup();
    redis.down = true;
    for (let i = 0; i < 5; i++) await one.increment('k', 60);
    redis.restartEmpty();
    redis.down = false;
    advance(1000);
    expect(await one.increment('k', 60)).toBe(6);
  });

  it("adds another instance's fallback counts once it sees the marker", async () => {
    const { redis, one, two, advance } = setup();
    expect(await two.increment('k', 60)).toBe(1); // two has probed: no marker yet
    redis.down = true;
    await one.increment('k', 60);
    await one.increment('k', 60);
    redis.down = false;
    advance(1000); // two probes again at most a second later
    expect(await two.increment('k', 60)).toBe(4);
  });

  it('stops reading the database once the fallback counts have expired', async () => {
    const { redis, database, one, advance } = setup();
    redis.down = true;
    await one.increment('k', 60);
    redis.down = false;
    advance(62_000);
    expect(await database.get('fb-marker')).toBeNull();
    expect(await one.increment('k', 60)).toBe(1);
  });

  it('leaves Redis alone for a second after a failure, then tries it again', async () => {
    const { redis, one, database, advance } = setup();
    redis.down = true;
    await one.increment('k', 60);
    redis.down = false;
    // Within the back-off: still the database, although Redis would answer.
    expect(await one.increment('k', 60)).toBe(2);
    expect(await database.get('fb:k')).toBe('2');
    advance(1000);
    expect(await one.increment('k', 60)).toBe(3);
    expect(await redis.get('k')).toBe('1');
  });

  it('counts and reads in one call as increment and get do, through an outage and after', async () => {
    const { redis, one, two, advance } = setup();
    const both = async (store: FallbackCounterStore) => {
      const { count, values } = await store.incrementAndRead('k', 60, 1, ['other', 'none']);
      return [count, ...values];
    };
    await one.increment('other', 60);
    expect(await both(one)).toEqual([1, '1', null]);
    redis.down = true;
    await one.increment('other', 60);
    // Redis's counts are out of reach meanwhile, as with increment and get.
    expect(await both(one)).toEqual([1, '1', null]);
    redis.down = false;
    advance(1000);
    expect(await both(one)).toEqual([3, '2', null]);
    expect([await one.increment('k', 60), await one.get('other')]).toEqual([4, '2']);
    // Another instance adds the fallback counts once it has seen the marker.
    expect(await both(two)).toEqual([5, '2', null]);
  });

  it('lets other errors through', async () => {
    const broken: CounterStore = {
      increment: () => Promise.reject(new Error('bug')),
      get: () => Promise.resolve(null),
      incrementAndRead: () => Promise.reject(new Error('bug')),
    };
    const store = new FallbackCounterStore(broken, new MemoryKeyValueStore(), 60);
    await expect(store.increment('k', 60)).rejects.toThrow('bug');
  });

  it('counts in Redis alone while the database cannot be read for the marker', async () => {
    const { one, database, advance } = setup();
    const lost = Object.assign(new Error('Connection terminated unexpectedly'), {
      code: '57P01',
    });
    const get = database.get.bind(database);
    database.get = () => Promise.reject(lost);
    expect(await one.increment('k', 60)).toBe(1);
    expect(await one.get('k')).toBe('1');
    // Any other failure of the database is not hidden.
    database.get = () => Promise.reject(new Error('syntax error'));
    advance(1000);
    await expect(one.increment('k', 60)).rejects.toThrow('syntax error');
    database.get = get;
    advance(1000);
    expect(await one.increment('k', 60)).toBe(3);
  });
});
