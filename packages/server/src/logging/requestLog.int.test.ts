import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets } from '../test/databases.js';
import { freePort, testEnv } from '../test/testServer.js';

const bin = fileURLToPath(new URL('../../bin/verity.js', import.meta.url));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The built `verity serve` at LOG_LEVEL=info (issue 18 item 6): every line it writes, on stdout
 * and stderr, is JSON; each request's lines carry its id, taken from a valid X-Request-Id or
 * made unique per process start, and echoed in the answer; nothing the caller sent in the
 * body (an e-mail address, a password) reaches the log.
 */
describe.each(databaseTargets())('request ids and JSON logs (%s)', (target) => {
  const email = 'log-test-person@example.com';
  const password = 'a very secret password 123';
  let url: string;
  let cleanup: () => Promise<void>;
  const output = { stdout: '', stderr: '' };

  async function start(): Promise<ChildProcess> {
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    let env: Record<string, string>;
    ({ env, cleanup } = testEnv(target, {
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://localhost:${port}`,
      LOG_LEVEL: 'info',
    }));
    const child = spawn(process.execPath, [bin, 'serve'], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (chunk: Buffer) => (output.stdout += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (output.stderr += chunk.toString()));
    for (let i = 0; i < 300; i++) {
      if (
        await fetch(`${url}/readyz`).then(
          (r) => r.ok,
          () => false,
        )
      )
        return child;
      await sleep(100);
    }
    throw new Error(`not ready: ${output.stderr}`);
  }

  let child: ChildProcess;
  beforeAll(async () => {
    child = await start();
  }, 60_000);
  afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    await cleanup?.();
  });

  const lines = () =>
    `${output.stdout}${output.stderr}`.split('\n').filter((line) => line.trim() !== '');

  it('adopts a valid X-Request-Id, makes its own for an invalid one, and echoes both', async () => {
    const given = await fetch(`${url}/api/session`, { headers: { 'x-request-id': 'lb-1234:abc' } });
    expect(given.headers.get('x-request-id')).toBe('lb-1234:abc');

    const invalid = await fetch(`${url}/api/session`, {
      headers: { 'x-request-id': 'has spaces and "quotes"' },
    });
    const made = invalid.headers.get('x-request-id');
    expect(made).toMatch(/^[A-Za-z0-9_-]+-[0-9a-z]+$/);
    expect(made).not.toMatch(/^req-/);

    // oidc-provider's answers too (written to the raw response).
    const discovery = await fetch(`${url}/.well-known/openid-configuration`, {
      headers: { 'x-request-id': 'disc-1' },
    });
    expect(discovery.headers.get('x-request-id')).toBe('disc-1');
    const token = await fetch(`${url}/oidc/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=authorization_code&code=x',
    });
    expect(token.headers.get('x-request-id')).toBeTruthy();

    const ids = new Set(
      await Promise.all(
        Array.from({ length: 20 }, async () =>
          (await fetch(`${url}/healthz`)).headers.get('x-request-id'),
        ),
      ),
    );
    expect(ids.size).toBe(20);
  });

  it('writes only JSON lines, with the request id, and no body values', async () => {
    await fetch(`${url}/api/login/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-request-id': 'login-42' },
      body: JSON.stringify({ Email: email, Password: password }),
    });
    await sleep(300);
    const all = lines();
    expect(all.length).toBeGreaterThan(3);
    const parsed = all.map((line) => {
      try {
        return JSON.parse(line) as Record<string, unknown>;
      } catch {
        throw new Error(`not a JSON log line: ${line}`);
      }
    });
    const ofLogin = parsed.filter((entry) => entry.reqId === 'login-42');
    expect(ofLogin.length).toBeGreaterThanOrEqual(2); // incoming request, request completed
    expect(parsed.filter((entry) => entry.reqId === 'lb-1234:abc').length).toBeGreaterThan(0);
    expect(output.stdout + output.stderr).not.toContain(email);
    expect(output.stdout + output.stderr).not.toContain(password);
  });
});
