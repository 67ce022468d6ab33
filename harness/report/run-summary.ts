import type { Settings } from '../config.js';
import type { RunInfo } from '../run/run-info.js';

/** How an interrupted run ended. */
export interface Interruption {
  /** SIGINT (Ctrl-C) or SIGTERM. */
  signal: string;
  /** When the signal came (ISO 8601). */
  at: string;
  /** Checks that ended before the signal; every other check did not run. */
  checksFinished: number;
  /** What the run created and archived before leaving (ledger.json lists the records). */
  records?: { created: number; archivedByChecks: number; archivedByCleanup: number; leftovers: number };
}

/** Which slice of the checks a run covered (vitest --shard i/n). */
export interface Shard {
  index: number;
  count: number;
}

/**
 * Everything about a run that the reports need, and nothing secret: no tokens, no profile
 * internals. Persisted as reports/run.json so shards can be merged later on another machine.
 */
export interface RunSummary {
  runId: string;
  seed: number;
  numRuns: number;
  mode: 'full' | 'readonly';
  startedAt: string;
  target: {
    url: string;
    kind: 'embedded' | 'live';
    companyId: string;
    otherCompanyId?: string;
    locationId?: string;
    customerId?: string;
  };
  maxConcurrency: number;
  requestTimeoutMs: number;
  /** Set on a sharded run; a merged run lists the shards it was built from in `mergedFrom`. */
  shard?: Shard;
  mergedFrom?: { runId: string; shard?: Shard }[];
  /** The configuration the user gave, secrets shown only as set / not set. */
  config?: Record<string, string | number | null>;
  /** The spec the run judged against, hashed (absent in run.json files of older runs). */
  spec?: { file: string; sha256: string | null };
  /** The request budget before the run and what it took (under the live limits). */
  budget?: RunBudget;
  /** Settings the run fell back on (config warnings), shown in the certification. */
  warnings?: string[];
  /** Set when the run was interrupted: merge-reports then certifies nothing either. */
  interrupted?: Interruption;
}

export interface RunBudget {
  limits: { getPerMin: number; writePerMin: number };
  planned: { checks: number; sharedTasks: number; get: number; write: number; lowerBoundMs: number };
  actual?: { get: number; write: number; lowerBoundMs: number; wallMs: number; answered429: number };
}

export function parseShard(text: string): Shard | undefined {
  const m = /^(\d+)\/(\d+)$/.exec(text);
  if (!m) return undefined;
  const index = Number(m[1]);
  const count = Number(m[2]);
  return index >= 1 && count >= 1 && index <= count ? { index, count } : undefined;
}

export const shardLabel = (s: Shard) => `${s.index}/${s.count}`;

export function summarizeRun(run: RunInfo, extra: { shard?: Shard; config?: RunSummary['config']; warnings?: string[]; budget?: RunBudget } = {}, targetId = 'main'): RunSummary {
  const t = run.targets.find((x) => x.id === targetId) ?? run.targets[0]!;
  return {
    runId: run.runId,
    seed: run.seed,
    numRuns: run.numRuns,
    mode: run.mode,
    startedAt: run.startedAt,
    target: {
      url: t.publicUrl,
      kind: t.kind,
      companyId: t.companyId,
      otherCompanyId: t.otherCompanyId,
      locationId: t.locationId,
      customerId: t.customerId,
    },
    maxConcurrency: run.maxConcurrency,
    requestTimeoutMs: run.requestTimeoutMs,
    spec: run.spec,
    ...(extra.shard ? { shard: extra.shard } : {}),
    ...(extra.config ? { config: extra.config } : {}),
    ...(extra.budget ? { budget: extra.budget } : {}),
    ...(extra.warnings?.length ? { warnings: extra.warnings } : {}),
  };
}

const presence = (v: string | undefined) => (v ? 'set' : 'not set');

/** The user's configuration for the report: public values as given, credentials only as set / not set. */
export function configSummary(s: Settings): Record<string, string | number | null> {
  return {
    BASE_URL: s.baseUrl ?? null,
    COMPANY_ID: s.companyId ?? null,
    LOCATION_ID: s.locationId ?? null,
    CUSTOMER_ID: s.customerId ?? null,
    OTHER_COMPANY_ID: s.otherCompanyId ?? null,
    CONFORMANCE_MODE: s.mode,
    SEED: s.seed,
    NUM_RUNS: s.numRuns,
    MAX_CONCURRENCY: s.maxConcurrency,
    REQUEST_TIMEOUT_MS: s.requestTimeoutMs,
    CONSISTENCY_WINDOW_MS: s.consistencyWindowMs,
    RATE_LIMIT_GET_PER_MIN: s.rateLimitGetPerMin,
    RATE_LIMIT_WRITE_PER_MIN: s.rateLimitWritePerMin,
    CONFORMANCE_PROFILE: s.profileFile ?? null,
    ACCESS_TOKEN: presence(s.accessToken),
    ACCESS_TOKEN_NO_PO: presence(s.accessTokenNoPo),
    ACCESS_TOKEN_EXPIRED: presence(s.accessTokenExpired),
    PARTNER_ID: presence(s.partnerId),
    AUTH_KEY: presence(s.authKey),
  };
}
