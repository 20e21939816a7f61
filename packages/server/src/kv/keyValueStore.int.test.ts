import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { openStores } from '../stores.js';
import { databaseTargets, redisTargets } from '../test/databases.js';
import { testEnv } from '../test/testServer.js';
import { DatabaseKeyValueStore } from './databaseStore.js';
import type { KeyValueStore } from './keyValueStore.js';
import { RateLimiter } from './rateLimiter.js';
import { SlidingWindow } from './slidingWindow.js';
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

  it('adds a step, gives back, and reads several keys at once', async () => {
    const key = `step-${Date.now()}`;
    expect(await store.increment(key, 60, 3)).toBe(3);
    expect(await store.increment(key, 60, -1)).toBe(2);
    expect(await store.getMany([key, 'absent', key])).toEqual(['2', null, '2']);
    expect(await store.getMany([])).toEqual([]);
  });

  it('counts and reads in one call what increment then getMany give, expired keys included', async () => {
    const at = Date.now();
    const [counted, read, gone] = [`one-${at}`, `read-${at}`, `gone-${at}`];
    await store.set(read, '7', 60);
    await store.set(gone, '9', 1);
    await sleep(1100);
    const cases: Array<[by: number, readKeys: string[]]> = [
      [1, []],
      [2, [read]],
      [-1, [read, gone, 'absent']],
      [1, ['absent', read, read, 'absent']],
    ];
    for (const [by, readKeys] of cases) {
      const one = await store.incrementAndRead(counted, 60, by, readKeys);
      const two = {
        count: await store.increment(`${counted}-2`, 60, by),
        values: await store.getMany(readKeys),
      };
      expect(one).toEqual(two);
    }
    expect(await store.get(counted)).toBe('3');
    // As atomic as increment: parallel calls each see their own count.
    const counts = await Promise.all(
      Array.from({ length: 20 }, () => store.incrementAndRead(`par-${at}`, 60, 1, [read])),
    );
    expect(counts.map((each) => each.count).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 1),
    );
    expect(new Set(counts.map((each) => each.values[0]))).toEqual(new Set(['7']));
  });

  it('an expired counter restarts at the step, whichever way it is counted', async () => {
    const key = `restart-${Date.now()}`;
    await store.increment(key, 1, 5);
    await sleep(1100);
    expect(await store.incrementAndRead(key, 60, 1, ['absent'])).toEqual({
      count: 1,
      values: [null],
    });
  });

  it('takes from a sliding window atomically: 20 parallel takes, exactly the budget allowed', async () => {
    const window = new SlidingWindow(store);
    const budget = { name: `sliding-${Date.now()}`, max: 5, windowSeconds: 60 };
    const results = await Promise.all(
      Array.from({ length: 20 }, () => window.take([[budget, 'someone']])),
    );
    expect(results.filter((result) => result.allowed)).toHaveLength(5);
    const refused = results.find((result) => !result.allowed);
    expect(refused).toMatchObject({ allowed: false });
    // Refused takes were given back: giving back one allowed take lets exactly one more in.
    const allowed = results.find((result) => result.allowed);
    if (allowed?.allowed) await allowed.giveBack();
    expect((await window.take([[budget, 'someone']])).allowed).toBe(true);
    expect((await window.take([[budget, 'someone']])).allowed).toBe(false);
  });

  it('slides: attempts near the end of one window still count early in the next', async () => {
    let now = 1_000_000_000_000;
    const window = new SlidingWindow(store, () => now);
    const budget = { name: `edge-${Date.now()}`, max: 3, windowSeconds: 60 };
    now += 59_000;
    for (let i = 0; i < 3; i++) expect((await window.take([[budget, 's']])).allowed).toBe(true);
    now += 2_000; // a fixed one-minute window would have restarted here
    const edge = await window.take([[budget, 's']]);
    expect(edge).toMatchObject({ allowed: false });
    if (!edge.allowed) expect(edge.retryAfterSeconds).toBeGreaterThanOrEqual(58);
    now += 75_000;
    expect((await window.take([[budget, 's']])).allowed).toBe(true);
  });

  it('peeks a window (for a subject taken one at a time): counted only when told, agrees with take', async () => {
    let now = 1_000_000_000_000;
    const window = new SlidingWindow(store, () => now);
    const budget = { name: `peek-${Date.now()}`, max: 3, windowSeconds: 60 };
    await store.set(`peek-extra-${budget.name}`, 'kept', 60);
    const first = await window.peek(budget, 's', [`peek-extra-${budget.name}`, 'peek-absent']);
    expect(first).toMatchObject({ allowed: true, extra: ['kept', null] });
    // Peeks that are not counted leave the budget as it was.
    for (let i = 0; i < 5; i++) expect((await window.peek(budget, 's')).allowed).toBe(true);
    for (let i = 0; i < 3; i++) await (await window.peek(budget, 's')).count();
    const full = await window.peek(budget, 's');
    expect(full).toMatchObject({ allowed: false });
    expect(full.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    // take() sees the same counts, and the same retry time.
    const taken = await window.take([[budget, 's']]);
    expect(taken).toMatchObject({ allowed: false, retryAfterSeconds: full.retryAfterSeconds });
    now += 80_000;
    expect((await window.peek(budget, 's')).allowed).toBe(true);
  });

  it('limits by subject within a window', async () => {
    const limiter = new RateLimiter(store);
    const limit = { name: `test-${Date.now()}`, max: 3, windowSeconds: 60 };
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await limiter.hit(limit, '203.0.113.7'));
    expect(results.map((result) => result.allowed)).toEqual([true, true, true, false]);
    expect((await limiter.hit(limit, '203.0.113.8')).allowed).toBe(true);
  });

  it('hits one limit and peeks another in one call, as hit then peek do', async () => {
    const limiter = new RateLimiter(store);
    const at = Date.now();
    const pair = (suffix: string) => ({
      hit: { name: `hit-${suffix}-${at}`, max: 3, windowSeconds: 60 },
      peek: { name: `peek-${suffix}-${at}`, max: 2, windowSeconds: 60 },
    });
    const [one, two] = [pair('one'), pair('two')];
    for (let i = 0; i < 5; i++) {
      const combined = await limiter.hitAndPeek(one.hit, 'a', one.peek, 'a');
      const separate = [await limiter.hit(two.hit, 'a'), await limiter.peek(two.peek, 'a')];
      expect(combined).toEqual(separate);
      // The peeked limit is counted elsewhere (after the call, as the token endpoint settles).
      await limiter.hit(one.peek, 'a');
      await limiter.hit(two.peek, 'a');
    }
    expect((await limiter.hitAndPeek(one.hit, 'a', one.peek, 'a')).map((r) => r.allowed)).toEqual([
      false,
      false,
    ]);
  });
});
