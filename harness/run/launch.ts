import { relative, resolve } from 'node:path';
import type { SerializedError } from 'vitest';
import type { Reporter, TestModule, TestSequencerConstructor, TestSpecification, Vitest } from 'vitest/node';
import { PROJECT_ROOT } from '../core/paths.js';
import type { RunInfo } from '../core/run-info.js';
import { redact } from '../redact.js';
import { checksInFlightWhile } from '../config.js';

/**
 * vitest, as the run uses it: a scheduler of the check files, nothing more. It reports nothing of
 * its own (every verdict goes to the hub); the one reporter here passes on what only vitest sees,
 * a suite file that did not load or an error outside any check, as run errors.
 */

export interface Launch {
  vitest: Vitest;
  /** Resolves when every selected check has ended (or the run was cancelled). */
  done: Promise<void>;
  /** Stops scheduling checks (an interruption); the ones under way are cut off by the hub. */
  cancel(): Promise<void>;
}

export interface LaunchOptions {
  info: RunInfo;
  /** Check files to run, relative to the project root. */
  files: readonly string[];
  /** -t: vitest applies it to test names. */
  pattern?: string;
  maxWorkers: number;
  runError(message: string): void;
  /**
   * Weight of each file (relative to the project root): heavier files start first. Under rate
   * limits the writes are the scarce class, so a file's writes weigh most: started late, they
   * queue behind the write limit at the end of the run while the GETs have run dry.
   */
  weights?: ReadonlyMap<string, number>;
  /** One check at a time within a file (`npm run budgets`: the same code sends the same requests). */
  sequential?: boolean;
  /**
   * Checks in flight per file (vitest's maxConcurrency; the config's 16 otherwise): a run with many
   * embedded targets (the family) waits mostly on their lags, so it keeps more of them going.
   */
  maxConcurrency?: number;
}

/** vitest's sequencer, ordering the files by weight, heaviest first (then by path, stably). */
function byWeight(weights: ReadonlyMap<string, number>): TestSequencerConstructor {
  const weightOf = (spec: TestSpecification) =>
    weights.get(relative(PROJECT_ROOT, spec.moduleId).split('\\').join('/')) ?? 0;
  return class {
    shard(files: TestSpecification[]) {
      return files;
    }
    sort(files: TestSpecification[]) {
      return [...files].sort((a, b) => weightOf(b) - weightOf(a) || a.moduleId.localeCompare(b.moduleId));
    }
  };
}

function bridge(runError: (m: string) => void): Reporter {
  return {
    onTestModuleEnd(mod: TestModule) {
      for (const err of mod.errors()) runError(redact(`${mod.relativeModuleId} did not load: ${err.message}`));
    },
    onTestRunEnd(_modules: ReadonlyArray<TestModule>, unhandled: ReadonlyArray<SerializedError>) {
      for (const e of unhandled) runError(redact(`${e.name ?? 'Error'}: ${e.message}`));
    },
  };
}

/**
 * Workers for a run: a check mostly waits on its own requests, so a live run needs more workers
 * than MAX_CONCURRENCY to keep that many requests in flight (the pacing proxy enforces the bound);
 * against the embedded mock the CPU is the limit.
 */
export function workersFor(run: { live: boolean; maxConcurrency: number }, override?: number): number {
  if (override) return override;
  return run.live ? Math.min(16, Math.max(8, Math.ceil(run.maxConcurrency * 1.5))) : 4;
}

/** What vitest is created with, before the run it will schedule has started. */
export type PrepareOptions = Omit<LaunchOptions, 'info' | 'files'>;

/** vitest created, its workers not yet started: it waits for the run (the checks read it through `provide`). */
export interface PreparedChecks {
  /** Hands vitest the run and starts the selected files. */
  start(info: RunInfo, files: readonly string[]): Launch;
  /** Closes vitest unstarted (the run did not start). */
  close(): Promise<void>;
}

/**
 * Loads and creates vitest. Nothing in it depends on the run, so `npm run conformance` does this
 * while the run starts (the login and the preflight's paced reads), not after.
 */
export async function prepareChecks(o: PrepareOptions): Promise<PreparedChecks> {
  const { createVitest } = await import('vitest/node');
  const before = new Set([...process.listeners('SIGINT'), ...process.listeners('SIGTERM')]);
  // vitest passes no maxConcurrency to a project: its config (vitest.config.ts) reads it while created.
  const vitest = await checksInFlightWhile(o.maxConcurrency, () =>
    createVitest(
      'test',
      {
        root: PROJECT_ROOT,
        config: resolve(PROJECT_ROOT, 'vitest.config.ts'),
        run: true,
        watch: false,
        project: ['conformance'],
        maxWorkers: o.maxWorkers,
        testNamePattern: o.pattern,
        reporters: [bridge(o.runError)],
        // The files are the run's selection; none is an error only if the selection was empty.
        passWithNoTests: true,
        ...(o.weights || o.sequential
          ? {
              sequence: {
                ...(o.weights ? { sequencer: byWeight(o.weights) } : {}),
                ...(o.sequential ? { concurrent: false } : {}),
              },
            }
          : {}),
      },
      {},
    ),
  );
  // The run owns Ctrl-C and SIGTERM (harness/run/signals.ts): vitest's own handlers would exit under it.
  for (const sig of ['SIGINT', 'SIGTERM'] as const)
    for (const l of process.listeners(sig)) if (!before.has(l)) process.off(sig, l);
  return {
    start: (info, files) => {
      // Read by the workers when they start (harness/check/register.ts): the run as it started, preflight included.
      vitest.provide('run', info);
      const filters = files.map((f) => resolve(PROJECT_ROOT, f));
      const done = (async () => {
        try {
          if (filters.length) await vitest.start(filters);
        } finally {
          await vitest.close();
        }
      })();
      return {
        vitest,
        done,
        cancel: async () => {
          await vitest.cancelCurrentRun('keyboard-input').catch(() => undefined);
        },
      };
    },
    close: () => vitest.close(),
  };
}

export async function launchChecks(o: LaunchOptions): Promise<Launch> {
  return (await prepareChecks(o)).start(o.info, o.files);
}
