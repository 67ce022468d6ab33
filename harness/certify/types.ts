import type { ClauseId } from '../../contract/clauses.js';
import type { CoverageSummary } from '../../contract/coverage.js';
import type { UnitOperatorSummary } from '../../contract/operator-kills.js';
import type { Clause } from '../../contract/clause.js';
import type {
  CheckOutcome,
  LedgerReport,
  RunFacts,
  Selection,
  Shard,
  TargetFacts,
  TrafficReport,
} from '../core/events.js';
import type { Cause, ClauseVerdict, PartialJudgement, RunVerdict } from '../core/outcome.js';

export type { ClauseVerdict, RunVerdict };
export { clauseVerdicts } from '../core/outcome.js';

/** One check as the certificate shows it (its clause and target are the enclosing clause's). */
export type CheckReport = Omit<CheckOutcome, 'clause' | 'target'>;

export interface ClauseReport extends Clause {
  id: ClauseId;
  verdict: ClauseVerdict;
  reason?: string;
  /** Why it is inconclusive, not judged or skipped, typed (the certificate counts causes by kind). */
  cause?: Cause;
  /**
   * A passed clause judged on part of its cases: what its checks could not judge (ctx.partial), and
   * its checks that were skipped while others passed. Said in its row and in the headline.
   */
  partial?: PartialJudgement[];
  checks: CheckReport[];
}

/** A strict clause of the selection that the run did not judge in full, with what would let it. */
export interface ScopeGap {
  clause: string;
  /** What was not judged and why: the skip's reason, or the part left. */
  why: string;
  /** The setting that lets a run judge it (missing, or given and unusable). */
  setting?: string;
}

/** How an interrupted run ended. */
export interface Interruption {
  /** SIGINT (Ctrl-C) or SIGTERM. */
  signal: string;
  /** When the signal came (ISO 8601). */
  at: string;
  /** Checks that ended before the signal; every other check did not run. */
  checksFinished: number;
  /** What the run created and archived before leaving (ledger.json lists the records). */
  records?: LedgerSummary;
}

/** What the run covered of the catalogue, stated wherever its verdict is. */
export interface Scope {
  /** True only for a run of every check (one unsharded run, or every shard merged), in full mode, no area left out. */
  complete: boolean;
  /** The selection left checks out (a pattern, paths, a shard, an area): nothing it says covers the rest. */
  narrowed: boolean;
  selection: Selection;
  /** Clauses of the catalogue, and how many the selection held a check of. */
  clauses: { total: number; selected: number };
  /** Strict, testable clauses the run did not exercise (not run, or skipped in read-only mode). */
  strictNotExercised: number;
  /**
   * Strict clauses not judged because the spec does not show what they need and the profile's guess
   * was refused, each with the CONFORMANCE_PROFILE key that would let it run: the certificate does
   * not cover them, so the run is PASSED (partial), never CONFORMANT.
   */
  notJudged: { clause: string; profileKey: string }[];
  /**
   * Strict clauses of the selection skipped for what the run lacked (a setting, data of the kind),
   * outside what read-only mode and a narrowed selection already say: CONFORMANT then names them.
   */
  notExercised: ScopeGap[];
  /** Strict clauses that passed on part of their cases (ClauseReport.partial), one gap per part. */
  partial: ScopeGap[];
  /** One line: `partial: 9 of 120 clauses; -t '^AUTH-'`, `read-only: 41 strict clauses not exercised`; absent when complete. */
  note?: string;
}

/** A failure whose exchange has a body cut in exchanges.har (over HAR_BODY_LIMIT). */
export interface EvidenceCut {
  clause: string;
  /** The check's key (`CLAUSE [variant]`). */
  check: string;
  /** The exchange the failure cites. */
  exchange: string;
  requestBytesCut?: number;
  responseBytesCut?: number;
}

/** Figures of the run's traffic, from the journal: every exchange of every shard, counted once. */
export interface Traffic {
  /** Exchanges journaled, by owner: the checks themselves, shared fixtures, preflight, cleanup. */
  exchanges: { total: number; checks: number; shared: number; preflight: number; cleanup: number };
  /** Requests the target answered with 429. */
  answered429: number;
  retries: number;
  /** The pacing proxies' counters, one per run (several after a merge). */
  pacing: TrafficReport[];
}

/** Reads after the run's own writes that waited for them to show. */
export interface Visibility {
  waits: number;
  /** Waits whose write showed, and the longest time one took. */
  shown: number;
  slowestMs: number;
  /** Waits that ended at the consistency window without the write showing. */
  notShown: number;
}

export interface RunBudget {
  limits: { getPerMin: number; writePerMin: number };
  planned: RunFacts['planned']['plan'];
  actual?: { get: number; write: number; lowerBoundMs: number; wallMs: number; answered429: number };
}

/** The cleanup's counts, summed over shards; `withoutArchive` of the leftovers have no documented archive (§3). */
export type LedgerSummary = LedgerReport['summary'] & { withoutArchive: number };

export interface Certification {
  schemaVersion: 3;
  /** The harness that judged: version and git commit (null outside a checkout), and whether it had local changes. */
  harness: { name: string; version: string; commit?: string | null; modified?: boolean };
  spec: { file: string; sha256: string | null };
  target: TargetFacts;
  /** The run (or, after a merge, the shards) this certification was built from. */
  run: { runId: string; shard?: Shard; mergedFrom?: { runId: string; shard?: Shard }[] };
  /** Secret-free configuration. */
  config?: RunFacts['config'];
  startedAt: string;
  finishedAt: string;
  seed: number;
  mode: 'full' | 'readonly';
  numRuns: number;
  verdict: RunVerdict;
  /** The verdict as every output prints it, with the scope when the run was not complete: `PASSED (partial: …)`. */
  headline: string;
  scope: Scope;
  /** Why the verdict is inconclusive or interrupted, when it is. */
  verdictCause?: string;
  interrupted?: Interruption;
  warnings?: string[];
  /**
   * Failures whose cited exchange exchanges.har holds cut (a body over HAR_BODY_LIMIT): their evidence
   * is not whole in the bundle. Absent when none is.
   */
  evidenceCut?: EvidenceCut[];
  /** Clauses per verdict, all of them. */
  summary: Record<ClauseVerdict, number>;
  /** Strict, testable clauses per verdict: these alone decide the run. */
  strictSummary: Record<ClauseVerdict, number>;
  /** Checks per verdict. */
  checkSummary: Record<CheckOutcome['verdict'], number>;
  traffic: Traffic;
  visibility: Visibility;
  ledger?: LedgerSummary;
  /**
   * How the spec's normative sentences are accounted for by the catalogue (contract/traceability.ts),
   * as the run journaled it when it started.
   */
  /** `operators`: the harness's self-check figures, in certificates before issue 36 only (read, never written). */
  coverage?: CoverageSummary & { spec: 'matched' | 'absent'; operators?: UnitOperatorSummary };
  /** The request budget the run planned under the limits, and what it used. */
  budget?: RunBudget;
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
