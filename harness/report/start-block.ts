import { relative } from 'node:path';
import type { Settings } from '../config.js';
import type { PlanEstimate } from '../run/plan.js';
import type { TargetInfo } from '../run/run-info.js';

/**
 * The console's first lines: what is certified, for which company, how (mode, seed, property
 * runs, concurrency, rate limits), what the plan expects and how long the limits make it take,
 * then anything the run fell back on or settled in REPORTS_DIR.
 */
export interface StartFacts {
  target: Pick<TargetInfo, 'publicUrl' | 'kind' | 'companyId'>;
  runId: string;
  pid: number;
  reportsDir: string;
  estimate: PlanEstimate;
  settings: Pick<Settings, 'mode' | 'seed' | 'numRuns' | 'maxConcurrency' | 'rateLimitGetPerMin' | 'rateLimitWritePerMin' | 'requestTimeoutMs' | 'warnings'>;
  /** What the start settled in REPORTS_DIR (a stale lock taken over, a publication finished). */
  notes?: string[];
  shard?: { index: number; count: number };
  filter?: string;
}

export const duration = (ms: number) => (ms >= 90_000 ? `${(ms / 60_000).toFixed(1)} min` : `${Math.max(1, Math.round(ms / 1000))} s`);

const shown = (p: string) => {
  const rel = relative(process.cwd(), p);
  return rel && !rel.startsWith('..') ? rel : p;
};

export function startLines(f: StartFacts): string[] {
  const s = f.settings;
  const e = f.estimate;
  const rate = (n: number, what: string) => (n > 0 ? `${n} ${what}/min` : `${what} unlimited`);
  const limits = s.rateLimitGetPerMin || s.rateLimitWritePerMin ? `rate limits ${rate(s.rateLimitGetPerMin, 'GETs')}, ${rate(s.rateLimitWritePerMin, 'writes')}` : 'no rate limit';
  const selection = [f.filter ? `-t ${JSON.stringify(f.filter)}` : '', f.shard ? `shard ${f.shard.index}/${f.shard.count}` : ''].filter(Boolean).join(', ');
  let plan: string;
  if (e.checks === 0) plan = 'no learned request budgets (suites/budgets.json): no estimate of the requests or the wall time';
  else {
    plan = `${e.checks} checks and ${e.sharedTasks} shared fixtures${selection ? ` (${selection})` : ''}, about ${e.get} GETs and ${e.write} writes`;
    plan += e.lowerBoundMs > 0 ? `; estimated wall time at least ${duration(e.lowerBoundMs)} (the rate limits alone)` : '; wall time set by the target\'s speed (no rate limit)';
  }
  return [
    `Certifying ${f.target.publicUrl} (${f.target.kind === 'embedded' ? 'the embedded reference mock' : 'live target'}) for company ${f.target.companyId}`,
    `  mode ${s.mode} · seed ${s.seed} (replay: SEED=${s.seed}) · ${s.numRuns} property runs · at most ${s.maxConcurrency} requests in flight · ${limits} · timeout ${s.requestTimeoutMs} ms`,
    `  plan: ${plan}`,
    `  run ${f.runId} (pid ${f.pid}); outputs published to ${shown(f.reportsDir)} when it ends`,
    ...s.warnings.map((w) => `  warning: ${w}`),
    ...(f.notes ?? []).map((n) => `  note: ${n}`),
  ];
}
