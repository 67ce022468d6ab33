import type { TokenSource } from '../auth/session.js';
import { cleanupRun, withoutUnsentCreates } from '../cleanup.js';
import type { LedgerEntry, LedgerReport, RecordedExchange } from '../core/events.js';
import type { RunInfo } from '../core/run-info.js';
import type { Pacing } from '../pacing/index.js';
import { redact } from '../redact.js';
import type { Hub } from './hub.js';

export interface SettleParts {
  info: RunInfo;
  pacing: Pacing;
  hub: Hub;
  tokens: TokenSource[];
  /** Stops the embedded mocks, if any. */
  stops: (() => Promise<void>)[];
}

export interface SettleOptions {
  /** 'end of run', or the signal that interrupted it. */
  trigger?: string;
  /** What the settling is doing, for the console. */
  progress?: (line: string) => void;
  /** Why the cleanup must stop now (a signal once every check had finished): what it has not archived is left, with that reason. */
  stopped?: () => string | undefined;
}

/** Two cleanup passes as one report. */
function combine(a: LedgerReport, b: LedgerReport): LedgerReport {
  const sum = (k: keyof LedgerReport['summary']) => (a.summary[k] ?? 0) + (b.summary[k] ?? 0);
  return {
    ...a,
    generatedAt: b.generatedAt,
    summary: {
      created: sum('created'),
      archivedByChecks: sum('archivedByChecks'),
      archivedByCleanup: sum('archivedByCleanup'),
      leftovers: sum('leftovers'),
      ...(sum('neverCreated') ? { neverCreated: sum('neverCreated') } : {}),
    },
    created: [...a.created, ...b.created],
    archivedByChecks: [...a.archivedByChecks, ...b.archivedByChecks],
    archivedByCleanup: [...a.archivedByCleanup, ...b.archivedByCleanup],
    leftovers: [...a.leftovers, ...b.leftovers],
    ...(a.neverCreated || b.neverCreated
      ? { neverCreated: [...(a.neverCreated ?? []), ...(b.neverCreated ?? [])] }
      : {}),
  };
}

async function step<T>(what: string, fn: () => Promise<T> | T, log: (l: string) => void): Promise<T | undefined> {
  try {
    return await fn();
  } catch (err) {
    log(`${what} failed: ${redact((err as Error).message)}`);
    return undefined;
  }
}

/** How long an interrupted run waits with no new ledger entry before its last cleanup pass. */
const QUIET_MS = 1_000;

/** Resolves once `fresh()` turns true, or after `ms` with it still false (polled every 100 ms). */
async function quietFor(fresh: () => boolean, ms: number): Promise<void> {
  for (let waited = 0; waited < ms && !fresh(); waited += 100) await new Promise((r) => setTimeout(r, 100));
}

/**
 * The end of a run, normal or interrupted, done once: workers' traffic stopped (when
 * interrupted), every record the run created archived (paced like any request), the cleanup's
 * ledger, the traffic counters and the end journaled, then the proxies and mocks closed.
 */
export function settleRun(p: SettleParts): (o?: SettleOptions) => Promise<LedgerReport | undefined> {
  let done: Promise<LedgerReport | undefined> | undefined;
  const { info, pacing, hub } = p;
  return (o = {}) => {
    done ??= (async () => {
      const trigger = o.trigger ?? 'end of run';
      const log = o.progress ?? (() => undefined);
      const shutOut = `the run was interrupted (${trigger})`;
      if (trigger !== 'end of run') {
        pacing.interrupt();
        pacing.shutOutWorkers(shutOut);
      }
      // Whether every worker request has been answered and journaled: only then does a create no request carried prove unsent.
      const drained = await Promise.race([
        pacing.drain(3_500).then(() => true),
        new Promise<boolean>((r) => setTimeout(() => r(false), 3_000).unref()),
      ]);
      // Requests the proxy refused itself never reached the target.
      const notForwarded = (x: RecordedExchange) =>
        x.error === shutOut || (x.error?.startsWith('read-only mode: the harness refused') ?? false);
      // The fault self-check's many mocks are thrown away at once: nothing to archive there.
      const throwaway = info.targets.length > 1 && info.targets.every((t) => t.kind === 'embedded');
      const open = hub.ledger().filter((e) => e.event === 'created').length;
      if (!throwaway && open > 0)
        log(
          `cleanup: archiving what this run created (${open} record(s) in the ledger)${pacing.paced ? ', paced under the rate limits' : ''}`,
        );
      const clean = (entries: LedgerEntry[]) =>
        step(
          'cleanup',
          () =>
            cleanupRun({
              runId: info.runId,
              marker: info.marker,
              // A create ledgered before it was sent that surely never took effect is nothing to look for.
              entries: withoutUnsentCreates(entries, hub.recordedExchanges(), { drained, notForwarded }),
              consistencyWindowMs: info.consistencyWindowMs,
              mode: info.mode,
              profile: info.profile,
              targets: info.targets,
              timeoutMs: info.clientTimeoutMs,
              wireHeaders: pacing.internalHeaders,
              trigger,
              progress: log,
              stopped: o.stopped,
            }),
          log,
        );
      let ledger: LedgerReport | undefined;
      if (!throwaway) {
        // A create answered just before an interruption is ledgered a moment later (a busy worker
        // may take a while): passes go on until no new entry has come in for a quiet second.
        let seen = 0;
        for (let pass = 0; pass < 5; pass++) {
          const entries = hub.ledger();
          const fresh = entries.slice(seen);
          if (pass > 0 && !fresh.some((e) => e.event === 'created')) break;
          // Later passes archive only the records ledgered since, with every archive entry for context.
          const report = await clean(
            pass === 0 ? entries : [...fresh, ...entries.filter((e) => e.event === 'archived')],
          );
          seen = entries.length;
          ledger = ledger && report ? combine(ledger, report) : (report ?? ledger);
          if (trigger === 'end of run' || o.stopped?.()) break;
          await quietFor(
            () =>
              hub
                .ledger()
                .slice(seen)
                .some((e) => e.event === 'created'),
            QUIET_MS,
          );
        }
      }
      if (ledger) {
        hub.cleanup(ledger);
        const s = ledger.summary;
        if (s.created)
          log(
            `cleanup: ${s.created} created, ${s.archivedByChecks} archived by checks, ${s.archivedByCleanup} by the cleanup, ${s.leftovers} left${s.neverCreated ? `; ${s.neverCreated} create(s) in flight shown never made` : ''}`,
          );
      }
      hub.traffic(pacing.report());
      hub.ended();
      for (const t of p.tokens) t.stop();
      await step('closing the pacing proxy', () => pacing.close(), log);
      for (const stop of [...p.stops].reverse()) await step('stopping the mock', stop, log);
      return ledger;
    })();
    return done;
  };
}
