import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { EXIT } from '../core/exit-codes.js';
import type { JournalEvent, RecordedExchange } from '../core/events.js';
import { BUDGETS_FILE, formatBudgets, readBudgets, type BudgetEntry, type BudgetFile } from '../run/plan.js';
import { runSuites } from '../run/run-suites.js';

/**
 * `npm run budgets`: learns the request budget of every check and shared fixture from runs against
 * the embedded mock under live settings (frugal, the live NUM_RUNS), the largest count over a few
 * seeds, in full mode and in read-only mode, and writes suites/budgets.json, one line per key,
 * sorted, so a new check adds its own line only. `--check` compares a fresh run with the committed
 * file instead and exits 1 when a check has no budget or overruns it.
 *
 * The same code gives the same file: the runs are sequential (one worker, files by path, one check
 * at a time), so no check reads records another made at a moment that varies; a shared fixture's
 * own uses are learned per fixture (not credited to whichever check claimed it first); the seeds
 * are fixed. `--paths`/`-t` learn a subset and rewrite only its lines.
 */
const USAGE =
  'usage: npm run budgets -- [--seeds n] [--num-runs n] [--workers n] [--paths suites/x,…] [-t pattern] [--check]';
function options() {
  try {
    return parseArgs({
      options: {
        seeds: { type: 'string' },
        check: { type: 'boolean' },
        'num-runs': { type: 'string' },
        workers: { type: 'string' },
        paths: { type: 'string' },
        filter: { type: 'string', short: 't' },
        help: { type: 'boolean', short: 'h' },
      },
    }).values;
  } catch (err) {
    console.error(`Configuration error: ${(err as Error).message.split('\n')[0]} (${USAGE})`);
    process.exit(EXIT.usage);
  }
}
const args = options();
if (args.help) {
  console.log(USAGE);
  process.exit(EXIT.ok);
}
const count = (name: string, value: string | undefined, fallback: number) => {
  const n = Number(value ?? fallback);
  if (!Number.isInteger(n) || n < 1) {
    console.error(`Configuration error: --${name} must be a whole number of at least 1 (got "${value}")`);
    process.exit(EXIT.usage);
  }
  return n;
};
const seeds = count('seeds', args.seeds, args.check ? 1 : 3);
/** NUM_RUNS a live run defaults to (harness/config.ts). */
const numRuns = count('num-runs', args['num-runs'], 2);
const workers = count('workers', args.workers, 1);
const selection = {
  ...(args.paths ? { paths: args.paths.split(',').filter(Boolean) } : {}),
  ...(args.filter ? { pattern: args.filter } : {}),
};
const subset = Object.keys(selection).length > 0;
/** Overrun allowed by --check: data-dependent checks vary a little between seeds. */
const slack = (n: number) => Math.ceil(n * 0.5) + 2;

/** §3 gives appointment requests no archive: every accepted create stays on the target. */
const leavesUnarchivable = (ex: RecordedExchange) =>
  ex.method === 'POST' &&
  /\/appointmentRequests\/create(?:\?|$)/.test(ex.url) &&
  ex.status !== undefined &&
  ex.status >= 200 &&
  ex.status < 300;

interface Learned {
  counts: Map<string, { get: number; write: number; unarchivable: number }>;
  /** Shared fixtures each key claimed itself, as 'shared:<key>'. */
  uses: Map<string, Set<string>>;
  checks: Map<string, { name: string; file: string; needs?: string[] }>;
}

function learn(events: readonly JournalEvent[]): Learned {
  const counts: Learned['counts'] = new Map();
  const uses: Learned['uses'] = new Map();
  const checks: Learned['checks'] = new Map();
  const use = (key: string, keys: readonly string[]) => {
    const set = uses.get(key) ?? new Set<string>();
    for (const k of keys) set.add(`shared:${k}`);
    uses.set(key, set);
  };
  for (const e of events) {
    if (e.type === 'check-registered' && e.target === 'main' && e.selected)
      checks.set(e.key, { name: e.name, file: e.file, ...(e.needs ? { needs: e.needs } : {}) });
    else if (e.type === 'check' && e.outcome.target === 'main') use(e.outcome.key, e.outcome.shared);
    else if (e.type === 'shared' && e.target === 'main') use(`shared:${e.key}`, e.uses ?? []);
    else if (e.type === 'exchange') {
      const ex = e.exchange;
      if (ex.target !== 'main' || ['preflight', 'cleanup', 'unattributed'].includes(ex.owner)) continue;
      const c = counts.get(ex.owner) ?? { get: 0, write: 0, unarchivable: 0 };
      c[ex.method === 'GET' ? 'get' : 'write'] += 1;
      if (leavesUnarchivable(ex)) c.unarchivable += 1;
      counts.set(ex.owner, c);
    }
  }
  return { counts, uses, checks };
}

