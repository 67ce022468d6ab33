import type { KeyObject } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { areas } from '../../contract/clause.js';
import {
  baselineMismatch,
  failOnValues,
  gateExitCode,
  readBaseline,
  type Baseline,
  type FailOn,
} from '../certify/baseline.js';
import { openRecords } from '../cleanup.js';
import { environment, loadSettings, type Settings } from '../config.js';
import { ConfigError } from '../core/errors.js';
import { parseShard, type Selection, type Shard } from '../core/events.js';
import { EXIT } from '../core/exit-codes.js';
import { loadProfile, PROFILE_LEARNED, writeProfile } from '../core/profile.js';
import { RunConsole } from '../outputs/console.js';
import { endLines } from '../outputs/end-lines.js';
import { replayOfCheck } from '../outputs/curl.js';
import { ledgerJson } from '../outputs/json.js';
import { loadPrivateKey } from '../outputs/signature.js';
import { pagePath } from '../outputs/registry.js';
import { startLines } from '../outputs/start-lines.js';
import { redact } from '../redact.js';
import { concludeRun, stageAhead } from '../run/conclude.js';
import { prepareChecks, workersFor, type Launch, type PreparedChecks } from '../run/launch.js';
import { fileWeights, readBudgets } from '../run/plan.js';
import { PreflightInconclusive } from '../run/preflight.js';
import { guardSignals, SIGNAL_EXIT } from '../run/signals.js';
import { startRun, type StartedRun } from '../run/start-run.js';
import { commandLine } from '../core/invocation.js';
import { configText } from './show-config.js';

/**
 * `partner-conformance run` (`npm run conformance`): certify BASE_URL, or the embedded mock when
 * it is unset. This process owns the run from start to publication: the hub journals every
 * outcome, exchange and ledger entry; vitest only schedules the checks; the certificate and every
 * output come from the journal. Exit codes: 0 conformant (or passed, for a partial selection),
 * 1 a contract check failed, 2 configuration or usage error, 3 inconclusive, 130/143 interrupted.
 */
export { EXIT };

/** What `run` was asked, already parsed by the command line (harness/cli/main.ts). */
export interface RunRequest {
  filter?: string;
  paths: string[];
  shard?: string;
  baseline?: string;
  failOn?: string;
  skipAreas: string[];
  /** --allow-unarchivable: a live run may leave appointment requests (no archive, §3). */
  allowUnarchivable?: boolean;
  /** Settings given as flags, by variable name. */
  flags: Record<string, string>;
  /** Settings that replace the environment's (npm run mock -- --run points the run at its mock). */
  env?: Record<string, string>;
  /** --print-config: print the settings and where each came from, then exit without running. */
  printConfig?: boolean;
  /** --replace-full: a partial run may replace the full certification in REPORTS_DIR (else it goes to REPORTS_DIR/partial/). */
  replaceFull?: boolean;
  /** --write-profile: where to write the profile with what the run learned from the target. */
  writeProfile?: string;
  /** --allow-other-baseline: compare with a baseline of another target, company or mode (else exit 2). */
  allowOtherBaseline?: boolean;
}

interface Options {
  shard?: Shard;
  baseline?: { file: string; data: Baseline };
  failOn: FailOn;
  filter?: string;
  paths: string[];
  skipAreas: string[];
}

/** Validates what the command line gave; every mistake is a ConfigError (one line, exit 2). */
function checkRequest(r: RunRequest): Options {
  const opts: Options = { failOn: 'any', filter: r.filter, paths: r.paths, skipAreas: r.skipAreas };
  if (r.filter !== undefined) {
    try {
      new RegExp(r.filter);
    } catch (err) {
      throw new ConfigError(`-t is not a valid regular expression: ${(err as Error).message}`);
    }
  }
  for (const a of opts.skipAreas)
    if (!(areas as readonly string[]).includes(a))
      throw new ConfigError(`--skip-area must be one of ${areas.join(', ')} (got "${a}")`);
  if (r.shard !== undefined) {
    opts.shard = parseShard(r.shard);
    if (!opts.shard) throw new ConfigError(`--shard must be i/n with 1 ≤ i ≤ n, e.g. 1/3 (got "${r.shard}")`);
  }
  if (r.failOn !== undefined) {
    if (!(failOnValues as readonly string[]).includes(r.failOn))
      throw new ConfigError(`--fail-on must be ${failOnValues.join(' or ')} (got "${r.failOn}")`);
    opts.failOn = r.failOn as FailOn;
  }
  if (r.baseline !== undefined) opts.baseline = { file: r.baseline, data: readBaseline(r.baseline) };
  if (opts.failOn === 'regression' && !opts.baseline)
    throw new ConfigError('--fail-on regression needs --baseline <certification.json> to compare with');
  return opts;
}

