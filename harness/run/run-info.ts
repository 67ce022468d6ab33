import type { Profile } from '../profile.js';
import type { Plan } from './plan.js';

/** One server the checks run against. Several exist only in the fault self-check. */
export interface TargetInfo {
  /** 'main' for a normal run; the fault id in the self-check. */
  id: string;
  label: string;
  kind: 'embedded' | 'live';
  fault?: string;
  /** The token comes from PARTNER_ID/AUTH_KEY (login), not ACCESS_TOKEN. */
  loggedIn?: boolean;
  /** Where workers send requests: the pacing proxy, or the server itself. */
  baseUrl: string;
  /** The server's own base URL, shown in curl lines and reports. */
  publicUrl: string;
  token: string;
  tokenNoPo?: string;
  /** A correctly signed but expired token: the embedded mock mints one; live, ACCESS_TOKEN_EXPIRED. */
  expiredToken?: string;
  companyId: string;
  otherCompanyId?: string;
  locationId?: string;
  customerId?: string;
}

/** Everything the main process hands to the test workers (via vitest provide/inject). */
export interface RunInfo {
  runId: string;
  /** Carried by every record the run creates, in a free-text field. */
  marker: string;
  seed: number;
  numRuns: number;
  mode: 'full' | 'readonly';
  requestTimeoutMs: number;
  /** CONSISTENCY_WINDOW_MS: the longest a read after the run's own write waits for it to show. */
  consistencyWindowMs: number;
  /** Workers' timeout towards the pacing proxy, which may queue and retry a request (harness/pacing). */
  clientTimeoutMs?: number;
  maxConcurrency: number;
  /** REPORTS_DIR: where the run's outputs are published when it ends. */
  reportsDir: string;
  /** The run's own scratch directory for worker-to-main files (ledger, exchanges, raw results): REPORTS_DIR/.runs/<runId>/work. */
  runDir: string;
  /** Where the run stages its outputs until they are published together: REPORTS_DIR/.runs/<runId>/out. */
  stageDir: string;
  profile: Profile;
  /** Emit Allure steps and labels (off in the fault self-check, which needs speed). */
  allure: boolean;
  targets: TargetInfo[];
  startedAt: string;
  /** Rate-limited target: checks keep to the requests their clause needs (fewer property runs, sampled matrices). */
  frugal: boolean;
  /** Learned request budgets and the run's estimate (harness/run/plan.ts). */
  plan: Plan;
  /** A check that judged nothing ends inconclusive instead of passing. */
  requireEvidence: boolean;
  /** The spec the run judges against, and its sha256 (null when the file is absent). */
  spec: { file: string; sha256: string | null };
}

declare module 'vitest' {
  export interface ProvidedContext {
    run: RunInfo;
  }
}
