import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { jwtExpiryMs } from '../auth/jwt.js';
import { LoginSession, staticToken, type TokenSource } from '../auth/session.js';
import { harnessIdentity } from '../certify/certify.js';
import type { Settings } from '../config.js';
import { ConfigError } from '../core/errors.js';
import type { RunFacts, Selection } from '../core/events.js';
import { JOURNAL_FILE } from '../core/journal-file.js';
import { loadProfile } from '../core/profile.js';
import { markerOf, type RunInfo } from '../core/run-info.js';
import { startPacing, type Pacing, type RealTarget } from '../pacing/index.js';
import type { ReportsLock } from '../publish/lock.js';
import { removeIfEmpty, RUNS_DIR, type Scratch } from '../publish/publish.js';
import { claimReportsDir } from '../publish/reports-dir.js';
import { redact } from '../redact.js';
import { liveTarget, startEmbedded, type EmbeddedFront } from '../target.js';
import { runFacts } from './facts.js';
import { Hub } from './hub.js';
import { fileWeights, makePlan, readBudgets, selectFiles } from './plan.js';
import { narrowingWarnings } from './narrowing.js';
import { preflight, type PreflightFacts } from './preflight.js';
import { settleRun } from './settle.js';

export interface RunOptions {
  settings: Settings;
  /** What to run: -t, suite paths, a shard, areas left out. The mode comes from the settings. */
  selection?: Omit<Selection, 'mode'>;
  /** Fault ids: the self-check runs every check against one mock per fault, beside the conforming one. */
  faults?: readonly string[];
  /** Servers in front of embedded mocks (the generated family, test/family/), each one more target. */
  fronts?: readonly EmbeddedFront[];
  /** Keep to the requests a clause needs; defaults to true under rate limits. */
  frugal?: boolean;
  /** A check that judged nothing ends inconclusive (default); off only for self-tests of the wrapper. */
  requireEvidence?: boolean;
  /** Who takes REPORTS_DIR's lock, for the message a second run gets: 'conformance', 'selfcheck'… */
  purpose?: string;
  /** --allow-unarchivable: a live run may create appointment requests, which have no archive (§3). */
  allowUnarchivable?: boolean;
  /** The preflight proved the main credentials and company: the caller may start loading what the checks need. */
  onProven?: () => void;
}

export interface StartedRun {
  info: RunInfo;
  settings: Settings;
  /** The main target's run facts (the journal's first event). */
  facts: RunFacts;
  /** The check files the selection runs (relative to the project root). */
  files: string[];
  /** Their weights: the heaviest start first (fileWeights). */
  weights: ReadonlyMap<string, number>;
  pacing: Pacing;
  hub: Hub;
  preflight?: PreflightFacts;
  /** REPORTS_DIR's lock, held from the start of the run to close(). */
  lock: ReportsLock;
  /** The run's own scratch directory: work/ (the journal) and out/ (staged outputs). */
  scratch: Scratch;
  /** What the start found and settled in REPORTS_DIR (a stale lock, a publication left halfway), for the console. */
  notes: string[];
  /** Archives what the run created, journals the cleanup, the traffic and the end, stops the proxies and mocks. Once. */
  settle: ReturnType<typeof settleRun>;
  /** Releases REPORTS_DIR and removes the scratch directory (kept with keepScratch). Once. */
  close(o?: { keepScratch?: boolean }): void;
}

/** The longest a single request may wait in the pacing queue: the whole planned run, with room to spare. */
const queueBudgetMs = (lowerBoundMs: number) => (lowerBoundMs > 0 ? 2 * lowerBoundMs + 120_000 : 0);

/** The access token of a live target: ACCESS_TOKEN, or a login session (PARTNER_ID, AUTH_KEY). Also used by `npm run cleanup`. */
export async function tokenFor(settings: Settings): Promise<TokenSource> {
  const expiry = settings.accessToken ? jwtExpiryMs(settings.accessToken) : undefined;
  if (expiry !== undefined && expiry <= Date.now())
    throw new ConfigError(`ACCESS_TOKEN expired at ${new Date(expiry).toISOString()}`);
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
 * Starts a run: REPORTS_DIR's lock, the target (embedded mocks, or the live target after logging
 * in), the hub and its journal, the pacing proxies, the selection and its plan, and the preflight.
 * Throws ConfigError (exit 2) or PreflightInconclusive (exit 3) after stopping whatever it started.
 */
