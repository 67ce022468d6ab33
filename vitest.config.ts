import { defineConfig } from 'vitest/config';

/**
 * Two projects, runnable alone: `self` (self-tests of harness and mock) and `conformance`
 * (the suites, against the embedded mock or BASE_URL via `npm run conformance`).
 */
const maxWorkers = Number(process.env.VITEST_MAX_WORKERS ?? 4);

export default defineConfig({
  test: {
    reporters: ['default'],
    projects: [
      {
        test: {
          name: 'self',
          include: ['test/**/*.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'conformance',
          include: ['suites/**/*.check.ts'],
          globalSetup: ['harness/run/global-setup.ts'],
          pool: 'threads',
          maxWorkers,
          isolate: false,
          // Checks are independent: run them concurrently so latency is hidden (pacing bounds the rate).
          sequence: { concurrent: true },
          maxConcurrency: 16,
          testTimeout: 120_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
