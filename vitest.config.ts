import { defineConfig } from 'vitest/config';
import { envSetting } from './harness/config.js';
import { handedOver } from './harness/run/handover.js';

/**
 * Two projects, runnable alone: `self` (self-tests of harness and mock) and `conformance`
 * (the suites, against the embedded mock or BASE_URL via `npm run conformance`).
 */
// A run started by a CLI (npm run conformance, the self-check) is handed over in this process.
const run = handedOver();
const live = run?.info.targets.some((t) => t.kind === 'live') ?? false;
/**
 * A worker runs one check file at a time and a check mostly waits on its own requests, so a live
 * run needs more workers than MAX_CONCURRENCY to keep that many requests in flight (the pacing
 * proxy enforces the bound), and under rate limits enough checks under way that both method
 * classes always have a request waiting (npm run bench (b): 6 workers ran 17% over the bound
 * the request counts impose, 8 workers 2%). Against the embedded mock the CPU is the limit.
 */
const maxInFlight = run?.settings.maxConcurrency ?? 4;
const maxWorkers = run?.settings.vitestMaxWorkers ?? Number(envSetting('VITEST_MAX_WORKERS') || (live ? Math.min(16, Math.max(8, Math.ceil(maxInFlight * 1.5))) : 4));

export default defineConfig({
  test: {
    // The raw results of the conformance project, which its run publishes with the rest of its
    // outputs when vitest closes (npm test). `npm run conformance` passes its own reporters
    // (harness/report/artifacts.ts), which replace these.
    reporters: ['default', './harness/report/results-reporter.ts'],
    projects: [
      {
        test: {
          name: 'self',
          include: ['test/**/*.test.ts'],
          // Projects with different worker counts run one after the other (vitest 4 requires distinct groups).
          sequence: { groupOrder: 1 },
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
          // Check files share no state; reusing modules across files saves seconds per file.
          isolate: false,
          // Checks are independent: run them concurrently so latency is hidden (pacing bounds the rate).
          sequence: { concurrent: true, groupOrder: 0 },
          maxConcurrency: 16,
          testTimeout: 120_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
