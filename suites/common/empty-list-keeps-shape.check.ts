import { describeResponse, isClientError, shapeViolations } from '../../harness/checks/index.js';
import { conformance, type CheckContext } from '../../harness/conformance.js';
import { fail, expect2xx } from './judge.js';
import { emptyRead, EXAMPLE_PAGE } from './empties.js';
import { emptyLists } from './resources.js';

// §2.7 (boundary): each list whose shape the spec shows, asked with a documented filter no record
// matches at the documented example size (§8), still answers that shape: an empty array, not null.
// A refusal is inconclusive: the maximum page size is not shown (§8). A window that is not empty
// after all proves nothing about the empty case, so it is inconclusive too.
for (const scope of emptyLists) {
  conformance(scope.clause, { variant: `${scope.adapter.name}: empty result` }, async (ctx: CheckContext) => {
    const res = await emptyRead(ctx, scope);
    await ctx.cite(res);
    const what = `GET ${scope.adapter.path} with ${scope.note} (size ${EXAMPLE_PAGE.size}, page ${EXAMPLE_PAGE.page})`;
    if (isClientError(res))
      ctx.inconclusive(`${what} was refused (${describeResponse(res)}); the maximum page size is not shown (§8)`);
    expect2xx(ctx, res, what);
    const violations = shapeViolations(scope.shape, res.json, res);
    if (violations.length) fail(`${what} does not keep the documented shape`, ...violations);
    const count = scope.adapter.records(res).length;
    if (count > 0) ctx.inconclusive(`${what} holds ${count} record(s): not the empty case`);
    ctx.saw(1, `empty answer of the documented shape to ${what}`);
  });
}
