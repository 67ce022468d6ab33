import type { ClauseId } from '../../contract/clauses.js';
import type { ApiClient, ApiResponse } from '../client.js';
import type { CoordinationClient } from '../coordination/client.js';
import type { Observation, WaitRecord } from '../core/events.js';
import type { Cause, PartialJudgement } from '../core/outcome.js';
import type { Profile } from '../core/profile.js';
import type { RunInfo, TargetInfo } from '../core/run-info.js';
import type { Deadline } from './deadline.js';
import type { Wait } from '../eventually.js';
import type { HubReports } from './hub-reports.js';
import type { Ledger } from './ledger.js';

/** What a check needs from the target or the mode; an unmet need skips the check with a reason. */
export type Need = 'write' | 'tokenNoPo' | 'otherCompany' | 'customer' | 'location';

export interface CheckOptions {
  /** Tells several checks of one clause apart, e.g. 'labor' / 'discount' / 'fee'. */
  variant?: string;
  needs?: readonly Need[];
  /** Time the check may take once admitted; the plan decides it when absent. */
  timeoutMs?: number;
}

export type { Observation };

/** What a check gathers while it runs; the wrapper turns it into the outcome it reports. */
export interface CheckMeta {
  clause: ClauseId;
  variant?: string;
  target: string;
  observations: Observation[];
  /** Parts of its cases the check could not judge (ctx.partial). */
  partial: PartialJudgement[];
  /** Requests the check sent itself (shared fixtures are counted once, apart). */
  requests: number;
  retries: number;
  /** What the check judged, e.g. '12 records inside the window'; empty means it saw nothing. */
  evidence: string[];
  /** Shared fixtures the check used (their requests are budgeted once, apart). */
  shared: string[];
  /** Reads after the run's own writes that waited for them to show (ctx.eventually). */
  waits: WaitRecord[];
  /** Exchanges of shared fixtures the check judged. */
  cited: { id: string; from: string }[];
}

/** The key a check is known by in plans, budgets, the journal and the certificate: clause id plus variant. */
export const checkKey = (clause: string, variant?: string) => (variant ? `${clause} [${variant}]` : clause);

/**
 * What every piece of check code gets: a recorded, paced client and the run's facts. Shared
 * fixtures get the same context as checks, so one helper serves both.
 */
export interface CheckContext {
  /** Client with the full token, paced and recorded. */
  api: ApiClient;
  /** The same client with another credential; null sends none. */
  as(token: string | null): ApiClient;
  target: TargetInfo;
  run: RunInfo;
  profile: Profile;
  companyId: string;
  /** Unique per check (or shared fixture); put it in a free-text field of every record created. */
  marker: string;
  seed: number;
  numRuns: number;
  /** True under rate limits: checks keep to the requests their clause needs (live runs). */
  frugal: boolean;
  ledger: Ledger;
  observe(name: string, value: unknown): void;
  /**
   * The check judges part of its cases only (a credential probed on some endpoints, one of two
   * requests refused, no second location): the clause's row and the headline say which part, and
   * `setting` names what would let a run judge the rest. Never an observation: it is about the run.
   */
  partial(judged: string, left: string, setting?: string): void;
  /**
   * Records what the check judged. A check passes only when it saw something: one that judged
   * nothing ends inconclusive, never passed.
   */
  saw(count: number, what: string): void;
  /** Not applicable here; `why` types the cause (a missing optional setting: the headline names it). */
  skip(reason: string, why?: Cause): never;
  /** Not judged, with why: `why` types the cause (a precondition, an answer that cannot be judged); no evidence by default. */
  inconclusive(reason: string, why?: Cause): never;
  /**
   * The profile's guess of something the spec does not show (a body, a parameter name) was refused:
   * the clause is not judged, and `profileKey` (e.g. `customers.createBody`) says what to set.
   */
  guessRefused(profileKey: string, reason: string): never;
  /**
   * Reads after the run's own write until `shows` holds, within CONSISTENCY_WINDOW_MS (or
   * `o.windowMs`): lists, filters and searches may lag a write, and a 202 may be applied later.
   * The first read that shows the write ends the wait; an absence counts only after the window.
   * Each wait is recorded (what, reads, how long the write took to show).
   */
  /** `writtenAt`: when the write was sent (Date.now()), where the wait starts well after it. */
  eventually<T>(
    what: string,
    read: () => Promise<T>,
    shows: (value: T) => boolean,
    o?: { windowMs?: number; writtenAt?: number },
  ): Promise<Wait<T>>;
  /** The value, or inconclusive with the reason when it is missing (a failed precondition). */
  need<T>(value: T, reason: string): NonNullable<T>;
  /**
   * A value made once per target and run, whichever check asks first (fixtures, shared reads).
   * Its exchanges are journaled once; a check cites those it judges with `cite`.
   */
  shared<T>(key: string, make: (ctx: CheckContext) => Promise<T>): Promise<T>;
  /** Keeps a response of a shared fixture as this check's evidence (its own responses need not be cited). */
  cite(...responses: (ApiResponse | undefined)[]): Promise<void>;
}

export interface ContextParts {
  run: RunInfo;
  target: TargetInfo;
  meta: CheckMeta;
  /** Pacing tag and owner of the exchanges: the check key, or 'shared:<key>'. */
  tag: string;
  coordination: CoordinationClient;
  reports: HubReports;
  /** The check's own time; it stops while the check waits for a shared fixture. */
  deadline?: Deadline;
  /** Exchange ids of responses a shared task received (what its consumers may cite). */
  received?: string[];
}
