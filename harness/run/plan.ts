import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Budget } from '../coordination/protocol.js';

/**
 * The request budget of a run: what each check and each shared fixture is expected to send,
 * learned from a run against the embedded mock under live settings (`npm run budgets` writes
 * suites/budgets.json). Admission plans from it, the console prints its estimate before the run,
 * and the certification compares it with what happened.
 */

export interface BudgetEntry extends Budget {
  /** Check key (clause and variant) or 'shared:<key>'. */
  key: string;
  /** The check's test name, as `-t` matches it; absent for shared fixtures. */
  name?: string;
  /** Suite file of a check, for sharding. */
  file?: string;
  /** Shared fixtures a check used (by key), so a filtered run counts only the fixtures it needs. */
  uses?: string[];
}

export interface BudgetFile {
  /** How the budgets were learned: seeds, NUM_RUNS, frugal. */
  learnedWith: Record<string, unknown>;
  entries: BudgetEntry[];
}

export interface PlanEstimate {
  checks: number;
  sharedTasks: number;
  get: number;
  write: number;
  /** max(GETs ÷ GET rate, writes ÷ write rate): no run can be faster under the limits. */
  lowerBoundMs: number;
}

export interface Plan {
  budgets: Record<string, Budget>;
  estimate: PlanEstimate;
}

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const BUDGETS_FILE = join(root, 'suites', 'budgets.json');

/** A check without a learned budget (a new one) is assumed to need this much. */
export const DEFAULT_BUDGET: Budget = { get: 5, write: 1 };

export function readBudgets(file = BUDGETS_FILE): BudgetFile {
  if (!existsSync(file)) return { learnedWith: {}, entries: [] };
  return JSON.parse(readFileSync(file, 'utf8')) as BudgetFile;
}

export function lowerBoundMs(b: Budget, limits: { getPerMin: number; writePerMin: number }): number {
  const time = (n: number, perMin: number) => (perMin > 0 ? (n / perMin) * 60_000 : 0);
  return Math.max(time(b.get, limits.getPerMin), time(b.write, limits.writePerMin));
}

/**
 * The budget of the checks a run selects by `-t` pattern over the test names, plus the shared
 * fixtures those checks use. A shard runs about `share` of the checks (vitest splits by file), so
 * every count of its estimate is that share of the whole.
 */
export function makePlan(file: BudgetFile, limits: { getPerMin: number; writePerMin: number }, select: { pattern?: string; share?: number } = {}): Plan {
  const budgets: Record<string, Budget> = {};
  for (const e of file.entries) budgets[e.key] = { get: e.get, write: e.write };
  const pattern = select.pattern ? new RegExp(select.pattern) : undefined;
  const checks = file.entries.filter((e) => e.name !== undefined && (!pattern || pattern.test(e.name)));
  const used = new Set(checks.flatMap((c) => c.uses ?? []));
  const shared = file.entries.filter((e) => e.name === undefined && used.has(e.key));
  const total = [...checks, ...shared].reduce((t, e) => ({ get: t.get + e.get, write: t.write + e.write }), { get: 0, write: 0 });
  const share = select.share !== undefined && select.share > 0 && select.share < 1 ? select.share : 1;
  const part = (n: number) => Math.ceil(n * share);
  const mine = { get: part(total.get), write: part(total.write) };
  return {
    budgets,
    estimate: { checks: part(checks.length), sharedTasks: part(shared.length), ...mine, lowerBoundMs: lowerBoundMs(mine, limits) },
  };
}

export function budgetOf(run: { plan: Plan }, key: string): Budget {
  return run.plan.budgets[key] ?? DEFAULT_BUDGET;
}
