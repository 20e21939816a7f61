import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
    for (let i = 0; i < 100 && !ready; i++) {
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
  });
});
