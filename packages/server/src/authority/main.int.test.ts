import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createMasterShare, createMpinId, createUserKey } from '@verity/pin';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../test/testServer.js';
import { SIGNATURE_HEADER, signRequest } from './requestSigning.js';
import { ISSUE_PATH } from './wire.js';

const bin = fileURLToPath(new URL('../../bin/verity-authority.js', import.meta.url));
// An empty working directory: no .env is read by accident.
const cwd = mkdtempSync(path.join(tmpdir(), 'verity-authority-'));

function start(env: Record<string, string>) {
  const child = spawn(process.execPath, [bin], {
    cwd,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = { stdout: '', stderr: '' };
  child.stdout.on('data', (chunk: Buffer) => (output.stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output.stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output, exited };
}

/** The built `verity-authority` as a real process. */
describe('verity-authority', () => {
  afterAll(() => rmSync(cwd, { recursive: true, force: true }));

  it('stops at once with a clear message when its settings are missing', async () => {
    const { output, exited } = start({});
    expect(await exited).toBe(2);
    expect(output.stderr).toContain('PIN_AUTHORITY_SHARE');
    expect(output.stderr).toContain('PIN_AUTHORITY_SECRET');
  });

  it('serves a signed issue, logs it without the mpin_id, and stops cleanly on SIGTERM', async () => {
    const port = await freePort();
    const secret = randomBytes(32).toString('base64url');
    const { child, output, exited } = start({
      PIN_AUTHORITY_SHARE: createMasterShare(),
      PIN_AUTHORITY_SECRET: secret,
      PIN_AUTHORITY_PORT: String(port),
    });
    const base = `http://127.0.0.1:${port}`;
    let ready = false;
    for (let i = 0; i < 100 && !ready; i++) {
      ready = await fetch(`${base}/healthz`).then(
        (r) => r.ok,
        () => false,
      );
      if (!ready) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(ready).toBe(true);

    const mpinId = createMpinId({ userID: 'user-in-the-log?', mobile: 0 });
    const body = JSON.stringify({ mpinId, publicKey: createUserKey().publicKey });
    const answer = await fetch(`${base}${ISSUE_PATH}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        [SIGNATURE_HEADER]: signRequest(secret, { method: 'POST', path: ISSUE_PATH, body }),
      },
      body,
    });
    expect(answer.status).toBe(200);

    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(output.stdout).toContain('pin_share_issued');
    expect(output.stdout).not.toContain(mpinId);
    expect(output.stdout).not.toContain(secret);
    expect(output.stdout).not.toContain(SIGNATURE_HEADER);
  });
});
