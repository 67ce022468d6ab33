import type { Cause } from '../core/outcome.js';
import type { CheckOutcome, LedgerEntry, WaitRecord } from '../core/events.js';
import type { Budget } from '../core/run-info.js';

/**
 * The small protocol between test workers and the run's hub in the main process, served by each
 * target's pacing proxy under PATH_PREFIX (never forwarded to the target). Workers are threads of
 * one run: anything they must agree on (a fixture made once, who may start now) and everything
 * they report (check outcomes, ledger entries) goes to the hub, which alone writes the journal.
 */

export const PATH_PREFIX = '/__conformance/';

export type { Budget };

export const noBudget: Budget = { get: 0, write: 0 };

/** Answer to a claim of a shared task: run it, take its settled value, or ask again. */
export type ClaimAnswer =
  | { role: 'run' }
  | { role: 'done'; value: unknown }
  | { role: 'failed'; error: string; kind: FailureKind; cause?: Cause }
  | { role: 'wait' };

/** How a shared task failed; its consumers end the same way (a skip skips them, a bug fails them). */
export type FailureKind = 'skip' | 'inconclusive' | 'transport' | 'error';

export interface SettleRequest {
  key: string;
  value?: unknown;
  error?: string;
  kind?: FailureKind;
  /** The typed cause of a skip or an inconclusive end, passed on to every consumer. */
  cause?: Cause;
  /** Reads of the task that waited for its own writes to show. */
  waits?: WaitRecord[];
  /** Shared tasks this task itself claimed (keys), so a plan can count what a fixture pulls in. */
  uses?: string[];
}

export interface AdmitRequest {
  /** The check key (clause and variant), also the pacing tag of its requests. */
  check: string;
  budget: Budget;
}

/** `interrupted`: the run is stopping; the check must not start. */
export type AdmitAnswer =
  | {
      /** Milliseconds the check may take from now, from the plan's backlog and its own budget. */
      deadlineMs: number;
      /** Admission order; the pacer serves earlier admissions first. */
      order: number;
      interrupted?: undefined;
    }
  | { interrupted: true; deadlineMs?: undefined; order?: undefined };

export interface RegisterRequest {
  key: string;
  name: string;
  file: string;
  selected: boolean;
  /** What the check needs (`write`…): a read-only plan leaves out what read-only mode skips. */
  needs?: string[];
}

/**
 * A wait that ended (what it taught about the target's lag), or nothing: the answer is the lag the
 * run has learned so far, over every worker (harness/eventually.ts LagMemory).
 */
export interface LagRequest {
  seen?: { shown: boolean; afterMs: number; reads: number };
}

export interface LagAnswer {
  learnedMs: number;
}

/** What a worker reports; the hub journals it and answers once it is written (ledger entries: fsynced). */
export type Report =
  | { kind: 'register'; checks: RegisterRequest[] }
  | { kind: 'outcome'; outcome: CheckOutcome }
  | { kind: 'ledger'; entries: Omit<LedgerEntry, 'target'>[] }
  | { kind: 'run-error'; message: string };
