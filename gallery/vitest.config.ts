import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The screen gallery (`npm run gallery`, docs/gallery/README.md). Its own config so that the
// root vitest.config.ts projects, and so CI, never run it: it drives the same journeys as
// e2e/ to take screenshots, not to test them. It runs under Vitest because e2e/harness.ts
// imports Vitest's hooks and expect.
export default defineConfig({
  root: path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..'),
  test: {
    include: ['gallery/gallery.ts'],
    testTimeout: 300_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
