import type { CoverageSummary } from '../../contract/coverage.js';
import type { UnitOperatorSummary } from '../../contract/operator-kills.js';
import type { CheckOutcome, Observation, WaitRecord } from './outcome.js';

export type { CheckOutcome, Observation, WaitRecord };

/**
 * The run's journal: one append-only file of these events, written only by the main process
 * (harness/run/hub.ts), fsynced. Everything the certificate says is a pure function of it
 * (harness/certify/certify.ts); merging shards is concatenating their journals.
 */

/** Which slice of the checks a run covered (--shard i/n). */
export interface Shard {
  index: number;
  count: number;
}

export const shardLabel = (s: Shard) => `${s.index}/${s.count}`;

export function parseShard(text: string): Shard | undefined {
  const m = /^(\d+)\/(\d+)$/.exec(text);
  if (!m) return undefined;
  const index = Number(m[1]);
  const count = Number(m[2]);
  return index >= 1 && count >= 1 && index <= count ? { index, count } : undefined;
}

/**
 * What a run set out to check. A run whose selection is not the whole catalogue (a -t pattern,
 * suite paths, an unmerged shard, read-only mode, an area left out) never certifies the whole API.
 */
export interface Selection {
  /** -t: a regular expression over check names. */
  pattern?: string;
  /** Suite paths given on the command line. */
  paths?: string[];
  shard?: Shard;
  mode: 'full' | 'readonly';
  /** Catalogue areas left out on purpose, with why (e.g. the token lacks the Purchase Orders permission). */
  skippedAreas?: { area: string; why: string }[];
}

/** Where the run went, without secrets. Shards of one seed against the embedded mock share one identity. */
export interface TargetFacts {
  /** The address shown in reports: the live BASE_URL, or the embedded mock's loopback URL of this run. */
  url: string;
  kind: 'embedded' | 'live';
  /** What makes two runs the same target: the live URL, or `embedded-mock (data seed N)`. */
  identity: string;
  companyId: string;
  otherCompanyId?: string;
  locationId?: string;
  secondLocationId?: string;
  customerId?: string;
}

export interface PlanFacts {
  checks: number;
  sharedTasks: number;
  get: number;
  write: number;
  /** max(GETs ÷ GET rate, writes ÷ write rate): no run can be faster under the limits. */
  lowerBoundMs: number;
  /** Checks the selection registers; those not in `checks` are skipped by needs or refused creates. */
  registered?: number;
  /** Appointment requests (no archive, §3) the selection would leave; refused on a live -t/path run without the flag. */
  unarchivable?: { records: number; refused: boolean };
}

/** How the spec's normative sentences are accounted for by the catalogue, against the spec the run judged. */
/** `operators`: spec unit × operator from contract/operator-kills.json (absent when the file is). */
export type SpecCoverage = CoverageSummary & { spec: 'matched' | 'absent'; operators?: UnitOperatorSummary };

/**
 * Everything about a run the certificate needs, and nothing secret (persisted as run.json too).
 * The certificate is a function of the journal alone: whatever it shows is stated here when the run
 * starts (the spec's hash and coverage included), with paths relative to the harness's root.
 */
export interface RunFacts {
  runId: string;
  /** The harness's version and git commit (null outside a checkout; absent in older journals). */
  harness: { name: string; version: string; commit?: string | null; modified?: boolean };
  /** The spec judged against: its path relative to the harness's root, and its sha256 (null when absent). */
  spec: { file: string; sha256: string | null };
  /** The spec coverage, computed when the run started (absent in journals older than schemaVersion 3). */
  coverage?: SpecCoverage;
  target: TargetFacts;
  startedAt: string;
  seed: number;
  numRuns: number;
  mode: 'full' | 'readonly';
  selection: Selection;
  /** The checks the selection holds, by key, as planned before any ran. */
  planned: { keys: string[]; plan: PlanFacts };
  limits: {
    getPerMin: number;
    writePerMin: number;
    maxConcurrency: number;
    requestTimeoutMs: number;
    consistencyWindowMs: number;
  };
  /** The user's configuration, secrets shown only as set / not set. */
  config?: Record<string, string | number | null>;
  /** Where each setting came from (flag, environment, env file, config file, default), by name; never a value. */
  configSources?: Record<string, string>;
  /** Settings the run fell back on that a reader should know. */
  warnings: string[];
}

/** One exchange as the pacing proxy forwarded it, already redacted and with bodies clipped. */
export interface RecordedExchange {
  id: string;
  /** The check key (`CLAUSE [variant]`), `shared:<key>`, `preflight` or `cleanup`. */
  owner: string;
  target: string;
  startedAt: string;
  method: string;
  /** The target's own address (never the local proxy's). */
  url: string;
  requestHeaders: Record<string, string>;
  requestBody?: string;
  status?: number;
  responseHeaders?: Record<string, string>;
  responseBody?: string;
  durationMs?: number;
  /** Of durationMs: the time at the target (every attempt), and the rest, in the run's own queue and retry backoff. */
  serverMs?: number;
  blockedMs?: number;
  /** Bytes left out of a body longer than HAR_BODY_LIMIT. */
  truncated?: { request?: number; response?: number };
  retries?: number;
  /** Why no answer came (transport failure after retries, read-only refusal). */
  error?: string;
}

