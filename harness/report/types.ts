import type { ClauseId } from '../../contract/clauses.js';
import type { CoverageSummary } from '../../contract/coverage.js';
import type { Clause } from '../../contract/clause.js';
import type { CheckResult } from './results.js';
import type { Interruption, RunSummary } from './run-summary.js';

export type { Interruption };

/** Types of the certification and the baseline comparison, shared by their writers and readers. */

/**
 * Strict clauses end passed, failed, inconclusive or skipped; an observed clause (the spec is
 * silent) ends observed when its check recorded the target's choice, and never fails.
 */
export type ClauseVerdict = 'passed' | 'failed' | 'skipped' | 'inconclusive' | 'observed' | 'not-testable' | 'not-run';
export const clauseVerdicts: readonly ClauseVerdict[] = ['passed', 'failed', 'inconclusive', 'skipped', 'observed', 'not-testable', 'not-run'];

/**
 * `interrupted`: the run was stopped (Ctrl-C, SIGTERM) before its checks ended; what ran is
 * reported, nothing is certified. Set by the writer of an interrupted run's outputs, never by
 * runVerdict.
 */
export type RunVerdict = 'conformant' | 'non-conformant' | 'inconclusive' | 'interrupted';

export interface ClauseReport extends Clause {
  id: ClauseId;
  verdict: ClauseVerdict;
  reason?: string;
  checks: Omit<CheckResult, 'clause' | 'target' | 'exchanges'>[];
}

export interface Certification {
  schemaVersion: 1;
  harness: { name: string; version: string };
  spec: { file: string; sha256: string | null };
  target: RunSummary['target'];
  /** The run (or, after merge-reports, the shards) this certification was built from. */
  run: Pick<RunSummary, 'runId' | 'shard' | 'mergedFrom'>;
  /** Secret-free configuration; absent when the run did not go through the CLI. */
  config?: RunSummary['config'];
  startedAt: string;
  finishedAt: string;
  seed: number;
  mode: 'full' | 'readonly';
  numRuns: number;
  verdict: RunVerdict;
  /** Why the verdict is inconclusive or interrupted, when it is. */
  verdictCause?: string;
  /** Set on an interrupted run's certification. */
  interrupted?: Interruption;
  /** Settings the run fell back on that the reader should know (e.g. no spec found, so no spec hash). */
  warnings?: string[];
  /** Clauses per verdict, all of them. */
  summary: Record<ClauseVerdict, number>;
  /** Strict, testable clauses per verdict: these alone decide the run. */
  strictSummary: Record<ClauseVerdict, number>;
  requests: number;
  retries: number;
  /** How the spec's normative sentences are accounted for by the catalogue (contract/traceability.ts). */
  coverage?: CoverageSummary & { spec: 'matched' | 'absent' };
  /** The request budget the run planned under the limits, and what it used. */
  budget?: RunSummary['budget'];
  clauses: ClauseReport[];
  observations: { clause: ClauseId; check: string; name: string; value: unknown }[];
  runErrors: string[];
  /** Set with --baseline: what changed since the baseline certification. */
  baseline?: BaselineDiff;
}

export interface ClauseChange {
  id: string;
  section: string;
  /** Verdict in the baseline; null when the baseline did not know the clause. */
  was: ClauseVerdict | null;
  now: ClauseVerdict;
}

export interface BaselineDiff {
  file: string;
  baselineRunId?: string;
  baselineFinishedAt: string;
  baselineVerdict: string;
  /** Failed now, not failed in the baseline (a clause new since the baseline counts when it fails). */
  newlyFailing: ClauseChange[];
  /** Passed now, not passed in the baseline. */
  newlyPassing: ClauseChange[];
  /** In the catalogue now, absent from the baseline. */
  newClauses: ClauseChange[];
}
