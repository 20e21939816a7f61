import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets } from '../test/databases.js';
import { startTestServer, type TestServer } from '../test/testServer.js';

describe.each(databaseTargets())('PIN frame parent (%s)', (target) => {
  let server: TestServer;
  let webRoot: string;

  beforeAll(async () => {
    webRoot = mkdtempSync(path.join(tmpdir(), 'verity-web-'));
    writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><head></head><body></body>');
    server = await startTestServer(
      target,
      { PIN_FRAME_PARENT_ORIGIN: 'https://shop.example' },
      { webRoot },
    );
  });
  afterAll(async () => {
    await server?.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  it('only / may be framed, only by the configured origin, which the page is told', async () => {
    const home = await fetch(`${server.url}/`);
    expect(home.headers.get('content-security-policy')).toContain(
      'frame-ancestors https://shop.example',
    );
    expect(home.headers.get('content-security-policy')).not.toContain("'none'; f");
    expect(home.headers.get('x-frame-options')).toBeNull();
    expect(await home.text()).toContain(
      '<meta name="verity:frame-parent" content="https://shop.example" />',
    );

    for (const page of ['/about', '/mpinlogin', '/nowhere']) {
      const response = await fetch(`${server.url}${page}`);
      expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(response.headers.get('x-frame-options')).not.toBeNull();
    }
  });
});
