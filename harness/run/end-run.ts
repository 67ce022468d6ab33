import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TokenSource } from '../auth/session.js';
import { cleanupRun, type LedgerReport } from '../cleanup.js';
import type { Pacing } from '../pacing/index.js';
import { redact } from '../redact.js';
import { HAR_FILE, LEDGER_FILE, PACING_FILE } from '../report/artifacts.js';
import { harnessVersion } from '../report/certification.js';
import { writeHar } from '../report/har.js';
import type { RunInfo } from './run-info.js';

export interface EndOfRunParts {
  info: RunInfo;
  pacing: Pacing;
  tokens: TokenSource[];
  /** Stops the embedded mocks, if any. */
  stops: (() => Promise<void>)[];
  log?: (line: string) => void;
}


async function step<T>(what: string, fn: () => Promise<T> | T, log: (l: string) => void): Promise<T | undefined> {
  try {
    return await fn();
  } catch (err) {
    log(`End of run: ${what} failed: ${redact((err as Error).message)}`);
    return undefined;
  }
}

/**
 * The end of a run, normal or interrupted, done once: stop workers' traffic, archive what the run
 * created, stage ledger.json, exchanges.har and pacing.json in the run's stage (published with
 * the rest of the run's outputs), then close the proxies and mocks.
 */
export function endOfRun(p: EndOfRunParts): (trigger?: string) => Promise<LedgerReport | undefined> {
  let done: Promise<LedgerReport | undefined> | undefined;
  const log = p.log ?? ((l: string) => console.log(redact(l)));
  const { info, pacing } = p;
  return (trigger = 'end of run') => {
    done ??= (async () => {
      if (trigger !== 'end of run') {
        pacing.shutOutWorkers(`the run was interrupted (${trigger})`);
        await pacing.drain(10_000);
        // A worker appends to its ledger right after its create answer arrives.
        await new Promise((r) => setTimeout(r, 300));
      }
      mkdirSync(info.stageDir, { recursive: true });
      // The fault self-check's many mocks are thrown away at once: no cleanup, no HAR to keep.
      const throwaway = info.targets.length > 1 && info.targets.every((t) => t.kind === 'embedded');
      const ledger = throwaway ? undefined : await step('cleanup', () =>
        cleanupRun({
          runId: info.runId,
          marker: info.marker,
          runDir: info.runDir,
          mode: info.mode,
          profile: info.profile,
          targets: info.targets,
          timeoutMs: info.clientTimeoutMs ?? info.requestTimeoutMs,
          wireHeaders: pacing.internalHeaders,
          trigger,
        }),
      log);
      if (ledger) writeFileSync(join(info.stageDir, LEDGER_FILE), redact(JSON.stringify(ledger, null, 2)));
      const urls = new Map(info.targets.map((t) => [t.id, { from: t.baseUrl, to: t.publicUrl }]));
      const entries = throwaway ? 0 : await step('HAR', () => writeHar(info.runDir, join(info.stageDir, HAR_FILE), harnessVersion(), urls), log);
      const pacingReport = pacing.report();
      writeFileSync(join(info.stageDir, PACING_FILE), JSON.stringify(pacingReport, null, 2));

      const retries = Object.entries(pacingReport.retriesByReason).map(([k, v]) => `${v}× ${k}`).join(', ');
      const unanswered = Object.values(pacingReport.unanswered).reduce((a, b) => a + b, 0);
      log(
        `Traffic: ${pacingReport.requests} requests, ${pacingReport.retries} retries${retries ? ` (${retries})` : ''}, ` +
          `${unanswered} unanswered, ${pacingReport.rateLimitedAnswers} answered 429` +
          (pacingReport.refusedInReadonly ? `, ${pacingReport.refusedInReadonly} writes refused (read-only)` : '') +
          `; ${entries ?? 0} exchanges recorded`,
      );
      if (ledger) {
        const s = ledger.summary;
        log(
          `Ledger: ${s.created} records created, ${s.archivedByChecks} archived by checks, ${s.archivedByCleanup} by the cleanup, ` +
            `${s.leftovers} left` + (s.ignoredForeign ? `; ${s.ignoredForeign} ledger entries of another run ignored` : ''),
        );
      }
      for (const t of p.tokens) t.stop();
      await step('closing the pacing proxy', () => pacing.close(), log);
      for (const stop of [...p.stops].reverse()) await step('stopping the mock', stop, log);
      return ledger;
    })();
    return done;
  };
}

const SIGNAL_EXIT: Record<string, number> = { SIGINT: 130, SIGTERM: 143 };

/**
 * On Ctrl-C or SIGTERM, settles the run (cleanup, ledger, HAR) before the process exits, holding
 * back the exit vitest schedules on the same signal. A second signal leaves at once.
 * Returns the function that removes the guard.
 */
export function guardSignals(finish: (trigger: string) => Promise<unknown>, log: (l: string) => void = (l) => console.error(l)): () => void {
  const realExit = process.exit.bind(process);
  let settling = false;
  const onSignal = (signal: NodeJS.Signals) => {
    const code = SIGNAL_EXIT[signal] ?? 1;
    if (settling) return realExit(code);
    settling = true;
    log(`\n${signal}: archiving the records this run created before leaving (send ${signal} again to leave now)…`);
    let settled = false;
    process.exit = ((c?: number) => {
      if (settled) realExit(c);
    }) as typeof process.exit;
    void finish(signal).finally(() => {
      settled = true;
      realExit(code);
    });
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  return () => {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  };
}
