import { fieldMismatch, isRecord, isSuccess, type Failure } from '../../harness/checks/index.js';
import { conformance, type CheckContext } from '../../harness/conformance.js';
import { fail, precondition } from '../common/judge.js';
import { itemPages } from './fixtures.js';

/** The page numbers a page object shows, when it shows them (its shape has its own check). */
function pageNumbers(body: unknown): { number: number; pageNumber: number; totalPages?: number } | undefined {
  if (!isRecord(body) || !isRecord(body.pageable)) return undefined;
  const { number, totalPages } = body;
  const { pageNumber } = body.pageable;
  if (typeof number !== 'number' || typeof pageNumber !== 'number') return undefined;
  return { number, pageNumber, totalPages: typeof totalPages === 'number' ? totalPages : undefined };
}

// §2.7: number and pageable.pageNumber are 1-based (page=1 gives number 1). Judged on pages that
// exist: what a page past the last reports is not shown.
conformance('ITEM-PAGE-ONE-BASED', async (ctx: CheckContext) => {
  const { pages } = await itemPages(ctx);
  precondition(ctx, pages[1], 'GET /items?page=1');
  const first = ctx.need(
    pageNumbers(pages[1]!.json),
    'page 1 carries no number / pageable.pageNumber to inspect (the page object shape has its own check)',
  );
  for (const [page, res] of Object.entries(pages).map(([p, r]) => [Number(p), r] as const)) {
    if (!isSuccess(res)) continue;
    const n = pageNumbers(res.json);
    if (!n || (page > 1 && first.totalPages !== undefined && page > first.totalPages)) continue;
    await ctx.cite(res);
    const wrong: Failure[] = [];
    if (n.number !== page) wrong.push(fieldMismatch(`page=${page}`, 'number', page, n.number, res, 'number'));
    if (n.pageNumber !== page)
      wrong.push(fieldMismatch(`page=${page}`, 'pageable.pageNumber', page, n.pageNumber, res, 'pageable.pageNumber'));
    if (wrong.length) fail(`page=${page} is not numbered ${page} (1-based)`, ...wrong);
    ctx.saw(1, `page ${page} numbered ${page}`);
  }
});
