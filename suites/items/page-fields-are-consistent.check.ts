import { expectNoViolations, expectSuccess } from '../../harness/checks/index.js';
import { pageCounters, pageInconsistencies } from '../../harness/checks/items-page.js';
import { conformance } from '../../harness/conformance.js';
import { listItems } from './support.js';

// Labor items are never created by the run, so totalCount holds still while the pages are read.
conformance('ITEM-PAGE-CONSISTENT', async (ctx) => {
  const size = 7;
  const query = { type: 'labor', updatedDateEnd: ctx.run.startedAt, size };
  const probe = await listItems(ctx, { ...query, page: 1 });
  expectSuccess(probe, 'GET /items');
  const first = pageCounters.safeParse(probe.json);
  if (!first.success) ctx.inconclusive('the page object lacks the counters to compare (its shape has its own check)');
  const total = first.data!.totalCount;
  const lastPage = Math.max(1, Math.ceil(total / size));
  const pages = [...new Set([2, lastPage, lastPage + 1])].filter((p) => p > 1);
  const responses = await Promise.all(pages.map((page) => listItems(ctx, { ...query, page })));
  const problems = pageInconsistencies(first.data!, 1, size);
  responses.forEach((res, i) => {
    expectSuccess(res, `GET /items?page=${pages[i]}`);
    const body = pageCounters.safeParse(res.json);
    if (!body.success) return ctx.inconclusive(`page ${pages[i]} lacks the counters to compare`);
    if (body.data.totalCount !== total) return ctx.inconclusive('totalCount changed between pages (data changing under the run)');
    problems.push(...pageInconsistencies(body.data, pages[i]!, size).map((p) => `page ${pages[i]}: ${p}`));
  });
  expectNoViolations(problems, 'the items page fields disagree with totalCount');
});