export async function startRun(o: RunOptions): Promise<StartedRun> {
  const { settings } = o;
  const profile = loadProfile(settings.profileFile);
  const runId = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  const selection: Selection = { ...o.selection, mode: settings.mode };
  const budgets = readBudgets();
  const files = selectFiles(selection, budgets);
  const limits = { getPerMin: settings.rateLimitGetPerMin, writePerMin: settings.rateLimitWritePerMin };
  // A -t or path selection against a live target creates records the cleanup cannot archive only
  // when asked to: what it pulls in is not what the user chose to certify. The whole catalogue (or
  // a shard of it) certifies §4.5 creates, so it makes them, and lists them as left with the reason.
  const partial = !!selection.pattern || !!selection.paths?.length;
  const unarchivable =
    settings.baseUrl && settings.mode === 'full' && partial && !o.allowUnarchivable ? 'refused' : 'allowed';
  const plan = makePlan(budgets, selection, files, limits, unarchivable);
  // First of all: a second run on the same REPORTS_DIR stops here, before it starts anything.
  const { lock, scratch, notes } = claimReportsDir(settings.reportsDir, runId, o.purpose ?? 'conformance');
  const hub = new Hub(join(scratch.work, JOURNAL_FILE), runId);
  const release = () => {
    hub.close();
    lock.release();
  };

  const faults = [...(o.faults ?? [])];
  const fronts = o.fronts ?? [];
  // Targets beside the conforming mock: their bodies are not recorded, their property runs are short.
  const others = faults.length + fronts.length;
  let real: RealTarget[];
  const stops: (() => Promise<void>)[] = [];
  const tokens: TokenSource[] = [];
  try {
    if (settings.baseUrl) {
      const token = await tokenFor(settings);
      tokens.push(token);
      real = [liveTarget(settings, token)];
    } else {
      const embedded = await startEmbedded([undefined, ...faults], fronts);
      real = embedded.targets;
      stops.push(embedded.stop);
    }
  } catch (err) {
    for (const t of tokens) t.stop();
    release();
    throw err;
  }
  const frugal = o.frugal ?? (limits.getPerMin > 0 || limits.writePerMin > 0);
  // Every worker request goes through the pacing proxy in this process (rate, concurrency, retries, tokens), which journals it.
  const pacing = startPacing({
    ...limits,
    maxConcurrency: settings.maxConcurrency,
    requestTimeoutMs: settings.requestTimeoutMs,
    readonly: settings.mode === 'readonly',
    queueBudgetMs: queueBudgetMs(plan.estimate.lowerBoundMs),
    sink: hub,
    record: hub.record,
    // The fault self-check's many mocks are thrown away: their bodies would only fill the disk.
    recordBodies: others === 0,
    bodyLimit: settings.harBodyLimit,
  });
  const stopAll = async () => {
    for (const t of tokens) t.stop();
    await pacing.close();
    for (const stop of stops) await stop();
  };
  let info: RunInfo;
  let facts: RunFacts;
  let checked: PreflightFacts | undefined;
  try {
    const targets = await Promise.all(real.map((t) => pacing.route(t)));
    info = {
      runId,
      marker: markerOf(runId),
      seed: settings.seed,
      numRuns: others ? Math.min(settings.numRuns, 10) : settings.numRuns,
      mode: settings.mode,
      unarchivable,
      requestTimeoutMs: settings.requestTimeoutMs,
      consistencyWindowMs: settings.consistencyWindowMs,
      clientTimeoutMs: pacing.budgetMs + 5_000,
      maxConcurrency: settings.maxConcurrency,
      profile,
      targets,
      startedAt: new Date().toISOString(),
      frugal,
      plan,
      selection,
      requireEvidence: o.requireEvidence ?? true,
    };
    const main = targets.find((t) => t.id === 'main')!;
    facts = runFacts({
      runId,
      settings,
      target: main,
      selection,
      plan,
      numRuns: info.numRuns,
      startedAt: info.startedAt,
      harness: harnessIdentity(),
      specFile: settings.spec.file,
      // Before any check runs: every optional setting whose absence narrows a strict clause selected.
      warnings: [...settings.warnings, ...narrowingWarnings(main, plan.keys, budgets, settings.mode)],
    });
    hub.started(facts);
    const withoutPurchaseOrders = selection.skippedAreas?.some((a) => a.area === 'purchaseOrders');
    checked = await preflight(main, {
      timeoutMs: info.clientTimeoutMs,
      internalHeaders: pacing.internalHeaders,
      withoutPurchaseOrders,
      profile,
      onProven: o.onProven,
    });
    notes.push(...checked.warnings);
    // Isolation from a company that cannot be shown to exist would pass on nothing: its checks are skipped, with the reason.
    if (checked.otherCompanyUnproven)
      info.targets = info.targets.map((t) =>
        t === main ? { ...t, otherCompanyId: undefined, otherCompanyUnproven: checked!.otherCompanyUnproven } : t,
      );
  } catch (err) {
    await stopAll();
    release();
    rmSync(scratch.root, { recursive: true, force: true });
    removeIfEmpty(join(settings.reportsDir, RUNS_DIR));
    throw err;
  }
  let closed = false;
  return {
    info,
    settings,
    facts,
    files,
    weights: fileWeights(budgets, limits),
    pacing,
    hub,
    preflight: checked,
    lock,
    scratch,
    notes,
    settle: settleRun({ info, pacing, hub, tokens, stops }),
    close: (c: { keepScratch?: boolean } = {}) => {
      if (closed) return;
      closed = true;
      hub.close();
      if (!c.keepScratch) {
        rmSync(scratch.root, { recursive: true, force: true });
        removeIfEmpty(join(settings.reportsDir, RUNS_DIR));
      }
      lock.release();
    },
  };
}
