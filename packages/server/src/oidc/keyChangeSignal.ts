import { Redis } from 'ioredis';

/**
 * With REDIS_URL, `keys rotate` tells the instances at once instead of waiting for their next
 * KEY_REFRESH_SECONDS read. Best effort both ways: a lost message or a Redis outage only
 * delays the change until that read, which stays the guarantee.
 */
const channel = (prefix: string) => `${prefix}signing-keys-changed`;

/** Publishes a key change; false when Redis could not be reached. */
export async function announceKeyChange(url: string, prefix: string): Promise<boolean> {
  const redis = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 2000,
    commandTimeout: 2000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    await redis.publish(channel(prefix), 'changed');
    return true;
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}

/** Calls `onChange` at each announced change; subscribes again whenever the connection is back. */
export function onKeyChange(url: string, prefix: string, onChange: () => void): { close(): void } {
  const name = channel(prefix);
  const redis = new Redis(url, {
    autoResubscribe: false,
    maxRetriesPerRequest: 1,
    retryStrategy: (times) => Math.min(times * 200, 5000),
  });
  // Outages are reported by the key-value store's own connection and /readyz.
  redis.on('error', () => undefined);
  redis.on('ready', () => {
    redis.subscribe(name).catch(() => undefined);
    // A change announced while the subscription was down would otherwise wait for the timer.
    onChange();
  });
  redis.on('message', (from: string) => {
    if (from === name) onChange();
  });
  return { close: () => redis.disconnect() };
}
