import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { EXIT } from '../core/exit-codes.js';
import { BUDGETS_FILE, readBudgets, type BudgetEntry, type BudgetFile } from '../run/plan.js';
import { runSuites } from '../run/run-suites.js';

/**
 * `npm run budgets`: learns the request budget of every check and shared fixture from runs against
 * the embedded mock under live settings (frugal, the live NUM_RUNS), the largest count over a few
 * seeds, and writes suites/budgets.json. `--check` compares a fresh run with the committed file
 * instead and exits 1 when a check has no budget or overruns it.
 */
const USAGE = 'usage: npm run budgets -- [--seeds n] [--num-runs n] [--check]';
function options() {
  try {
    return parseArgs({
      options: {
        seeds: { type: 'string' },
        check: { type: 'boolean' },
        'num-runs': { type: 'string' },
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
/** Overrun allowed by --check: data-dependent checks vary a little between seeds. */
const slack = (n: number) => Math.ceil(n * 0.5) + 2;

const learned = new Map<string, BudgetEntry>();
for (let i = 0; i < seeds; i++) {
  const seed = 7001 + i * 7919;
  const results = await runSuites({
    faults: [],
    reportsDir: resolve('reports', '.budgets', String(seed)),
    seed,
    frugal: true,
    numRuns,
  });
  const counts = new Map<string, { get: number; write: number }>();
  const needs = new Map(
    results.events.flatMap((e) => (e.type === 'check-registered' && e.needs ? [[e.key, e.needs] as const] : [])),
  );
  for (const ex of results.exchanges) {
    if (ex.owner === 'preflight' || ex.owner === 'cleanup' || ex.owner === 'unattributed') continue;
    const key = ex.owner;
    const c = counts.get(key) ?? { get: 0, write: 0 };
    c[ex.method === 'GET' ? 'get' : 'write'] += 1;
    counts.set(key, c);
  }
  const keys = new Set([...counts.keys(), ...results.checks.map((c) => c.key)]);
  for (const key of keys) {
    const check = results.checks.find((c) => c.key === key);
    const c = counts.get(key) ?? { get: 0, write: 0 };
    const prev = learned.get(key);
    learned.set(key, {
      key,
      ...(check
        ? {
            name: check.name,
            file: check.file,
            uses: [...new Set([...(prev?.uses ?? []), ...check.shared.map((s) => `shared:${s}`)])].sort(),
          }
        : {}),
      ...(needs.get(key) ? { needs: needs.get(key) } : {}),
      get: Math.max(prev?.get ?? 0, c.get),
      write: Math.max(prev?.write ?? 0, c.write),
    });
  }
  console.log(`budgets: seed ${seed}: ${results.checks.length} checks, ${counts.size} budgeted keys`);
}

const entries = [...learned.values()].sort((a, b) => a.key.localeCompare(b.key));
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
  for (const key of committed.keys())
    if (!learned.has(key)) problems.push(`${key}: budgeted but no longer run (run npm run budgets)`);
  for (const p of problems) console.log(`  ${p}`);
  console.log(
    `budgets --check: ${problems.length ? `${problems.length} problem(s)` : 'the committed budgets hold'} (${entries.length} keys, ${total.get} GETs and ${total.write} writes this run)`,
  );
  process.exit(problems.length ? 1 : 0);
}

const file: BudgetFile = { learnedWith: { seeds, numRuns, frugal: true, target: 'embedded mock' }, entries };
writeFileSync(BUDGETS_FILE, `${JSON.stringify(file, null, 2)}\n`);
console.log(
  `budgets: ${entries.length} keys, ${total.get} GETs and ${total.write} writes in all → ${join('suites', 'budgets.json')}`,
);
