import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { jwtExpiryMs } from '../auth/jwt.js';
import { LoginSession, staticToken, type TokenSource } from '../auth/session.js';
import type { Settings } from '../config.js';
import { ConfigError } from '../errors.js';
import type { LedgerReport } from '../cleanup.js';
import { startPacing, type Pacing, type RealTarget } from '../pacing/index.js';
import { loadProfile } from '../profile.js';
import { specInfo } from '../report/certification.js';
import type { ReportsLock } from '../report/lock.js';
import { removeIfEmpty, RUNS_DIR, type Scratch } from '../report/publish.js';
import { claimReportsDir } from '../report/reports-dir.js';
import { redact } from '../redact.js';
import { startEmbedded, liveTarget } from '../target.js';
import { endOfRun, guardSignals } from './end-run.js';
import { makePlan, readBudgets } from './plan.js';
import { preflight, type PreflightFacts } from './preflight.js';
import type { RunInfo } from './run-info.js';

export interface RunOptions {
  settings: Settings;
  /** Fault ids: the self-check runs every check against one mock per fault, beside the conforming one. */
  faults?: readonly string[];
  /** Emit Allure steps and labels (the CLI's runs; off in the self-check, which needs speed). */
  allure?: boolean;
  /** Keep to the requests a clause needs; defaults to true under rate limits. */
  frugal?: boolean;
  /** Which checks the run selects (`-t`), so the plan counts only those. */
  pattern?: string;
  /** Share of the checks in this shard (1 without sharding), for the estimate. */
  shardShare?: number;
  /** A check that judged nothing ends inconclusive (default); off only for self-tests of the wrapper. */
  requireEvidence?: boolean;
  /** Who takes REPORTS_DIR's lock, for the message a second run gets: 'conformance', 'vitest', 'selfcheck'. */
  purpose?: string;
}

export interface StartedRun {
  info: RunInfo;
  settings: Settings;
  pacing: Pacing;
  preflight?: PreflightFacts;
  /** REPORTS_DIR's lock, held from the start of the run to close(). */
  lock: ReportsLock;
  /** The run's own scratch directory: work/ (workers' files) and out/ (staged outputs). */
  scratch: Scratch;
  /** What the start found and settled in REPORTS_DIR (a stale lock, a publication left halfway), for the console. */
  notes: string[];
  /** Archives what the run created, stages ledger.json, exchanges.har and pacing.json, stops everything. Once. */
  finish(): Promise<LedgerReport | undefined>;
  /**
   * Work to do when Ctrl-C or SIGTERM interrupts the run, after finish() and before the process
   * exits with 130 or 143 (the CLI publishes the interrupted run's outputs here).
   */
  onInterrupt(fn: (signal: string, ledger: LedgerReport | undefined) => Promise<void> | void): void;
  /** Releases REPORTS_DIR and removes the scratch directory (kept with keepScratch, e.g. to read its results). Once. */
  close(o?: { keepScratch?: boolean }): void;
}

/** The longest a single request may wait in the pacing queue: the whole planned run, with room to spare. */
const queueBudgetMs = (lowerBoundMs: number) => (lowerBoundMs > 0 ? 2 * lowerBoundMs + 120_000 : 0);

/** The access token of a live target: ACCESS_TOKEN, or a login session (PARTNER_ID, AUTH_KEY). Also used by `npm run cleanup`. */
export async function tokenFor(settings: Settings): Promise<TokenSource> {
  const expiry = settings.accessToken ? jwtExpiryMs(settings.accessToken) : undefined;
  if (expiry !== undefined && expiry <= Date.now()) throw new ConfigError(`ACCESS_TOKEN expired at ${new Date(expiry).toISOString()}`);
  if (settings.accessToken) return staticToken(settings.accessToken);
  return LoginSession.start({
    baseUrl: settings.baseUrl!,
    partnerId: settings.partnerId!,
    authKey: settings.authKey!,
    loginPath: settings.authLoginPath,
    refreshPath: settings.authRefreshPath,
    timeoutMs: settings.requestTimeoutMs,
    log: (line) => console.error(redact(line)),
  });
}

/**
 * Starts a run: the target (embedded mocks, or the live target after logging in), the pacing
 * proxies, the plan, and the preflight. Throws ConfigError (exit 2) or PreflightInconclusive
 * (exit 3) after stopping whatever it started.
 */
