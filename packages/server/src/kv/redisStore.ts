import { Redis } from 'ioredis';
import type { KeyValueStore } from './keyValueStore.js';

// INCR and the window's expiry in one step, so a crash between them cannot leave a
// counter that never expires.
const INCREMENT = `local v = redis.call('INCRBY', KEYS[1], ARGV[2])
if redis.call('PTTL', KEYS[1]) < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return v`;

export class RedisKeyValueStore implements KeyValueStore {
  private readonly redis: Redis;

  constructor(
    url: string,
    private readonly prefix = 'verity:',
  ) {
    this.redis = new Redis(url, {
      lazyConnect: false,
      maxRetriesPerRequest: 2,
      enableOfflineQueue: true,
    });
  }

  async get(key: string): Promise<string | null> {
    return this.redis.get(this.prefix + key);
  }

  async getMany(keys: string[]): Promise<Array<string | null>> {
    if (keys.length === 0) return [];
    return this.redis.mget(...keys.map((key) => this.prefix + key));
  }

  async set(key: string, value: string, ttlSeconds: number): Promise<void> {
    await this.redis.set(
      this.prefix + key,
      value,
      'PX',
      Math.max(1, Math.round(ttlSeconds * 1000)),
    );
  }

  async delete(key: string): Promise<void> {
    await this.redis.del(this.prefix + key);
  }

  /** GETDEL (Redis 6.2+) is one command, so one of parallel takes gets the value. */
  async take(key: string): Promise<string | null> {
    return this.redis.getdel(this.prefix + key);
  }

  async increment(key: string, ttlSeconds: number, by = 1): Promise<number> {
    const result = await this.redis.eval(
      INCREMENT,
      1,
      this.prefix + key,
      Math.max(1, Math.round(ttlSeconds * 1000)),
      Math.trunc(by),
    );
    return Number(result);
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
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
