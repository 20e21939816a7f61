import { Redis } from 'ioredis';
import type { KeyValueStore } from './keyValueStore.js';
import { logToStderr } from '../logging/jsonLine.js';
import { KeyValueStoreUnavailable } from './storeUnavailable.js';

// INCR and the window's expiry in one step, so a crash between them cannot leave a
// counter that never expires.
const INCREMENT = `local v = redis.call('INCRBY', KEYS[1], ARGV[2])
if redis.call('PTTL', KEYS[1]) < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return v`;

// The same increment, then the other keys' values (GET each), in one script: one round trip.
const INCREMENT_AND_READ = `local v = redis.call('INCRBY', KEYS[1], ARGV[2])
if redis.call('PTTL', KEYS[1]) < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local out = {v}
for i = 2, #KEYS do out[i] = redis.call('GET', KEYS[i]) end
return out`;

export interface RedisStoreOptions {
  /** Each command fails after this long (down, cut off, overloaded): a quick 503, not a hang. */
  commandTimeoutMs?: number;
}

export class RedisKeyValueStore implements KeyValueStore {
  private readonly redis: Redis;
  private closing = false;

  constructor(
    url: string,
    private readonly prefix = 'verity:',
    options: RedisStoreOptions = {},
  ) {
    const commandTimeout = options.commandTimeoutMs ?? 200;
    this.redis = new Redis(url, {
      lazyConnect: false,
      // The command timeout also runs while a command waits in the offline queue (start-up,
      // reconnecting), so the queue only bridges short gaps; longer ones fail fast.
      commandTimeout,
      enableOfflineQueue: true,
      // Queued commands are failed at the first reconnection attempt that does not succeed.
      maxRetriesPerRequest: 1,
      // A connection that hangs (a partition) is given up quickly and retried.
      connectTimeout: Math.max(1000, commandTimeout * 5),
      retryStrategy: (times) => Math.min(times * 100, 1000),
    });
    // Without a listener, ioredis prints every connection error as text. The failures reach
    // callers as KeyValueStoreUnavailable and /readyz reports them; the log gets one JSON
    // line when the connection is lost and one when it is back, not one per retry (written
    // directly: the store is made before the server's logger).
    let state: 'connecting' | 'up' | 'down' = 'connecting';
    const lost = (code?: unknown) => {
      if (state !== 'up' || this.closing) return;
      state = 'down';
      logToStderr('warn', 'redis connection lost', code ? { code } : {});
    };
    this.redis.on('error', (error: { code?: unknown }) => lost(error.code));
    this.redis.on('close', () => lost());
    this.redis.on('ready', () => {
      if (state === 'down') logToStderr('info', 'redis connection back');
      state = 'up';
    });
  }

  /** Runs one command; any failure (timeout, connection gone) is the store being unavailable. */
  private async command<T>(operation: string, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      throw new KeyValueStoreUnavailable(operation, { cause: error });
    }
  }

  async get(key: string): Promise<string | null> {
    return this.command('get', () => this.redis.get(this.prefix + key));
  }

  async getMany(keys: string[]): Promise<Array<string | null>> {
    if (keys.length === 0) return [];
    return this.command('mget', () => this.redis.mget(...keys.map((key) => this.prefix + key)));
  }

  async set(key: string, value: string, ttlSeconds: number): Promise<void> {
    await this.command('set', () =>
      this.redis.set(this.prefix + key, value, 'PX', Math.max(1, Math.round(ttlSeconds * 1000))),
    );
  }

  async delete(key: string): Promise<void> {
    await this.command('del', () => this.redis.del(this.prefix + key));
  }

  /** GETDEL (Redis 6.2+) is one command, so one of parallel takes gets the value. */
  async take(key: string): Promise<string | null> {
    return this.command('getdel', () => this.redis.getdel(this.prefix + key));
  }

  async increment(key: string, ttlSeconds: number, by = 1): Promise<number> {
    const result = await this.command('increment', () =>
      this.redis.eval(
        INCREMENT,
        1,
        this.prefix + key,
        Math.max(1, Math.round(ttlSeconds * 1000)),
        Math.trunc(by),
      ),
    );
    return Number(result);
  }

  async incrementAndRead(key: string, ttlSeconds: number, by: number, readKeys: string[]) {
    const [count, ...values] = (await this.command('increment', () =>
      this.redis.eval(
        INCREMENT_AND_READ,
        1 + readKeys.length,
        this.prefix + key,
        ...readKeys.map((readKey) => this.prefix + readKey),
        Math.max(1, Math.round(ttlSeconds * 1000)),
        Math.trunc(by),
      ),
    )) as [number, ...Array<string | null>];
    return { count: Number(count), values: readKeys.map((_, i) => values[i] ?? null) };
  }

  async sweep(): Promise<number> {
    return 0; // Redis expires keys itself.
  }

  async ping(): Promise<boolean> {
    try {
      return (await this.redis.ping()) === 'PONG';
    } catch {
      return false;
    }
  }

  async close(): Promise<void> {
    this.closing = true;
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
