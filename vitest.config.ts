import { relative } from 'node:path';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type Reporter, type TestModule, type TestSpecification } from 'vitest/node';

/**
 * Progress during long test files, for output that is not a terminal (CI, a pipe): every 30 s
 * without a finished file, one line naming the files still running, with their finished tests
 * and time so far. A terminal already shows the running files live, so there it stays silent.
 * Only `npm test` uses it: the harness's own run sets its reporters (harness/run/launch.ts).
 */
class Heartbeat implements Reporter {
  private readonly running = new Map<TestModule, number>();
  private timer?: NodeJS.Timeout;
  private last = Date.now();

  constructor(
    private readonly everyMs = 30_000,
    private readonly write = (line: string) => process.stdout.write(`${line}\n`),
  ) {}

  onTestRunStart(): void {
    if (process.stdout.isTTY) return;
    this.timer = setInterval(() => this.beat(), Math.min(this.everyMs, 5_000));
    this.timer.unref();
  }

  onTestModuleStart(m: TestModule): void {
    this.running.set(m, Date.now());
  }

  onTestModuleEnd(m: TestModule): void {
    this.running.delete(m);
    this.last = Date.now();
  }

  onTestRunEnd(): void {
    clearInterval(this.timer);
  }

  private beat(): void {
    const now = Date.now();
    if (now - this.last < this.everyMs || this.running.size === 0) return;
    this.last = now;
    const s = (ms: number) => `${Math.round(ms / 1000)} s`;
    const files = [...this.running].map(([m, started]) => {
      const tests = [...m.children.allTests()];
      const done = tests.filter((t) => t.result().state !== 'pending').length;
      return `${relative(process.cwd(), m.moduleId)} (${done}/${tests.length} tests, ${s(now - started)})`;
    });
    this.write(`  … still running: ${files.join(', ')}`);
  }
}

/**
 * The self-tests that take longest (each a minute or more of whole runs in child processes), longest
 * first. Vitest starts the files it has no timings for largest first, and CI runs from a fresh clone
 * (no timings cached in node_modules/.vite): these short files would start last and end the run
 * alone. Started first, they run beside the rest. A file missing from the list only starts later.
 */
const LONG_FIRST = [
  'test/selfcheck.test.ts',
  'test/family.test.ts',
  'test/nothing-forgotten.test.ts',
  'test/ctrl-c.test.ts',
  'test/scope.test.ts',
  'test/merge.test.ts',
  'test/silent-choices.test.ts',
  'test/verdict-evidence.test.ts',
  'test/cleanup-stopped.test.ts',
  'test/live-chaos.test.ts',
  'test/replay.test.ts',
  'test/readonly.test.ts',
  'test/dates.test.ts',
  'test/run-isolation.test.ts',
];

class LongFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (f: TestSpecification) => {
      const i = LONG_FIRST.indexOf(relative(this.ctx.config.root, f.moduleId));
      return i === -1 ? LONG_FIRST.length : i;
    };
    // Array.prototype.sort is stable: every other file keeps vitest's order.
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}

/**
 * Two projects: `self` (the self-tests of the harness and the mock, `npm test`) and
 * `conformance` (the check files). The conformance project is run only by the harness itself
 * (harness/run/launch.ts, for `npm run conformance`, the self-check and the budgets), which hands
 * it the run through `provide`, sets its workers and reporters, and reads every verdict from the
 * run's journal.
 */
export default defineConfig({
  test: {
    reporters: ['default', new Heartbeat()],
    // Vitest reads the sequencer from the root config only; the check files are in no list, so it leaves their order.
    sequence: { sequencer: LongFirst },
    projects: [
      {
        test: {
          name: 'self',
          include: ['test/**/*.test.ts'],
          // The command line's bundle, built once for the runs the self-tests start (bin/bundle-cache.js).
          globalSetup: ['test/support/global-setup.ts'],
          // Most self-tests wait on a run in a child process: three at a time keep two cores busy.
          maxWorkers: 3,
          // A worker keeps the modules it loaded from one test file to the next: evaluating the harness
          // anew for each of ~95 files cost a third of the CPU of the short ones (45 -> 30 CPU-s for 33).
          // Tests that change module state (registered secrets, the environment) undo it.
          isolate: false,
          testTimeout: 120_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'conformance',
          include: ['suites/**/*.check.ts'],
          // A self-test plants a harness bug here (test/harness-error.test.ts); never set otherwise.
          setupFiles: [
            ...(process.env.SELFTEST_PLANT_HARNESS_ERROR ? ['test/support/plant-harness-error.ts'] : []),
            // Another self-test runs the checks at other dates (test/dates.test.ts); never set otherwise.
            ...(process.env.SELFTEST_CLOCK_OFFSET_MS ? ['test/support/shifted-clock.ts'] : []),
          ],
          pool: 'threads',
          // Every run transforms the same check files: keep the transforms on disk (node_modules/.experimental-vitest-cache).
          experimental: { fsModuleCache: true },
          // Check files share no state; reusing modules across files saves seconds per file.
          isolate: false,
          // Checks are independent: run them concurrently so latency is hidden (pacing bounds the rate).
          sequence: { concurrent: true },
          // A run of many embedded targets (the family, harness/run/launch.ts) keeps more in flight.
          maxConcurrency: Number(process.env.CONFORMANCE_CHECKS_IN_FLIGHT) || 16,
          testTimeout: 600_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