const full = new Map<string, BudgetEntry>();
const readonly = new Map<string, { get: number; uses: Set<string> }>();
for (let i = 0; i < seeds; i++) {
  const seed = 7001 + i * 7919;
  // --check compares the full-mode budgets only (its meaning since it exists), so it learns no read-only pass.
  for (const mode of args.check ? (['full'] as const) : (['full', 'readonly'] as const)) {
    const results = await runSuites({
      faults: [],
      reportsDir: resolve('reports', '.budgets', `${seed}-${mode}`),
      seed,
      frugal: true,
      numRuns,
      mode,
      maxWorkers: workers,
      sequential: true,
      ...(subset ? { selection } : {}),
    });
    const l = learn(results.events);
    const keys = [...new Set([...l.counts.keys(), ...l.checks.keys(), ...l.uses.keys()])];
    for (const key of keys) {
      const c = l.counts.get(key) ?? { get: 0, write: 0, unarchivable: 0 };
      if (mode === 'readonly') {
        const prev = readonly.get(key);
        readonly.set(key, {
          get: Math.max(prev?.get ?? 0, c.get),
          uses: new Set([...(prev?.uses ?? []), ...(l.uses.get(key) ?? [])]),
        });
        continue;
      }
      const check = l.checks.get(key);
      const prev = full.get(key);
      const uses = [...new Set([...(prev?.uses ?? []), ...(l.uses.get(key) ?? [])])].sort();
      const unarchivable = Math.max(prev?.unarchivable ?? 0, c.unarchivable);
      full.set(key, {
        key,
        ...(check ? { name: check.name, file: check.file } : {}),
        ...(uses.length ? { uses } : {}),
        ...(check?.needs ? { needs: check.needs } : {}),
        get: Math.max(prev?.get ?? 0, c.get),
        write: Math.max(prev?.write ?? 0, c.write),
        ...(unarchivable ? { unarchivable } : {}),
      });
    }
    console.log(`budgets: seed ${seed}, ${mode}: ${results.checks.length} checks, ${l.counts.size} keys that sent`);
  }
}
// A key that ran in read-only mode carries what it sent there; a key absent there did not run (skipped by needs).
for (const [key, e] of full) {
  const ro = readonly.get(key);
  if (!ro || (e.needs?.includes('write') && ro.get === 0)) continue;
  const uses = [...ro.uses].sort();
  full.set(key, { ...e, readonly: { get: ro.get, ...(uses.length ? { uses } : {}) } });
}

const entries = [...full.values()].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
const total = entries.reduce((t, e) => ({ get: t.get + e.get, write: t.write + e.write }), { get: 0, write: 0 });

if (args.check) {
  const committed = new Map(readBudgets().entries.map((e) => [e.key, e]));
  const problems: string[] = [];
  for (const e of entries) {
    const b = committed.get(e.key);
    if (!b) problems.push(`${e.key}: no budget in suites/budgets.json (run npm run budgets)`);
    else if (e.get > b.get + slack(b.get) || e.write > b.write + slack(b.write))
      problems.push(`${e.key}: used ${e.get} GETs and ${e.write} writes, budget ${b.get} and ${b.write}`);
  }
  if (!subset)
    for (const key of committed.keys())
      if (!full.has(key)) problems.push(`${key}: budgeted but no longer run (run npm run budgets)`);
  for (const p of problems) console.log(`  ${p}`);
  console.log(
    `budgets --check: ${problems.length ? `${problems.length} problem(s)` : 'the committed budgets hold'} (${entries.length} keys, ${total.get} GETs and ${total.write} writes this run)`,
  );
  process.exit(problems.length ? 1 : 0);
}

// A subset rewrites its own lines and keeps the others as committed.
const merged = subset
  ? [
      ...new Map([
        ...readBudgets().entries.map((e) => [e.key, e] as const),
        ...entries.map((e) => [e.key, e] as const),
      ]).values(),
    ]
  : entries;
const file: BudgetFile = {
  learnedWith: {
    seeds,
    numRuns,
    frugal: true,
    modes: ['full', 'readonly'],
    order: 'sequential',
    target: 'embedded mock',
  },
  entries: merged,
};
writeFileSync(BUDGETS_FILE, formatBudgets(file));
console.log(
  `budgets: ${entries.length} keys learned (${total.get} GETs and ${total.write} writes), ${merged.length} in all → ${join('suites', 'budgets.json')}`,
);