/** A mistake found once the settings are read: one line, exit 2 (harness/cli/main.ts prints it). */
function usageError(message: string): never {
  throw new ConfigError(message);
}

const skipReason = (area: string) =>
  area === 'purchaseOrders'
    ? 'left out on request (--skip-area): e.g. the token lacks the Purchase Orders permission (§5.3)'
    : 'left out on request (--skip-area)';

/** On a second Ctrl-C: what the run created and did not archive, for `npm run cleanup`. */
function writeLeftovers(run: StartedRun): string | undefined {
  const open = openRecords(run.hub.ledger(), run.info.targets).filter((r) => r.target === 'main');
  if (open.length === 0) return undefined;
  const file = join(run.settings.reportsDir, `leftovers-${run.info.runId}.json`);
  const leftovers = open.map((r) => ({
    ...r,
    reason: 'the run was left at once (a second Ctrl-C) before its cleanup ended',
  }));
  const report = {
    runId: run.info.runId,
    marker: run.info.marker,
    mode: run.info.mode,
    generatedAt: new Date().toISOString(),
    trigger: 'left at once',
    summary: { created: open.length, archivedByChecks: 0, archivedByCleanup: 0, leftovers: open.length },
    created: open,
    archivedByChecks: [],
    archivedByCleanup: [],
    leftovers,
  };
  writeFileSync(file, redact(JSON.stringify(report, null, 2)));
  return file;
}

