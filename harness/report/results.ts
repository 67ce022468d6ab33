import type { ClauseId } from '../../contract/clauses.js';
import type { CheckVerdict, Observation } from '../check/types.js';
import type { RecordedExchange } from '../exchange-log.js';

export type { CheckVerdict };

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
  /** What the check judged (empty for checks that did not pass). */
  evidence?: string[];
  /** Shared fixtures it used. */
  shared?: string[];
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
