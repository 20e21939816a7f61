import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const sources = fileURLToPath(new URL('..', import.meta.url));

function serverSources(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return serverSources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

describe('rate-limit refusals', () => {
  it('are all made by rateLimited (http/rateLimit.ts), so every one is counted in the metrics', () => {
    const direct = /new\s+ApiError\(\s*['"`]rate_limited['"`]/;
    const offenders = serverSources(sources)
      .map((path) => relative(sources, path).split('\\').join('/'))
      .filter((path) => path !== 'http/rateLimit.ts')
      .filter((path) => direct.test(readFileSync(join(sources, path), 'utf8')));
    expect(offenders).toEqual([]);
    // The pattern finds what it is meant to find.
    expect(direct.test(readFileSync(join(sources, 'http/rateLimit.ts'), 'utf8'))).toBe(true);
  });
});