/** Resources the run can create and must archive again (§3 archive transitions). */
export type Resource = 'vehicle' | 'item' | 'customer' | 'appointmentRequest';

/**
 * How to find a record the run created when no answer gave its id: the documented fields the run
 * made unique, as it sent them (a vehicle's vin and licensePlate, an item's itemNumber), and the
 * documented filters that narrow the search (the owning customer).
 */
export interface RecordLocator {
  keys: Record<string, string>;
  customerId?: string;
}

export interface LedgerEntry {
  /**
   * `created` may come before the write is sent (by its locator, so a worker stopped while the
   * write is in flight loses nothing); `withdrawn` then follows when the write was refused.
   */
  event: 'created' | 'archived' | 'withdrawn';
  resource: Resource;
  /** Absent when the write answer showed no id and the record was not located yet. */
  id?: string;
  locator?: RecordLocator;
  /** Ledgered before its create was sent: the create may never have reached the target. */
  beforeWrite?: true;
  target: string;
  marker: string;
  /** Needed to archive a vehicle (§4.1 PATCH takes vehicleId and customerId). */
  customerId?: string;
  /** Set when the record belongs to another company than the target's COMPANY_ID. */
  companyId?: string;
  at: string;
}

/** One record the run created, as the cleanup settles it. */
export interface LedgerRecord {
  target: string;
  resource: Resource;
  id?: string;
  locator?: RecordLocator;
  companyId: string;
  customerId?: string;
  marker: string;
  createdAt: string;
  /** Known only by a locator ledgered before its create was sent: the create may or may not have reached the target. */
  unconfirmed?: true;
}

/** What the cleanup did with the run's records (ledger.json). */
export interface LedgerReport {
  runId: string;
  marker: string;
  mode: 'full' | 'readonly';
  generatedAt: string;
  /** Why the ledger was settled: 'end of run', or the signal that interrupted it. */
  trigger: string;
  summary: {
    created: number;
    archivedByChecks: number;
    archivedByCleanup: number;
    leftovers: number;
    ignoredForeign?: number;
    /** Creates that may have reached the target and that reads after the consistency window show were never made. */
    neverCreated?: number;
  };
  created: LedgerRecord[];
  archivedByChecks: LedgerRecord[];
  archivedByCleanup: LedgerRecord[];
  leftovers: (LedgerRecord & { reason: string })[];
  /** Not in `created`: what was looked for by its locator after the consistency window, and shown absent. */
  neverCreated?: (LedgerRecord & { reason: string })[];
}

/** Run-level counters of the pacing proxy, written to reports/pacing.json at the end of the run. */
export interface TrafficReport {
  /** Requests the workers and the cleanup asked for. */
  requests: number;
  /** The same, by rate-limit class. */
  requestsByClass: { get: number; write: number };
  /** Attempts sent to the target (requests plus retries). */
  attempts: number;
  retries: number;
  /** Retries by cause: '429', '502', '503', '504', 'connection', 'timeout'. */
  retriesByReason: Record<string, number>;
  /** 429 answers received; zero when the harness's limits are within the target's. */
  rateLimitedAnswers: number;
  /** Requests that ended without an answer, by cause; each made its check inconclusive. */
  unanswered: Record<string, number>;
  /** Non-GET requests stopped by the read-only safety net. */
  refusedInReadonly: number;
  /** How often the target was declared down (consecutive attempts without any answer). */
  targetDownEvents: number;
  /** When it was first declared down (ISO 8601), if it was. */
  targetDownAt?: string;
  maxInFlight: number;
  /** How the pace followed the server's 429s: episodes that cut it, the fewest requests in flight and the lowest rate (a second) it came down to. */
  burst?: { cuts: number; lowestInFlight: number; lowestPerSecond?: number };
  /** Requests that waited for a rate-limit token or a free slot, and their total wait. */
  pacedRequests: number;
  pacedWaitMs: number;
  limits: { getPerMin: number; writePerMin: number; maxConcurrency: number; requestTimeoutMs: number };
}

export type JournalEvent =
  | { type: 'run-started'; at: string; run: RunFacts }
  /** A check registered at load time, selected or not (the console's totals, the certificate's not-run). */
  | {
      type: 'check-registered';
      at: string;
      runId: string;
      key: string;
      name: string;
      file: string;
      target: string;
      selected: boolean;
      needs?: string[];
    }
  | { type: 'exchange'; at: string; runId: string; exchange: RecordedExchange }
  | { type: 'check'; at: string; runId: string; outcome: CheckOutcome }
  | {
      type: 'shared';
      at: string;
      runId: string;
      key: string;
      target: string;
      ok: boolean;
      reason?: string;
      waits: WaitRecord[];
      /** Shared fixtures this one claimed itself (keys, without the 'shared:' prefix). */
      uses?: string[];
    }
  | { type: 'ledger'; at: string; runId: string; entry: LedgerEntry }
  /** Outside any check: a suite file that did not load, an unhandled error. */
  | { type: 'run-error'; at: string; runId: string; message: string }
  | { type: 'interrupted'; at: string; runId: string; signal: string }
  | { type: 'cleanup'; at: string; runId: string; ledger: LedgerReport }
  | { type: 'traffic'; at: string; runId: string; report: TrafficReport }
  | { type: 'run-ended'; at: string; runId: string };

export type EventOf<T extends JournalEvent['type']> = Extract<JournalEvent, { type: T }>;
