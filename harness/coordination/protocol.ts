/**
 * The small protocol between test workers and the main process, served by each target's pacing
 * proxy under PATH_PREFIX (never forwarded to the target). Workers are threads of one run, so
 * anything they must agree on (a fixture made once, who may start now) lives in the main process.
 */

export const PATH_PREFIX = '/__conformance/';

/** Requests of each rate-limit class a check or a shared task is expected to send. */
export interface Budget {
  get: number;
  write: number;
}

export const noBudget: Budget = { get: 0, write: 0 };

/** Answer to a claim of a shared task: run it, take its settled value, or ask again. */
export type ClaimAnswer =
  | { role: 'run' }
  | { role: 'done'; value: unknown }
  | { role: 'failed'; error: string; kind: FailureKind }
  | { role: 'wait' };

/** How a shared task failed; its consumers end the same way (a skip skips them, a bug fails them). */
export type FailureKind = 'skip' | 'inconclusive' | 'transport' | 'error';

export interface SettleRequest {
  key: string;
  value?: unknown;
  error?: string;
  kind?: FailureKind;
}

export interface AdmitRequest {
  /** The check key (clause and variant), also the pacing tag of its requests. */
  check: string;
  budget: Budget;
}

export interface AdmitAnswer {
  /** Milliseconds the check may take from now, from the plan's backlog and its own budget. */
  deadlineMs: number;
  /** Admission order; the pacer serves earlier admissions first. */
  order: number;
}
