import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { openStores } from '../stores.js';
import { databaseTargets, redisTargets } from '../test/databases.js';
import { testEnv } from '../test/testServer.js';
import { DatabaseKeyValueStore } from './databaseStore.js';
import type { KeyValueStore } from './keyValueStore.js';
import { RateLimiter } from './rateLimiter.js';
import { MemoryKeyValueStore } from './memoryStore.js';
import { RedisKeyValueStore } from './redisStore.js';

interface Target {
  name: string;
  open(): Promise<{ store: KeyValueStore; close(): Promise<void> }>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const targets: Target[] = [
  {
    name: 'memory',
    open() {
      const store = new MemoryKeyValueStore();
      return Promise.resolve({ store, close: () => store.close() });
    },
  },
  ...databaseTargets().map((db) => ({
    name: db,
    async open() {
      const env = testEnv(db);
      const stores = await openStores(loadConfig(env.env));
      return {
        store: new DatabaseKeyValueStore(stores.database.db),
        async close() {
          await stores.database.db.destroy();
          await env.cleanup();
        },
      };
    },
  })),
  ...redisTargets().map((url) => ({
    name: 'redis',
    async open() {
      const store = new RedisKeyValueStore(url, `verity-test-${process.pid}-${Date.now()}:`);
      return { store, close: () => store.close() };
    },
  })),
];

describe.each(targets)('shared key-value store ($name)', (target) => {
  let store: KeyValueStore;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ store, close } = await target.open());
  });
  afterAll(async () => close?.());

  it('sets, gets and deletes', async () => {
    await store.set('a', 'one', 60);
    expect(await store.get('a')).toBe('one');
    await store.set('a', 'two', 60);
    expect(await store.get('a')).toBe('two');
    await store.delete('a');
    expect(await store.get('a')).toBeNull();
  });

  it('expires entries', async () => {
    await store.set('short', 'x', 1);
    await store.increment('short-counter', 1);
    await sleep(1100);
    expect(await store.get('short')).toBeNull();
    expect(await store.increment('short-counter', 1)).toBe(1);
    await store.sweep();
  });

  it('counts atomically under concurrency', async () => {
    const counts = await Promise.all(
      Array.from({ length: 25 }, () => store.increment('concurrent', 60)),
    );
    expect(counts.sort((a, b) => a - b)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
  });

  it('takes an entry once, however many parallel takes there are', async () => {
    await store.set('single-use', 'secret', 60);
    const taken = await Promise.all(Array.from({ length: 20 }, () => store.take('single-use')));
    expect(taken.filter((value) => value === 'secret')).toHaveLength(1);
    expect(taken.filter((value) => value === null)).toHaveLength(19);
    expect(await store.get('single-use')).toBeNull();
    expect(await store.take('never-set')).toBeNull();
  });

  it('does not give out an expired entry', async () => {
    await store.set('expired-take', 'x', 1);
    await sleep(1100);
    expect(await store.take('expired-take')).toBeNull();
  });

  it('limits by subject within a window', async () => {
    const limiter = new RateLimiter(store);
    const limit = { name: `test-${Date.now()}`, max: 3, windowSeconds: 60 };
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await limiter.hit(limit, '203.0.113.7'));
    expect(results.map((result) => result.allowed)).toEqual([true, true, true, false]);
    expect((await limiter.hit(limit, '203.0.113.8')).allowed).toBe(true);
  });
});
