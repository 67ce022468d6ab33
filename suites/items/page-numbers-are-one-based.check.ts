import { ContractViolation, expectSuccess, isRecord } from '../../harness/checks/index.js';
import { conformance } from '../../harness/conformance.js';
import { listItems } from './support.js';

/** The two page numbers of a page object, when the page object carries them (its shape has its own check). */
function pageNumbers(body: unknown): { number: number; pageNumber: number; totalCount: number } | undefined {
  if (!isRecord(body) || !isRecord(body.pageable)) return undefined;
  const { number, totalCount } = body;
  const { pageNumber } = body.pageable;
  if (typeof number !== 'number' || typeof pageNumber !== 'number' || typeof totalCount !== 'number') return undefined;
  return { number, pageNumber, totalCount };
}

conformance('ITEM-PAGE-ONE-BASED', async (ctx) => {
  const [first, second] = await Promise.all([listItems(ctx, { size: 1, page: 1 }), listItems(ctx, { size: 1, page: 2 })]);
  for (const [page, res] of [[1, first], [2, second]] as const) {
    expectSuccess(res, `GET /items?page=${page}`);
    const numbers = pageNumbers(res.json);
    if (!numbers) ctx.inconclusive(`page ${page} carries no number / pageable.pageNumber to inspect`);
    if (page === 2 && numbers!.totalCount < 2) continue; // no second page to number
    if (numbers!.number !== page || numbers!.pageNumber !== page) {
      throw new ContractViolation(`page=${page} reported number ${numbers!.number} and pageable.pageNumber ${numbers!.pageNumber}; both must be ${page}`);
    }
  }
});
