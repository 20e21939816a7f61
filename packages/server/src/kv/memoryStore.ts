import type { KeyValueStore } from './keyValueStore.js';

/**
 * Short-lived state in this process's memory: for a process that is deliberately one
 * instance with no database (the PIN authority service, packages/server/src/authority/).
 */
export class MemoryKeyValueStore implements KeyValueStore {
  private readonly entries = new Map<string, { value: string; expiresAt: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  private live(key: string) {
    const entry = this.entries.get(key);
    if (entry && entry.expiresAt <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  get(key: string): Promise<string | null> {
    return Promise.resolve(this.live(key)?.value ?? null);
  }

  getMany(keys: string[]): Promise<Array<string | null>> {
    return Promise.resolve(keys.map((key) => this.live(key)?.value ?? null));
  }

  set(key: string, value: string, ttlSeconds: number): Promise<void> {
    this.entries.set(key, { value, expiresAt: this.now() + ttlSeconds * 1000 });
    return Promise.resolve();
  }

  delete(key: string): Promise<void> {
    this.entries.delete(key);
    return Promise.resolve();
  }

  take(key: string): Promise<string | null> {
    const entry = this.live(key);
    this.entries.delete(key);
    return Promise.resolve(entry?.value ?? null);
  }

  increment(key: string, ttlSeconds: number, by = 1): Promise<number> {
    const entry = this.live(key);
    const count = (entry ? Number(entry.value) : 0) + Math.trunc(by);
    this.entries.set(key, {
      value: String(count),
      expiresAt: entry?.expiresAt ?? this.now() + ttlSeconds * 1000,
    });
    return Promise.resolve(count);
  }

  async incrementAndRead(key: string, ttlSeconds: number, by: number, readKeys: string[]) {
    return {
      count: await this.increment(key, ttlSeconds, by),
      values: await this.getMany(readKeys),
    };
  }

  sweep(): Promise<number> {
    let removed = 0;
    for (const key of [...this.entries.keys()]) if (!this.live(key)) removed++;
    return Promise.resolve(removed);
  }

  close(): Promise<void> {
    this.entries.clear();
    return Promise.resolve();
  }
}
