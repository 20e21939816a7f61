import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createMasterShare } from '@verity/pin';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { createAppContext, type AppContext } from '../context.js';
import { openStores } from '../stores.js';
import { dropSchema, freshSchemaName } from './databases.js';
import type { SigningKeyMaker } from '../oidc/keys.js';
import { testSigningKey } from './signingKeys.js';

export interface TestServer {
  ctx: AppContext;
  app: FastifyInstance;
  url: string;
  close(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Environment for a throwaway instance: its own data directory and, for PostgreSQL, schema. */
export function testEnv(target: 'sqlite' | 'postgres', extra: Record<string, string> = {}) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'verity-test-'));
  const schema = target === 'postgres' ? freshSchemaName() : undefined;
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    // The suite runs three files at once on two cores, with 20-request races and Chromium
    // beside them: a worker can be off the CPU for seconds, and ioredis runs its timers before
    // reading an answer that arrived meanwhile, so a reply already here still "times out" (CI
    // once saw a reset token taken by a 503 at 2 s). Outage tests set their own short budget.
    REDIS_COMMAND_TIMEOUT_MS: '10000',
    // The machine's Redis outlives a run and is shared with any other run: each test
    // deployment keeps its counters (per address, per phone number) under a prefix of its own.
    REDIS_KEY_PREFIX: `verity-test:${randomBytes(6).toString('hex')}:`,
    ...(target === 'postgres'
      ? {
          DATABASE_URL: process.env.TEST_DATABASE_URL!,
          DATABASE_SCHEMA: schema!,
          COOKIE_KEYS: randomBytes(32).toString('base64url'),
          DATA_ENCRYPTION_KEY: randomBytes(32).toString('base64url'),
          PIN_AUTHORITY_1_SHARE: createMasterShare(),
          // With PIN_AUTHORITY_2_URL the second share belongs to the authority service only.
          ...(extra.PIN_AUTHORITY_2_URL ? {} : { PIN_AUTHORITY_2_SHARE: createMasterShare() }),
        }
      : {}),
    ...extra,
  };
  return {
    env,
    async cleanup() {
      if (schema) await dropSchema(process.env.TEST_DATABASE_URL!, schema);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A real server on a loopback port, against a real database. */
export async function startTestServer(
  target: 'sqlite' | 'postgres',
  extra: Record<string, string> = {},
  options: {
    webRoot?: string;
    /** Runs against the stores before the server starts (e.g. registering clients it reads at start). */
    before?: (stores: Awaited<ReturnType<typeof openStores>>) => Promise<void>;
  } = {},
): Promise<TestServer> {
  const port = await freePort();
  const { env, cleanup } = testEnv(target, {
    PORT: String(port),
    PUBLIC_URL: `http://localhost:${port}`,
    ...extra,
  });
  if (options.before) {
    const stores = await openStores(loadConfig(env));
    await options.before(stores).finally(() => stores.database.db.destroy());
  }
  const server = await listenOn(env, port, { webRoot: options.webRoot });
  return { ...server, close: () => server.close().finally(cleanup) };
}

async function listenOn(
  env: Record<string, string>,
  port: number,
  options: { webRoot?: string; now?: () => number; makeKey?: SigningKeyMaker } = {},
): Promise<TestServer> {
  const ctx = await createAppContext(
    loadConfig(env),
    options.now,
    options.makeKey ?? testSigningKey,
  );
  const app = await buildApp(ctx, { logger: false, webRoot: options.webRoot });
  await app.listen({ port, host: '127.0.0.1' });
  return {
    ctx,
    app,
    url: `http://localhost:${port}`,
    async close() {
      await app.close();
      await ctx.close();
    },
  };
}

/**
 * `count` instances of one deployment started at once: one database (data directory or
 * schema) and the same secrets, each on its own port (and so its own issuer). `now` is the
 * clock of their signing keys' lifecycle.
 */
export async function startTestServers(
  target: 'sqlite' | 'postgres',
  count: number,
  extra: Record<string, string> = {},
  options: {
    now?: () => number;
    before?: (stores: Awaited<ReturnType<typeof openStores>>) => Promise<void>;
    /** Instance `index`'s signing key maker; else every instance offers the test keys. */
    makeKey?: (index: number) => SigningKeyMaker;
  } = {},
): Promise<{ servers: TestServer[]; env: Record<string, string>; close(): Promise<void> }> {
  const { env, cleanup } = testEnv(target, {
    COOKIE_KEYS: randomBytes(32).toString('base64url'),
    DATA_ENCRYPTION_KEY: randomBytes(32).toString('base64url'),
    PIN_AUTHORITY_1_SHARE: createMasterShare(),
    PIN_AUTHORITY_2_SHARE: createMasterShare(),
    ...extra,
  });
  if (options.before) {
    const stores = await openStores(loadConfig(env));
    await options.before(stores).finally(() => stores.database.db.destroy());
  }
  const ports = await Promise.all(Array.from({ length: count }, () => freePort()));
  const started = await Promise.allSettled(
    ports.map((port, index) =>
      listenOn({ ...env, PORT: String(port), PUBLIC_URL: `http://localhost:${port}` }, port, {
        now: options.now,
        makeKey: options.makeKey?.(index),
      }),
    ),
  );
  const servers = started.flatMap((result) =>
    result.status === 'fulfilled' ? [result.value] : [],
  );
  const close = async () => {
    await Promise.all(servers.map((server) => server.close()));
    await cleanup();
  };
  const failed = started.find((result) => result.status === 'rejected');
  if (failed) {
    await close();
    throw failed.reason;
  }
  return { servers, env, close };
}

/** A minimal cookie jar for fetch: enough to carry a browser's cookies between calls. */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  store(response: Response): void {
    for (const header of response.headers.getSetCookie()) {
      const [pair] = header.split(';');
      const index = pair!.indexOf('=');
      const name = pair!.slice(0, index);
      const value = pair!.slice(index + 1);
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(header)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  async fetch(url: string, init: RequestInit = {}): Promise<Response> {
    const response = await fetch(url, {
      redirect: 'manual',
      ...init,
      headers: { cookie: this.header(), ...(init.headers ?? {}) },
    });
    this.store(response);
    return response;
  }
}
