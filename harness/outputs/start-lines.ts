import { relative } from 'node:path';
import type { RunFacts } from '../core/events.js';

/**
 * The console's first lines: what is certified, for which company, what the run selected, how
 * (mode, seed, property runs, concurrency, rate limits), what the plan expects and how long the
 * limits make it take, then anything the run fell back on or settled in REPORTS_DIR.
 */

export const duration = (ms: number) =>
  ms >= 90_000 ? `${(ms / 60_000).toFixed(1)} min` : `${Math.max(1, Math.round(ms / 1000))} s`;

const shown = (p: string) => {
  const rel = relative(process.cwd(), p);
  return rel && !rel.startsWith('..') ? rel : p;
};

export function selectionText(s: RunFacts['selection']): string | undefined {
  const parts = [
    s.pattern ? `-t '${s.pattern}'` : '',
    s.paths?.length ? `paths ${s.paths.join(' ')}` : '',
    s.shard ? `shard ${s.shard.index}/${s.shard.count}` : '',
    ...(s.skippedAreas ?? []).map((a) => `without ${a.area} (${a.why})`),
  ].filter(Boolean);
  return parts.length ? parts.join(', ') : undefined;
}

/** Where the mode came from (harness/config.ts modeOf): read-only is sticky, so the user sees which file set it. */
const modeFrom = (from: string | undefined) => (!from ? '' : from === 'default' ? ' (default)' : ` (from ${from})`);

export function startLines(f: RunFacts, o: { pid: number; reportsDir: string; notes?: string[] }): string[] {
  const l = f.limits;
  const e = f.planned.plan;
  const rate = (n: number, what: string) => (n > 0 ? `${n} ${what}/min` : `${what} unlimited`);
  const limits =
    l.getPerMin || l.writePerMin
      ? `rate limits ${rate(l.getPerMin, 'GETs')}, ${rate(l.writePerMin, 'writes')}`
      : 'no rate limit';
  const selection = selectionText(f.selection);
  let plan: string;
  if (e.checks === 0)
    plan =
      selection && !e.registered
        ? 'no check in the learned budgets (suites/budgets.json) matches the selection'
        : 'no learned request budgets (suites/budgets.json): no estimate';
  else {
    // Registered vs run: the live table and the final table count every registered check, the skipped ones too.
    const skipped = (e.registered ?? e.checks) - e.checks;
    const why = [
      f.mode === 'readonly' ? 'they need a write' : '',
      e.unarchivable?.refused ? 'they create appointment requests' : '',
    ].filter(Boolean);
    if (!why.length) why.push('by their needs');
    const checks =
      skipped > 0
        ? `${e.registered} checks (${e.checks} run, ${skipped} skipped: ${why.join(' or ')})`
        : `${e.checks} checks`;
    plan = `${checks} and ${e.sharedTasks} shared fixtures, about ${e.get} GETs and ${e.write} writes (the preflight's reads and the cleanup's archives come on top)`;
    plan +=
      e.lowerBoundMs > 0
        ? `; at least ${duration(e.lowerBoundMs)} under the rate limits`
        : '; time set by the target (no rate limit)';
  }
  return [
    `Certifying ${f.target.url} (${f.target.kind === 'embedded' ? 'the embedded reference mock' : 'live target'})`,
    `  company ${f.target.companyId} · mode ${f.mode}${modeFrom(f.configSources?.CONFORMANCE_MODE)} · seed ${f.seed} (replay: SEED=${f.seed})`,
    `  selection: ${selection ?? 'the whole catalogue'}${selection || f.mode === 'readonly' ? ' (the verdict covers only this)' : ''}`,
    `  ${f.numRuns} property runs · at most ${l.maxConcurrency} requests in flight · ${limits}`,
    `  timeout ${l.requestTimeoutMs} ms · consistency window ${l.consistencyWindowMs} ms per wait (no new read after it)`,
    `  plan: ${plan}`,
    ...(e.unarchivable
      ? [
          e.unarchivable.refused
            ? `  unarchivable: the selection would leave about ${e.unarchivable.records} appointment request(s), which have no archive (§3); not sent without --allow-unarchivable (the checks that need them are skipped)`
            : `  unarchivable: the run leaves about ${e.unarchivable.records} appointment request(s) on the target: they have no archive (§3)`,
        ]
      : []),
    `  run ${f.runId} (pid ${o.pid}); outputs go to ${shown(o.reportsDir)} when it ends`,
    ...f.warnings.map((w) => `  warning: ${w}`),
    ...(o.notes ?? []).map((n) => `  note: ${n}`),
  ];
}
