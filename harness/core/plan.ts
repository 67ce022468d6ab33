import type { Budget, Plan } from './run-info.js';

/** A check without a learned budget (a new one) is assumed to need this much. */
export const DEFAULT_BUDGET: Budget = { get: 5, write: 1 };

export function budgetOf(plan: Pick<Plan, 'budgets'>, key: string): Budget {
  return plan.budgets[key] ?? DEFAULT_BUDGET;
}

/** max(GETs ÷ GET rate, writes ÷ write rate): no run sending these requests can be faster under the limits. */
export function lowerBoundMs(b: Budget, limits: { getPerMin: number; writePerMin: number }): number {
  const time = (n: number, perMin: number) => (perMin > 0 ? (n / perMin) * 60_000 : 0);
  return Math.max(time(b.get, limits.getPerMin), time(b.write, limits.writePerMin));
}
