import { defineConfig } from 'vitest/config';

// Three projects, one runner: pure functions (unit), the server over real HTTP against
// real databases (integration), and journeys in real Chromium (e2e). `npm test` runs all.
export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: one on a 2-core CI machine, so every
    // file ran in turn. The integration and browser files mostly wait (HTTP, databases,
    // Chromium), so three at once use the cores better; see docs/architecture.md (CI time).
    maxWorkers: 3,
    minWorkers: 1,
    reporters: ['default', './scripts/summary-reporter.ts'],
    projects: [
      {
        test: {
          name: 'unit',
          // Vitest hands tests empty stylesheets; designTokens.test.ts reads design.css's colours.
          css: { include: [/design\.css/] },
          include: ['packages/*/src/**/*.test.ts', 'packages/*/src/**/*.test.tsx'],
          exclude: ['**/*.int.test.ts', '**/node_modules/**', '**/dist/**'],
        },
      },
      {
        test: {
          name: 'integration',
          include: ['packages/*/src/**/*.int.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
