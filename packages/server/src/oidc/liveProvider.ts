import type { IncomingMessage, ServerResponse } from 'node:http';
import type Provider from 'oidc-provider';
import type { JWK } from 'jose';
import { keySetAt, keySetFingerprint, nextKeyChange } from './keyLifecycle.js';
import type { SigningKeyStore, StoredKey } from './keys.js';

type Handler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

interface Built {
  provider: Provider;
  handler: Handler;
  fingerprint: string;
}

/**
 * The oidc-provider instance serving now. oidc-provider reads its keys when it is built, so
 * when the published or signing keys change (a rotation read from the database, or a staged
 * key's activation time reached) a new Provider is built over the same configuration and
 * adapter and swapped in between requests; requests under way finish on the old one. Every
 * instance re-reads the keys every KEY_REFRESH_SECONDS and also wakes at the next moment a
 * key changes state, so instances switch together without talking to each other.
 */
export class LiveProvider {
  private built!: Built;
  private keys: StoredKey[] = [];
  private readonly hooks: Array<(provider: Provider) => void> = [];
  private errorListener: (error: unknown) => void = () => undefined;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> = Promise.resolve();
  private stopped = false;
  /** When the keys were last read from the database (the reading at start included). */
  private loadedAt = 0;

  private constructor(
    private readonly store: SigningKeyStore,
    private readonly build: (jwks: { keys: JWK[] }) => Promise<Provider>,
    private readonly now: () => number,
  ) {}

  static async start(
    store: SigningKeyStore,
    build: (jwks: { keys: JWK[] }) => Promise<Provider>,
    now: () => number = Date.now,
  ): Promise<LiveProvider> {
    const live = new LiveProvider(store, build, now);
    live.keys = await store.load();
    live.loadedAt = now();
    await live.rebuildIfChanged();
    live.schedule();
    return live;
  }

  get provider(): Provider {
    return this.built.provider;
  }

  /** oidc-provider's request handler at this moment (a request keeps the one it started on). */
  get handler(): Handler {
    return this.built.handler;
  }

  /** Runs on the current provider and on every one built later, before it serves. */
  onBuild(hook: (provider: Provider) => void): void {
    this.hooks.push(hook);
    hook(this.built.provider);
    // Koa composes its middleware when callback() is called: a hook that adds middleware
    // (provider.use) reaches the current provider only through a handler made after it.
    this.built = { ...this.built, handler: this.built.provider.callback() };
  }

  onRefreshError(listener: (error: unknown) => void): void {
    this.errorListener = listener;
  }

  /**
   * Re-reads the keys and rebuilds when what this instance serves changed. A failed read
   * keeps the keys last read, whose activation and retirement still take effect on time.
   */
  refresh(): Promise<void> {
    this.running = this.running.then(async () => {
      try {
        this.keys = await this.store.load();
        this.loadedAt = this.now();
        await this.store.prune(this.keys);
      } catch (error) {
        this.errorListener(error);
      }
      await this.rebuildIfChanged().catch((error: unknown) => this.errorListener(error));
    });
    return this.running;
  }

  /**
   * Whether the keys were read within two refresh intervals. An instance that cannot read them
   * (keys it cannot decrypt, a table it cannot read) serves the set it last read: it would miss
   * a rotation, signing with a key the others no longer publish, or an emergency withdrawal.
   * /readyz reports it, so it is taken out of service.
   */
  keysFresh(): boolean {
    return this.now() - this.loadedAt <= 2 * this.store.timings.refreshMs;
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
  }

  private async rebuildIfChanged(): Promise<void> {
    const now = this.now();
    const fingerprint = keySetFingerprint(
      keySetAt(this.keys, now, this.store.timings.publishedAfterUseMs),
    );
    if (this.built?.fingerprint === fingerprint) return;
    const provider = await this.build(this.store.providerJwks(this.keys, now));
    for (const hook of this.hooks) hook(provider);
    this.built = { provider, handler: provider.callback(), fingerprint };
  }

  private schedule(): void {
    if (this.stopped) return;
    const { refreshMs, publishedAfterUseMs } = this.store.timings;
    const now = this.now();
    const change = nextKeyChange(this.keys, now, publishedAfterUseMs);
    const delay = change === null ? refreshMs : Math.min(refreshMs, change - now);
    this.timer = setTimeout(() => void this.refresh().finally(() => this.schedule()), delay);
    this.timer.unref();
  }
}
