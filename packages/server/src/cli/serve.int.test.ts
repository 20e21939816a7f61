import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dropSchema, freshSchemaName } from '../test/databases.js';
import { freePort, testEnv } from '../test/testServer.js';

const bin = fileURLToPath(new URL('../../bin/verity.js', import.meta.url));

/** The built `verity serve` as a real process: readiness and graceful shutdown. */
describe('verity serve', () => {
  let env: Record<string, string>;
  let cleanup: () => Promise<void>;
  beforeAll(() => {
    ({ env, cleanup } = testEnv('sqlite'));
  });
  afterAll(async () => cleanup?.());

  it('starts, answers, warns about insecure settings, and stops cleanly on SIGTERM', async () => {
    const port = await freePort();
    const child = spawn(process.execPath, [bin, 'serve'], {
      env: {
        ...process.env,
        ...env,
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: `http://verity.example:${port}`,
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    let stdout = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    const exited = new Promise<number | null>((resolve) =>
      child.on('exit', (code) => resolve(code)),
    );

    let ready = false;
    // Up to 30 s: a first start makes its signing keys, and CI machines are shared.
    for (let i = 0; i < 300 && !ready; i++) {
      ready = await fetch(`http://127.0.0.1:${port}/readyz`).then(
        (r) => r.ok,
        () => false,
      );
      if (!ready) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(ready).toBe(true);
    expect(stderr).toContain('INSECURE SETTING');

    const discovery = await fetch(`http://127.0.0.1:${port}/.well-known/openid-configuration`);
    expect(discovery.status).toBe(200);

    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(stdout).toContain('SIGTERM');
    expect(stdout).not.toMatch(/cookie|authorization/i);
  }, 60_000);
});

/** Runs `verity serve` to its end (killed after 40 s: a hang shows as code null): exit code, stderr, and how long it took. */
async function serveUntilExit(env: Record<string, string>, port: number) {
  const started = Date.now();
  const child = spawn(process.execPath, [bin, 'serve'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const kill = setTimeout(() => child.kill('SIGKILL'), 40_000);
  const code = await new Promise<number | null>((resolve) =>
    child.on('exit', (exitCode) => resolve(exitCode)),
  );
  clearTimeout(kill);
  return { code, stderr, ms: Date.now() - started };
}

/** A failed start says what is wrong and exits non-zero at once, never hangs without listening. */
describe('verity serve with a missing or invalid setting', () => {
  const secret = () => randomBytes(32).toString('base64url');
  // A reachable PostgreSQL and Redis when the suite has them: a pool or a Redis client left open
  // is what kept the failed start alive.
  const databaseUrl = process.env.TEST_DATABASE_URL ?? 'postgres://127.0.0.1:9/none';
  const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:9';
  const schema = freshSchemaName();
  let env: Record<string, string>;
  let cleanup: () => Promise<void>;
  beforeAll(() => {
    ({ env, cleanup } = testEnv('sqlite'));
  });
  afterAll(async () => {
    await cleanup?.();
    if (process.env.TEST_DATABASE_URL) await dropSchema(databaseUrl, schema);
  });

  it.each<[string, Record<string, string>, RegExp[]]>([
    [
      'DATABASE_URL without the PIN authorities’ shares',
      {
        DATABASE_URL: databaseUrl,
        DATABASE_SCHEMA: schema,
        REDIS_URL: redisUrl,
        COOKIE_KEYS: secret(),
        DATA_ENCRYPTION_KEY: secret(),
      },
      [/PIN_AUTHORITY_1_SHARE/, /PIN_AUTHORITY_2_SHARE/],
    ],
    [
      'DATABASE_URL alone',
      { DATABASE_URL: databaseUrl, DATABASE_SCHEMA: schema },
      [/COOKIE_KEYS/, /DATA_ENCRYPTION_KEY/, /PIN_AUTHORITY_1_SHARE/, /PIN_AUTHORITY_2_SHARE/],
    ],
    ['a PORT that is not a number', { PORT_OVERRIDE: 'x' }, [/PORT/]],
    ['a PIN share that is not hex', { PIN_AUTHORITY_1_SHARE: 'zz' }, [/PIN_AUTHORITY_1_SHARE/]],
    [
      'a data key of the wrong length',
      { COOKIE_KEYS: secret(), DATA_ENCRYPTION_KEY: 'abc' },
      [/DATA_ENCRYPTION_KEY/],
    ],
  ])(
    '%s: a clear message and exit code 1',
    async (_name, extra, messages) => {
      const port = await freePort();
      const { PORT_OVERRIDE, ...settings } = extra;
      const result = await serveUntilExit(
        { ...env, ...settings, ...(PORT_OVERRIDE ? { PORT: PORT_OVERRIDE } : {}) },
        port,
      );
      // Exited by itself (a hang is the 40 s kill, code null); Node and the imports alone take
      // seconds on a busy machine, so no tighter bound.
      expect(result.code, `${result.ms} ms: ${result.stderr}`).toBe(1);
      for (const message of messages) expect(result.stderr).toMatch(message);
      expect(await fetch(`http://127.0.0.1:${port}/healthz`).catch(() => null)).toBeNull();
    },
    60_000,
  );

  it('a port already in use: the error and a non-zero exit, nothing left running', async () => {
    const port = await freePort();
    const taken = createServer().listen(port, '127.0.0.1');
    await new Promise((resolve) => taken.once('listening', resolve));
    try {
      const result = await serveUntilExit(env, port);
      expect(result.code, `${result.ms} ms: ${result.stderr}`).not.toBe(0);
      expect(result.code).not.toBeNull(); // a hang is the kill
      expect(result.stderr).toMatch(/EADDRINUSE/);
    } finally {
      taken.close();
    }
  }, 60_000);
});
