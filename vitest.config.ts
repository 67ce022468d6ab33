import { defineConfig } from 'vitest/config';

/**
 * Two projects: `self` (the self-tests of the harness and the mock, `npm test`) and
 * `conformance` (the check files). The conformance project is run only by the harness itself
 * (harness/run/launch.ts, for `npm run conformance`, the self-check and the budgets), which hands
 * it the run through `provide`, sets its workers, and reads every verdict from the run's journal.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'self',
          include: ['test/**/*.test.ts'],
          // Most self-tests wait on a run in a child process: three at a time keep two cores busy.
          maxWorkers: 3,
          testTimeout: 120_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'conformance',
          include: ['suites/**/*.check.ts'],
          // A self-test plants a harness bug here (test/harness-error.test.ts); never set otherwise.
          setupFiles: process.env.SELFTEST_PLANT_HARNESS_ERROR ? ['test/support/plant-harness-error.ts'] : [],
          pool: 'threads',
          // Check files share no state; reusing modules across files saves seconds per file.
          isolate: false,
          // Checks are independent: run them concurrently so latency is hidden (pacing bounds the rate).
          sequence: { concurrent: true },
          maxConcurrency: 16,
          testTimeout: 600_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