export async function runConformance(request: RunRequest): Promise<number> {
  const opts = checkRequest(request);
  let settings: Settings;
  let signKey: KeyObject | undefined;
  try {
    settings = loadSettings(environment(request.env), { flags: request.flags });
    loadProfile(settings.profileFile);
    // A key that cannot sign is found now, not after the run (exit 2).
    signKey = settings.signKey ? loadPrivateKey(settings.signKey) : undefined;
  } catch (err) {
    if (err instanceof ConfigError) usageError(err.message);
    throw err;
  }
  if (request.printConfig) {
    console.log(configText(settings));
    return EXIT.ok;
  }
  // A baseline of another target, company or mode would gate this run on another server's verdicts: exit 2, before any request.
  if (opts.baseline && !(request.allowOtherBaseline || settings.allowOtherBaseline)) {
    const other = baselineMismatch(opts.baseline.data, opts.baseline.file, {
      baseUrl: settings.baseUrl,
      companyId: settings.companyId,
      mode: settings.mode,
      frugal: settings.rateLimitGetPerMin > 0 || settings.rateLimitWritePerMin > 0,
    });
    if (other) usageError(other);
  }
  const selection: Omit<Selection, 'mode'> = {
    ...(opts.filter ? { pattern: opts.filter } : {}),
    ...(opts.paths.length ? { paths: opts.paths } : {}),
    ...(opts.shard ? { shard: opts.shard } : {}),
    ...(opts.skipAreas.length ? { skippedAreas: opts.skipAreas.map((area) => ({ area, why: skipReason(area) })) } : {}),
  };

  // Ctrl-C is the run's from here on: a signal before the run has started waits for it, then ends it.
  let run: StartedRun | undefined;
  let ready!: () => void;
  const started = new Promise<void>((r) => (ready = r));
  let finish: ((signal?: NodeJS.Signals) => Promise<number>) | undefined;
  guardSignals(
    {
      first: async (signal) => {
        await started;
        return finish?.(signal);
      },
      again: (signal) => {
        const file = run ? writeLeftovers(run) : undefined;
        console.error(
          `\n${signal} again: leaving now.${file ? ` Records this run created that may still be active are listed in ${file}; archive them with: ${commandLine('cleanup', file)}` : ' No record of this run is left to archive.'}`,
        );
        run?.lock.release();
      },
    },
    { watchLauncher: true },
  );
  // vitest loads while the run starts (the preflight's later, paced reads): nothing in it needs the
  // run until the checks start. Not before the preflight's first read has proven the credentials and
  // the company, so a configuration error leaves in a second without loading it (in npm test, ~40 of
  // them each loaded vitest for nothing). After guardSignals, which keeps its handlers through vitest's.
  const limits = { getPerMin: settings.rateLimitGetPerMin, writePerMin: settings.rateLimitWritePerMin };
  const budgets = readBudgets();
  let preparing: Promise<PreparedChecks> | undefined;
  const prepare = (): Promise<PreparedChecks> => {
    if (preparing) return preparing;
    const p = prepareChecks({
      weights: fileWeights(budgets, limits),
      pattern: opts.filter,
      maxWorkers: workersFor(
        { live: !!settings.baseUrl, maxConcurrency: settings.maxConcurrency },
        settings.vitestMaxWorkers,
      ),
      runError: (m) => run?.hub.runError(m),
    });
    // Awaited once the run has started; a vitest that fails to load is that run's error, not an unhandled one.
    p.catch(() => undefined);
    return (preparing = p);
  };
  const unprepare = () => void preparing?.then((p) => p.close()).catch(() => undefined);
  try {
    // Takes REPORTS_DIR's lock first: a second run on the same directory stops here with exit 2.
    run = await startRun({
      settings,
      selection,
      purpose: 'conformance',
      allowUnarchivable: request.allowUnarchivable === true,
      onProven: () => void prepare(),
    });
  } catch (err) {
    ready();
    unprepare();
    if (err instanceof ConfigError) usageError(err.message);
    if (err instanceof PreflightInconclusive) {
      console.error(`Inconclusive: ${redact(err.message)}`);
      return EXIT.inconclusive;
    }
    throw err;
  }
  const r = run;
  const dir = settings.reportsDir;
  const con = new RunConsole({ ci: settings.console.ci, noColor: settings.console.noColor, pageHint: pagePath(dir) });
  con.print(startLines(r.facts, { pid: process.pid, reportsDir: dir, notes: r.notes }).join('\n'));
  if (r.files.length === 0) {
    unprepare();
    await r.settle();
    r.close();
    usageError(
      `no check matched ${selectionWords(opts)}; nothing was certified or published (see ${commandLine('run', '--help')})`,
    );
  }
  r.hub.listen({
    registered: (_t, key, selected) => con.registered(key, selected),
    checkEnded: (o, ex) =>
      con.checkEnded(o, ex, (id, width) => replayOfCheck(o, id, ex, r.hub.recordedExchanges(), r.facts, width)),
  });

  let launch: Launch | undefined;
  let ending: Promise<number> | undefined;
  let publishing = false;
  /** Every selected check has ended: the run's verdict is whole, only its cleanup is left. */
  let checksDone = false;
  /** The signal that stopped the cleanup of a finished run. */
  let cleanupStoppedBy: NodeJS.Signals | undefined;
  /**
   * Ctrl-C or SIGTERM: no check starts any more, the ones under way are cut off, and the run goes
   * on to its cleanup and publishes an INTERRUPTED certification. Once every check has finished,
   * a signal stops only the cleanup: the run's verdict is published with what is left to archive
   * and the command to finish. Once publication has begun, the run's outputs are complete.
   */
  const interrupt = (signal: NodeJS.Signals) => {
    if (publishing)
      return void con.print(
        `${signal} came as the outputs were being published: the run had ended, and its outputs are complete`,
      );
    if (r.hub.interrupted || cleanupStoppedBy) return;
    // Every check had finished: the verdict stands; only the cleanup stops, and the ledger says what is left.
    if (checksDone) {
      cleanupStoppedBy = signal;
      return void con.print(
        `\n${signal}: every check had finished; stopping the cleanup, then publishing the run's verdict with what is left to archive (${signal === 'SIGINT' ? 'Ctrl-C' : signal} again to leave at once)`,
      );
    }
    con.finishChecks();
    con.print(
      `\n${signal}: stopping; archiving what this run created, then publishing an INTERRUPTED certification (${signal === 'SIGINT' ? 'Ctrl-C' : signal} again to leave at once)`,
    );
    r.hub.interrupt(signal);
    void launch?.cancel();
  };
  /** One ending per run, whether it ran to its end or was interrupted. */
  const end = (): Promise<number> =>
    (ending ??= (async () => {
      con.finishChecks();
      // The checks' share of the outputs is written while the cleanup waits on its paced requests.
      const ahead = stageAhead({ events: r.hub.events(), scratch: r.scratch });
      const ledger = await r.settle({
        trigger: r.hub.interrupted,
        progress: (l) => con.phase(l),
        stopped: () => (cleanupStoppedBy ? `the cleanup was stopped by ${cleanupStoppedBy}` : undefined),
      });
      await ahead;
      publishing = true;
      con.phase('publishing the outputs');
      const c = concludeRun(
        { events: r.hub.events(), reportsDir: dir, scratch: r.scratch, runId: r.info.runId },
        { baseline: opts.baseline, replaceFull: request.replaceFull, signKey },
      );
      r.close();
      const out = c.publishedTo;
      if (c.replaced)
        con.print(
          `note: this run (${c.certification?.scope.note ?? 'partial'}) replaced the complete certification of run ${c.replaced.runId} (${c.replaced.headline}, ${c.replaced.finishedAt}) in ${dir}, as --replace-full asked`,
        );
      if (c.kept)
        con.print(
          `note: this run is partial (${c.certification?.scope.note ?? 'partial'}): its outputs are in ${out}, beside the complete certification of run ${c.kept.runId} (${c.kept.headline}, ${c.kept.finishedAt}) in ${dir}, which stays (--replace-full replaces it)`,
        );
      if (!c.certification) {
        console.error(
          `Configuration error: no check matched ${selectionWords(opts)}; nothing was certified or published (see ${commandLine('run', '--help')}).`,
        );
        return EXIT.usage;
      }
      con.print(endLines(c.certification, c.published, out, (h, v) => con.verdictLine(h, v)).join('\n'));
      if (request.writeProfile) {
        const learned = r.hub
          .events()
          .flatMap((e) => (e.type === 'check' ? e.outcome.observations : []))
          .filter((o) => o.name === PROFILE_LEARNED)
          .map((o) => o.value);
        const keys = writeProfile(request.writeProfile, loadProfile(settings.profileFile), learned);
        con.print(
          `Profile written to ${request.writeProfile} (${keys.length ? `learned from the target: ${keys.join(', ')}` : 'nothing learned beyond the profile'}); start the next run from it with CONFORMANCE_PROFILE=${request.writeProfile}`,
        );
      }
      if (cleanupStoppedBy) {
        const left = (ledger?.leftovers ?? []).filter(
          (x) => x.target === 'main' && x.reason.includes(cleanupStoppedBy!),
        );
        con.print(
          left.length
            ? `The cleanup was stopped by ${cleanupStoppedBy}: ${ledger?.summary.archivedByCleanup ?? 0} record(s) archived, ${left.length} still active; finish with: ${commandLine('cleanup', join(out, ledgerJson.name))}`
            : `${cleanupStoppedBy} came as the cleanup ended: every record it had to archive was archived`,
        );
      }
      // A signal that stopped only the cleanup still ends the process as a signal does (npm and the shell above it report 130 or 143 anyway).
      const signal = (r.hub.interrupted ?? cleanupStoppedBy) as NodeJS.Signals | undefined;
      return signal ? (SIGNAL_EXIT[signal] ?? 1) : gateExitCode(c.certification, opts.failOn, c.certification.baseline);
    })());
  finish = (signal) => {
    if (signal) interrupt(signal);
    return end();
  };
  ready();
  if (!r.hub.interrupted) {
    launch = (await prepare()).start(r.info, r.files);
    // Interrupted while vitest was starting: the run is already ending.
    if (r.hub.interrupted) void launch.cancel();
    else con.begin(r.info.plan.keys);
    await launch.done;
    checksDone = !r.hub.interrupted;
  } else unprepare();
  return end();
}

/** The selection as the user gave it: `-t "…"`, the paths, or both. */
function selectionWords(opts: { filter?: string; paths: readonly string[] }): string {
  const what = [
    opts.filter ? `-t ${JSON.stringify(opts.filter)}` : '',
    opts.paths.length ? `the paths ${opts.paths.join(' ')}` : '',
  ]
    .filter(Boolean)
    .join(' and ');
  return what || 'the selection';
}
