import { isSuccess } from '../../harness/checks/index.js';
import { conformance, type CheckContext } from '../../harness/conformance.js';
import { seededPick } from './ranges.js';
import { adapters } from './resources.js';

// §8: default and maximum page sizes are not shown; recorded for the lists with documented paging
// (no size, and size=1000), never failed. Under rate limits one list per run, chosen with SEED.
conformance('PAGE-SIZE-LIMITS', async (ctx: CheckContext) => {
  const documented = adapters.filter((a) => a.documentedList);
  const lists = ctx.frugal ? [seededPick(ctx, 'page-size-limits', documented)] : documented;
  const answers = await Promise.all(
    lists.flatMap((a) => [a.list(ctx, { page: 1 }), a.list(ctx, { size: 1000, page: 1 })]),
  );
  lists.forEach((a, i) => {
    const [plain, large] = [answers[2 * i]!, answers[2 * i + 1]!];
    ctx.observe(`${a.name}: no size`, isSuccess(plain) ? `${a.records(plain).length} records` : `HTTP ${plain.status}`);
    ctx.observe(
      `${a.name}: size=1000`,
      isSuccess(large) ? `${a.records(large).length} records` : `HTTP ${large.status}`,
    );
  });
});
