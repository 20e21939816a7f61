import type { JWK } from 'jose';
import type Provider from 'oidc-provider';
import { afterEach, describe, expect, it } from 'vitest';
import { keySetAt } from './keyLifecycle.js';
import type { SigningKeyStore, StoredKey } from './keys.js';
import { LiveProvider } from './liveProvider.js';

const timings = { activationDelayMs: 100, refreshMs: 60_000, publishedAfterUseMs: 1000 };
const stored = (kid: string, generation: number, activatesAt: number): StoredKey => ({
  kid,
  alg: 'ES256',
  generation,
  activatesAt,
  privateJwk: 'encrypted',
});

/** A key store over an in-memory list whose reads can be made to fail. */
function fakeStore(keys: StoredKey[], now: () => number) {
  const store = {
    keys,
    failing: false,
    timings,
    load: async () => {
      if (store.failing) throw new Error('database away');
      return [...store.keys];
    },
    prune: async () => undefined,
    // The signing key as is, the others verify only (as SigningKeyStore does, without crypto).
    providerJwks: (all: StoredKey[], at = now()) => {
      const view = keySetAt(all, at, timings.publishedAfterUseMs);
      return {
        keys: view.published.map((key): JWK =>
          view.signing.includes(key) ? { kid: key.kid } : { kid: key.kid, key_ops: ['verify'] },
        ),
      };
    },
  };
  return store;
}

/** Stands in for oidc-provider: remembers the keys it was built with. */
const fakeProvider = (jwks: { keys: JWK[] }) =>
  ({ jwks, callback: () => async () => undefined }) as unknown as Provider & {
    jwks: { keys: JWK[] };
  };
const signer = (provider: Provider) =>
  (provider as ReturnType<typeof fakeProvider>).jwks.keys.find((key) => !key.key_ops)?.kid;
const published = (provider: Provider) =>
  (provider as ReturnType<typeof fakeProvider>).jwks.keys.map((key) => key.kid);

describe('LiveProvider', () => {
  let live: LiveProvider | undefined;
  afterEach(() => live?.stop());

  async function start(keys: StoredKey[]) {
    let now = 0;
    const clock = () => now;
    const store = fakeStore(keys, clock);
    const builds: Provider[] = [];
    live = await LiveProvider.start(
      store as unknown as SigningKeyStore,
      async (jwks) => {
        const provider = fakeProvider(jwks);
        builds.push(provider);
        return provider;
      },
      clock,
    );
    return { store, builds, setNow: (value: number) => (now = value), live };
  }

  it('rebuilds only when what it publishes or signs with changes, hooks first', async () => {
    const { store, builds, live } = await start([stored('a', 1, 0)]);
    const hooked: Provider[] = [];
    live.onBuild((provider) => hooked.push(provider));
    expect(hooked).toEqual([live.provider]);

    await live.refresh();
    expect(builds).toHaveLength(1);

    store.keys.push(stored('b', 2, 100));
    const before = live.handler;
    await live.refresh();
    expect(builds).toHaveLength(2);
    expect(hooked).toEqual(builds);
    expect(live.handler).not.toBe(before);
    expect(published(live.provider)).toEqual(['a', 'b']);
    expect(signer(live.provider)).toBe('a');
  });

  it('moves on at activation and retirement with the keys last read while the database is away', async () => {
    const { store, setNow, live } = await start([stored('a', 1, 0), stored('b', 2, 100)]);
    const errors: unknown[] = [];
    live.onRefreshError((error) => errors.push(error));
    store.failing = true;

    setNow(100);
    await live.refresh();
    expect(signer(live.provider)).toBe('b');
    expect(published(live.provider)).toEqual(['b', 'a']);

    setNow(1100);
    await live.refresh();
    expect(published(live.provider)).toEqual(['b']);
    expect(errors).toHaveLength(2);
  });

  it('says its keys are stale once no read has succeeded for two refresh intervals, fresh again after one', async () => {
    const { store, setNow, live } = await start([stored('a', 1, 0)]);
    live.onRefreshError(() => undefined);
    store.failing = true;
    const table: Array<[number, boolean]> = [
      [0, true],
      [timings.refreshMs, true],
      [2 * timings.refreshMs, true],
      [2 * timings.refreshMs + 1, false],
    ];
    for (const [at, fresh] of table) {
      setNow(at);
      await live.refresh();
      expect([at, live.keysFresh()]).toEqual([at, fresh]);
    }
    store.failing = false;
    await live.refresh();
    expect(live.keysFresh()).toBe(true);
  });
});
