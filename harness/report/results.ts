import type { ClauseId } from '../../contract/clauses.js';
import type { Observation } from '../conformance.js';
import type { RecordedExchange } from '../exchange-log.js';

/** One check's outcome, as the reporters and the self-check read it. */
export type CheckVerdict = 'passed' | 'failed' | 'skipped' | 'inconclusive';

export interface CheckResult {
  clause: ClauseId;
  variant?: string;
  target: string;
  name: string;
  file: string;
  verdict: CheckVerdict;
  reason?: string;
  errors?: string[];
  observations: Observation[];
  requests: number;
  retries: number;
  durationMs: number;
  /**
   * The check's exchanges, redacted and with bodies clipped, attached when the CLI persists
   * reports/results.json (the bundle's evidence; merge-reports reads them back).
   */
  exchanges?: RecordedExchange[];
}

export interface RunResults {
  runId: string;
  seed: number;
  startedAt: string;
  finishedAt: string;
  checks: CheckResult[];
  /** Errors outside any check (a suite file that failed to load, an unhandled rejection). */
  runErrors: string[];
}
