import type { ReportSink } from '../coordination/coordinator.js';
import type { Report, SettleRequest } from '../coordination/protocol.js';
import type {
  CheckOutcome,
  JournalEvent,
  LedgerEntry,
  LedgerReport,
  RecordedExchange,
  RunFacts,
  TrafficReport,
} from '../core/events.js';
import { JournalWriter } from '../core/journal-file.js';

/** What the console (or a test) hears while the run goes. */
export interface HubListener {
  registered?(targetId: string, key: string, selected: boolean): void;
  checkEnded?(outcome: CheckOutcome, exchange: (id: string) => RecordedExchange | undefined): void;
}

/**
 * The run's hub, in the main process: the one owner of the journal. Workers report to it over
 * the coordination routes of the pacing proxies (check outcomes, ledger entries, registrations),
 * the proxies hand it every exchange they forward, and the run's own steps (start, interruption,
 * cleanup, traffic, end) append to it. Ledger entries are fsynced before the worker hears back.
 */
export class Hub implements ReportSink {
  private readonly writer: JournalWriter;
  private readonly all: JournalEvent[] = [];
  private readonly exchanges = new Map<string, RecordedExchange>();
  private readonly listeners: HubListener[] = [];
  private interruptedBy: string | undefined;

  constructor(
    readonly file: string,
    readonly runId: string,
  ) {
    this.writer = new JournalWriter(file);
  }

  listen(l: HubListener): void {
    this.listeners.push(l);
  }

  /** A durable event's promise resolves once it is fsynced (the writer's group commit). */
  private append(event: JournalEvent, durable = false): Promise<void> | void {
    this.all.push(event);
    if (durable) return this.writer.append(event, true);
    this.writer.append(event);
  }

  private stamp = () => ({ at: new Date().toISOString(), runId: this.runId });

  started(run: RunFacts): void {
    this.append({ type: 'run-started', at: new Date().toISOString(), run }, true);
  }

  /** An exchange a pacing proxy forwarded or refused (already redacted). */
  record = (exchange: RecordedExchange): void => {
    if (exchange.target === 'main') this.exchanges.set(exchange.id, exchange);
    this.append({ type: 'exchange', ...this.stamp(), exchange });
  };

  report(targetId: string, r: Report): Promise<void> | void {
    switch (r.kind) {
      case 'register':
        for (const c of r.checks) {
          this.append({ type: 'check-registered', ...this.stamp(), target: targetId, ...c });
          for (const l of this.listeners) if (targetId === 'main') l.registered?.(targetId, c.key, c.selected);
        }
        return;
      case 'outcome':
        // After an interruption the checks still in flight are cut off: they count as not run.
        if (this.interruptedBy) return;
        this.append({ type: 'check', ...this.stamp(), outcome: r.outcome });
        for (const l of this.listeners)
          if (r.outcome.target === 'main') l.checkEnded?.(r.outcome, (id) => this.exchanges.get(id));
        return;
      case 'ledger': {
        // The worker's report is answered once its entries are on disk: one fsync covers all of them.
        let written: Promise<void> | void = undefined;
        for (const e of r.entries)
          written = this.append(
            { type: 'ledger', ...this.stamp(), entry: { ...e, target: targetId } as LedgerEntry },
            true,
          );
        return written;
      }
      case 'run-error':
        this.runError(r.message);
        return;
    }
  }

  settled(targetId: string, s: SettleRequest): void {
    this.append({
      type: 'shared',
      ...this.stamp(),
      key: s.key,
      target: targetId,
      ok: s.error === undefined,
      ...(s.error ? { reason: s.error } : {}),
      waits: s.waits ?? [],
      ...(s.uses?.length ? { uses: [...s.uses].sort() } : {}),
    });
  }

  runError(message: string): void {
    this.append({ type: 'run-error', ...this.stamp(), message });
  }

  /** The run is stopping: outcomes that arrive from now on are not counted. */
  interrupt(signal: string): void {
    if (this.interruptedBy) return;
    this.interruptedBy = signal;
    this.append({ type: 'interrupted', ...this.stamp(), signal }, true);
  }

  get interrupted(): string | undefined {
    return this.interruptedBy;
  }

  cleanup(ledger: LedgerReport): void {
    this.append({ type: 'cleanup', ...this.stamp(), ledger }, true);
  }

  traffic(report: TrafficReport): void {
    this.append({ type: 'traffic', ...this.stamp(), report });
  }

  ended(): void {
    this.append({ type: 'run-ended', ...this.stamp() }, true);
  }

  events(): readonly JournalEvent[] {
    return this.all;
  }

  exchange(id: string): RecordedExchange | undefined {
    return this.exchanges.get(id);
  }

  /** Every exchange the proxies journaled so far. */
  recordedExchanges(): RecordedExchange[] {
    return [...this.exchanges.values()];
  }

  /** The ledger entries so far: what the cleanup archives. */
  ledger(): LedgerEntry[] {
    return this.all.flatMap((e) => (e.type === 'ledger' ? [e.entry] : []));
  }

  /** Every check outcome, of every target (the fault self-check judges them per target). */
  outcomes(): CheckOutcome[] {
    return this.all.flatMap((e) => (e.type === 'check' ? [e.outcome] : []));
  }

  close(): void {
    this.writer.close();
  }
}
