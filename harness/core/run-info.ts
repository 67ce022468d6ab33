import type { Selection } from './events.js';
import type { Profile } from './profile.js';

/** One server the checks run against. Several exist only in the fault self-check. */
export interface TargetInfo {
  /** 'main' for a normal run; the fault id in the self-check. */
  id: string;
  label: string;
  kind: 'embedded' | 'live';
  fault?: string;
  /** The token comes from PARTNER_ID/AUTH_KEY (login), not ACCESS_TOKEN. */
  loggedIn?: boolean;
  /** Where workers send requests: the pacing proxy, which also serves the run's hub. */
  baseUrl: string;
  /** The server's own base URL, shown in curl lines and reports. */
  publicUrl: string;
  /** The run's in-process coordination channel (harness/coordination/channel.ts); HTTP to baseUrl without it. */
  coordinationChannel?: string;
  /** What makes two runs the same target: the live URL, or the embedded mock and its data seed. */
  identity: string;
  token: string;
  tokenNoPo?: string;
  /** A correctly signed but expired token: the embedded mock mints one; live, ACCESS_TOKEN_EXPIRED. */
  expiredToken?: string;
  companyId: string;
  otherCompanyId?: string;
  /** OTHER_COMPANY_ID was set but the preflight could not show it exists: why (its checks are skipped with it). */
  otherCompanyUnproven?: string;
  locationId?: string;
  /** SECOND_LOCATION_ID: another location of the company where the run may set levels of its own items. */
  secondLocationId?: string;
  customerId?: string;
}

/** Requests of each rate-limit class a check or a shared task is expected to send. */
export interface Budget {
  get: number;
  write: number;
}

export interface PlanEstimate {
  checks: number;
  sharedTasks: number;
  get: number;
  write: number;
  /** max(GETs ÷ GET rate, writes ÷ write rate): no run can be faster under the limits. */
  lowerBoundMs: number;
  /**
   * Checks the selection registers (its files and pattern, outside left-out areas): `checks` of them
   * run, the others are skipped by their needs (read-only) or refused creates (below).
   */
  registered?: number;
  /**
   * Appointment requests the selection would leave on the target (§3: no archive), learned with the
   * budgets; `refused`: a live target without --allow-unarchivable, so those creates are not sent.
   */
  unarchivable?: { records: number; refused: boolean };
}

export interface Plan {
  budgets: Record<string, Budget>;
  estimate: PlanEstimate;
  /**
   * Keys of the checks the selection registers, as the budgets know them (new checks register at load),
   * those the estimate leaves out (skipped by needs, refused creates) too: the tables count them as skipped.
   */
  keys: string[];
}

/** The marker every record of a run carries, and every check's marker extends. */
export const markerOf = (runId: string) => `cnf-${runId}`;

/** Everything the main process hands to the test workers (vitest's provide/inject). Workers write no files. */
export interface RunInfo {
  runId: string;
  /** Carried by every record the run creates, in a free-text field. */
  marker: string;
  seed: number;
  numRuns: number;
  mode: 'full' | 'readonly';
  /**
   * Whether creates that leave a record without an archive (appointment requests, §3) may be sent:
   * refused against a live target unless --allow-unarchivable; the embedded mock always allows them.
   */
  unarchivable?: 'allowed' | 'refused';
  requestTimeoutMs: number;
  /** CONSISTENCY_WINDOW_MS: the longest a read after the run's own write waits for it to show. */
  consistencyWindowMs: number;
  /** Workers' timeout towards the pacing proxy, which may queue and retry a request (harness/pacing). */
  clientTimeoutMs: number;
  maxConcurrency: number;
  profile: Profile;
  targets: TargetInfo[];
  startedAt: string;
  /** Rate-limited target: checks keep to the requests their clause needs (fewer property runs, sampled matrices). */
  frugal: boolean;
  /** Learned request budgets and the run's estimate (harness/run/plan.ts). */
  plan: Plan;
  /** What the run selected; a check outside it (a left-out area) registers as not selected. */
  selection: Selection;
  /** A check that judged nothing ends inconclusive instead of passing. */
  requireEvidence: boolean;
}

declare module 'vitest' {
  export interface ProvidedContext {
    run: RunInfo;
  }
}
