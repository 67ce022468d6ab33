import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { LedgerReport } from '../cleanup.js';
import { readExchanges } from '../exchange-log.js';
import type { Baseline } from '../report/baseline.js';
import type { Certification } from '../report/certification.js';
import { publish } from '../report/publish.js';
import type { RunResults } from '../report/results.js';
import { RAW_RESULTS, readFinishedChecks } from '../report/results-reporter.js';
import { attachExchanges, stageRunOutputs } from '../report/run-outputs.js';
import { summarizeRun, type RunSummary, type Shard } from '../report/run-summary.js';
import { lowerBoundMs } from './plan.js';
import type { StartedRun } from './start-run.js';

export interface Conclusion {
  /** The certification, when the run published its outputs. */
  certification?: Certification;
  /** The names this run published under REPORTS_DIR (registry order); empty when it published nothing. */
  published: string[];
  /** Why nothing was published: no results at all, or no check ran (nothing selected, or interrupted before any). */
  nothing?: 'no-results' | 'nothing-ran';
}

export interface ConcludeOptions {
  shard?: Shard;
  config?: RunSummary['config'];
  baseline?: { file: string; data: Baseline };
  /** Set when a signal ended the run: publish what ran as an INTERRUPTED certification. */
  interrupted?: { signal: string; at: string; ledger?: LedgerReport };
}

/** What the run's checks left: all of them when vitest ended, else the checks that ended before the signal. */
function rawResults(run: StartedRun, interrupted: boolean): RunResults | undefined {
  const file = join(run.info.runDir, RAW_RESULTS);
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as RunResults;
  if (!interrupted) return undefined;
  const { runId, seed, startedAt } = run.info;
  return { runId, seed, startedAt, finishedAt: new Date().toISOString(), checks: readFinishedChecks(run.info.runDir), runErrors: [] };
}

/**
 * The end of a run's reporting, after run.finish(): stages every output of the run in its
 * scratch directory and publishes them together into REPORTS_DIR (harness/report/publish.ts).
 * A run in which no check ran publishes nothing, and the previous set stays as it was.
 */
export function concludeRun(run: StartedRun, o: ConcludeOptions = {}): Conclusion {
  const raw = rawResults(run, Boolean(o.interrupted));
  if (!raw) return { published: [], nothing: 'no-results' };
  const created = o.interrupted?.ledger?.summary.created ?? 0;
  if (raw.checks.length === 0 && raw.runErrors.length === 0 && created === 0) return { published: [], nothing: 'nothing-ran' };
  const urls = run.info.targets.map((t) => ({ from: t.baseUrl, to: t.publicUrl }));
  const results = attachExchanges(raw, readExchanges(run.info.runDir), urls);
  const pacing = run.pacing.report();
  const summary = summarizeRun(run.info, { shard: o.shard, config: o.config, warnings: run.settings.warnings, budget: budgetOf(run, pacing) });
  const i = o.interrupted;
  const certification = stageRunOutputs(run.scratch.stage, results, summary, {
    baseline: o.baseline,
    pacing,
    interrupted: i ? { signal: i.signal, at: i.at, checksFinished: raw.checks.length, ...(i.ledger ? { records: i.ledger.summary } : {}) } : undefined,
  });
  const published = publish(run.info.reportsDir, run.scratch, run.info.runId);
  return { certification, published };
}

/** Planned against used under the limits, for the certification's budget line. */
function budgetOf(run: StartedRun, pacing: ReturnType<StartedRun['pacing']['report']>) {
  const limits = { getPerMin: run.settings.rateLimitGetPerMin, writePerMin: run.settings.rateLimitWritePerMin };
  const used = pacing.requestsByClass;
  const wallMs = Date.now() - Date.parse(run.info.startedAt);
  return {
    limits,
    planned: run.info.plan.estimate,
    actual: { ...used, lowerBoundMs: lowerBoundMs(used, limits), wallMs, answered429: pacing.rateLimitedAnswers },
  };
}
