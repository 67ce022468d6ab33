/**
 * How the shards of a run are dealt (docs/measurements.md, "Shards against one rate-limited target"):
 * for 1 to 3 shards, full and read-only, each shard's files, checks, planned requests and the lower
 * bound of its plan at the documented limits, as the plan line a shard prints would count them.
 * `npx tsx bench/shards.ts`
 */
import { checkFiles, makePlan, readBudgets, selectFiles, SHARD_REFERENCE_LIMITS } from '../harness/run/plan.js';

const budgets = readBudgets();
const all = checkFiles();
for (const mode of ['full', 'readonly'] as const)
  for (const count of [1, 2, 3]) {
    const rows = Array.from({ length: count }, (_, i) => {
      const selection = count > 1 ? { shard: { index: i + 1, count }, mode } : { mode };
      const files = selectFiles(selection, budgets, all);
      const e = makePlan(budgets, selection, files, SHARD_REFERENCE_LIMITS).estimate;
      return `  ${i + 1}/${count}: ${files.length} files, ${e.checks} checks, ${e.get} GETs, ${e.write} writes, bound ${(e.lowerBoundMs / 1000).toFixed(1)} s`;
    });
    console.log(`${mode}, ${count} shard(s)\n${rows.join('\n')}`);
  }
