import type { KeyObject } from 'node:crypto';
import type { Certification, CheckReport } from '../certify/types.js';
import type { JournalEvent, LedgerReport, RecordedExchange, RunFacts } from '../core/events.js';
import { replayLines } from './curl.js';

/**
 * What every output handler gets: the one certificate, and the journal it was built from (for
 * the evidence: exchanges, the ledger). A handler renders; it never judges.
 */
export interface OutputContext {
  certification: Certification;
  /** The (first) run's facts: run.json. */
  facts: RunFacts;
  events: readonly JournalEvent[];
  exchange(id: string): RecordedExchange | undefined;
  /** A check's exchanges: its own, then the shared fixtures' it cited, in time order. */
  evidenceOf(check: Pick<CheckReport, 'key' | 'cited'>): RecordedExchange[];
  /** SIGN_KEY: the Ed25519 key the bundle is signed with (harness/outputs/signature.ts). */
  signKey?: KeyObject;
  /** The cleanup's report (merged over shards), when the run settled one. */
  ledger?: LedgerReport;
  /**
   * How to replay a failure judged from `exchangeId`: the token loaded as the run loaded it, then the
   * writes that stored what it read (the check's own and its shared fixtures') and the exchange
   * itself, as curl lines (folded to `width` when given). Undefined when the exchange is not journaled.
   */
  replay(
    check: Pick<CheckReport, 'key' | 'cited' | 'shared'>,
    exchangeId: string,
    width?: number,
  ): string[] | undefined;
}

/** One output of a run: a file or a directory under REPORTS_DIR. */
export interface Output {
  name: string;
  kind: 'file' | 'dir';
  /** What it is, for the console and reports/README.md. */
  what: string;
  /** The path the console offers, when not the output itself (a directory's page). */
  show?: string;
  /** Copied into the certification bundle (and listed in its manifest). */
  inBundle?: boolean;
  /** Built later from the published set (npm run report), not when the run ends. */
  later?: boolean;
  /** Writes it at `path` (a file, or a directory to create). */
  write?(path: string, ctx: OutputContext): void;
}

/** The context from a certificate and its journal. */
export function outputContext(
  certification: Certification,
  events: readonly JournalEvent[],
  o: { signKey?: KeyObject } = {},
): OutputContext {
  const exchanges = new Map<string, RecordedExchange>();
  const byOwner = new Map<string, RecordedExchange[]>();
  for (const e of events) {
    if (e.type !== 'exchange' || e.exchange.target !== 'main') continue;
    exchanges.set(e.exchange.id, e.exchange);
    byOwner.set(e.exchange.owner, [...(byOwner.get(e.exchange.owner) ?? []), e.exchange]);
  }
  const facts = events.find((e): e is Extract<JournalEvent, { type: 'run-started' }> => e.type === 'run-started')!.run;
  const ledgers = events.flatMap((e) => (e.type === 'cleanup' ? [e.ledger] : []));
  return {
    certification,
    facts,
    events,
    exchange: (id) => exchanges.get(id),
    evidenceOf: (check) => {
      const own = byOwner.get(check.key) ?? [];
      const cited = check.cited.map((c) => exchanges.get(c.id)).filter((x): x is RecordedExchange => !!x);
      return [...own, ...cited].sort((a, b) => a.startedAt.localeCompare(b.startedAt));
    },
    ...(o.signKey ? { signKey: o.signKey } : {}),
    ...(ledgers.length ? { ledger: mergeLedgers(ledgers) } : {}),
    replay: (check, exchangeId, width) => {
      const ex = exchanges.get(exchangeId);
      if (!ex) return undefined;
      const fixtures = (check.shared ?? []).flatMap((k) => byOwner.get(`shared:${k}`) ?? []);
      const cited = check.cited.map((c) => exchanges.get(c.id)).filter((x): x is RecordedExchange => !!x);
      const evidence = [...(byOwner.get(check.key) ?? []), ...cited, ...fixtures];
      return replayLines(ex, evidence, facts, width);
    },
  };
}

function mergeLedgers(ledgers: LedgerReport[]): LedgerReport {
  if (ledgers.length === 1) return ledgers[0]!;
  const first = ledgers[0]!;
  const sum = (k: keyof LedgerReport['summary']) => ledgers.reduce((n, l) => n + (l.summary[k] ?? 0), 0);
  return {
    ...first,
    runId: ledgers.map((l) => l.runId).join('+'),
    trigger: [...new Set(ledgers.map((l) => l.trigger))].join(', '),
    summary: {
      created: sum('created'),
      archivedByChecks: sum('archivedByChecks'),
      archivedByCleanup: sum('archivedByCleanup'),
      leftovers: sum('leftovers'),
    },
    created: ledgers.flatMap((l) => l.created),
    archivedByChecks: ledgers.flatMap((l) => l.archivedByChecks),
    archivedByCleanup: ledgers.flatMap((l) => l.archivedByCleanup),
    leftovers: ledgers.flatMap((l) => l.leftovers),
  };
}
