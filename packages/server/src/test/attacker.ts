import { randomInt } from 'node:crypto';
import { vi } from 'vitest';
import { databaseTargets, redisTargets } from './databases.js';
import { ApiBrowser } from './journey.js';
import type { TestServer } from './testServer.js';

/**
 * The security suite's servers: each database, and the shared store on Redis where one is
 * given. Behind one trusted proxy, so each test's browser can come from its own address
 * (X-Forwarded-For) and per-address budgets of one test do not spill into another.
 */
export function securityTargets(): Array<{
  name: string;
  db: 'sqlite' | 'postgres';
  env: Record<string, string>;
}> {
  const proxy = { TRUST_PROXY: '1' };
  const databases = databaseTargets();
  return [
    ...databases.map((db) => ({ name: db, db, env: proxy })),
    ...redisTargets().map((url) => ({
      name: `${databases.at(-1)!} with Redis`,
      db: databases.at(-1)!,
      env: { ...proxy, REDIS_URL: url },
    })),
  ];
}

export const randomAddress = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

/** A browser at a client address of its own (or a given one). */
export class BrowserAt extends ApiBrowser {
  constructor(
    server: TestServer,
    readonly address = randomAddress(),
  ) {
    super(server);
  }

  override fetch(url: string, init: RequestInit = {}): Promise<Response> {
    return super.fetch(url, {
      ...init,
      headers: { ...(init.headers as Record<string, string>), 'x-forwarded-for': this.address },
    });
  }
}

/** Moves the server's clock (it runs in this process) on by `seconds`. */
export function later(seconds: number): void {
  const now = Date.now() + seconds * 1000;
  if (vi.isFakeTimers()) vi.setSystemTime(now);
  else vi.useFakeTimers({ toFake: ['Date'], now });
}

export function retryAfter(answer: { body: Record<string, unknown> }): number {
  const error = answer.body.error as { details?: { retryAfterSeconds?: number } } | undefined;
  return error?.details?.retryAfterSeconds ?? 0;
}