export async function startRun(o: RunOptions): Promise<StartedRun> {
  const { settings } = o;
  const profile = loadProfile(settings.profileFile);
  const runId = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  // First of all: a second run on the same REPORTS_DIR stops here, before it starts anything.
  const { lock, scratch, notes } = claimReportsDir(settings.reportsDir, runId, o.purpose ?? 'conformance');
  const runDir = scratch.work;
  const release = () => {
    lock.release();
  };

  const faults = [...(o.faults ?? [])];
  let real: RealTarget[];
  const stops: (() => Promise<void>)[] = [];
  const tokens: TokenSource[] = [];
  try {
    if (settings.baseUrl) {
      const token = await tokenFor(settings);
      tokens.push(token);
      real = [liveTarget(settings, token)];
    } else {
      const embedded = await startEmbedded(faults.length ? [undefined, ...faults] : [undefined]);
      real = embedded.targets;
      stops.push(embedded.stop);
    }
  } catch (err) {
    for (const t of tokens) t.stop();
    release();
    throw err;
  }
  const limits = { getPerMin: settings.rateLimitGetPerMin, writePerMin: settings.rateLimitWritePerMin };
  const frugal = o.frugal ?? (limits.getPerMin > 0 || limits.writePerMin > 0);
  const plan = makePlan(readBudgets(), limits, { pattern: o.pattern, share: o.shardShare });
  // Every worker request goes through the pacing proxy in this process (rate, concurrency, retries, tokens).
  const pacing = startPacing({
    ...limits,
    maxConcurrency: settings.maxConcurrency,
    requestTimeoutMs: settings.requestTimeoutMs,
    readonly: settings.mode === 'readonly',
    queueBudgetMs: queueBudgetMs(plan.estimate.lowerBoundMs),
  });
  const stopAll = async () => {
    for (const t of tokens) t.stop();
    await pacing.close();
    for (const stop of stops) await stop();
  };
  let info: RunInfo;
  let facts: PreflightFacts | undefined;
  try {
    const targets = await Promise.all(real.map((t) => pacing.route(t)));
    info = {
      runId,
      marker: `cnf-${runId}`,
      seed: settings.seed,
      numRuns: faults.length ? Math.min(settings.numRuns, 10) : settings.numRuns,
      mode: settings.mode,
      requestTimeoutMs: settings.requestTimeoutMs,
      consistencyWindowMs: settings.consistencyWindowMs,
      clientTimeoutMs: pacing.budgetMs + 5_000,
      maxConcurrency: settings.maxConcurrency,
      reportsDir: settings.reportsDir,
      runDir,
      stageDir: scratch.stage,
      profile,
      allure: (o.allure ?? false) && faults.length === 0,
      targets,
      startedAt: new Date().toISOString(),
      frugal,
      plan,
      requireEvidence: o.requireEvidence ?? true,
      spec: specInfo(settings.spec.file),
    };
    const main = targets.find((t) => t.id === 'main')!;
    facts = await preflight(main, { runDir, timeoutMs: info.clientTimeoutMs!, internalHeaders: pacing.internalHeaders });
  } catch (err) {
    await stopAll();
    release();
    throw err;
  }
  const finish = endOfRun({ info, pacing, tokens, stops });
  const interruptHandlers: ((signal: string, ledger: LedgerReport | undefined) => Promise<void> | void)[] = [];
  let closed = false;
  const close = (c: { keepScratch?: boolean } = {}) => {
    if (closed) return;
    closed = true;
    unguard();
    if (!c.keepScratch) {
      rmSync(scratch.root, { recursive: true, force: true });
      removeIfEmpty(join(settings.reportsDir, RUNS_DIR));
    }
    release();
  };
  const unguard = guardSignals(async (signal) => {
    const ledger = await finish(signal);
    for (const fn of interruptHandlers) {
      try {
        await fn(signal, ledger);
      } catch (err) {
        console.error(redact(`After ${signal}: ${(err as Error).message}`));
      }
    }
    close();
  });
  return {
    info,
    settings,
    pacing,
    preflight: facts,
    lock,
    scratch,
    notes,
    finish: () => finish(),
    onInterrupt: (fn) => void interruptHandlers.push(fn),
    close,
  };
}
