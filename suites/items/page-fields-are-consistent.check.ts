import { inconsistency, isSuccess, type Failure } from '../../harness/checks/index.js';
import { pageCounters, pageInconsistencies } from '../../harness/checks/items-page.js';
import { conformance, type CheckContext } from '../../harness/conformance.js';
import { precondition, verdict } from '../common/judge.js';
import { itemPages } from './fixtures.js';

// §2.7: first, last, totalPages, numberOfElements, empty and size agree with totalCount and the page
// asked. Judged on pages 1, 2 and the last of a set the run does not change.
conformance('ITEM-PAGE-CONSISTENT', async (ctx: CheckContext) => {
  const { pages, size } = await itemPages(ctx);
  precondition(ctx, pages[1], 'GET /items');
  const first = pageCounters.safeParse(pages[1]!.json);
  if (!first.success) ctx.inconclusive('the page object lacks the counters to compare (its shape has its own check)');
  const total = first.data.totalCount;
  if (total === 0) ctx.inconclusive('no item was last updated before the run: an empty list has no pages to compare');
  const problems: Failure[] = [];
  let judged = 0;
  for (const [page, res] of Object.entries(pages).map(([p, r]) => [Number(p), r] as const)) {
    if (page > Math.ceil(total / size)) continue;
    precondition(ctx, res, `GET /items?page=${page}`);
    await ctx.cite(res);
    const body = pageCounters.safeParse(res.json);
    if (!body.success || !isSuccess(res)) continue;
    if (body.data.totalCount !== total)
      ctx.inconclusive('totalCount changed between pages: data changed under the run');
    judged += 1;
    problems.push(
      ...pageInconsistencies(body.data, page, size).map((p) =>
        inconsistency(`page ${page}: ${p}`, res, { what: 'the page counters and totalCount' }),
      ),
    );
  }
  verdict(ctx, problems, 'the items page fields disagree with totalCount', judged, 'pages compared with totalCount');
});
