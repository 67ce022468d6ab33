import { itemsPage, type ItemsPage } from '../../contract/schemas.js';
import { expectNoViolations, expectSuccess, schemaViolations } from '../../harness/checks/index.js';
import { conformance } from '../../harness/conformance.js';
import { listItems } from './support.js';

/** The derived fields of one page, as implied by totalCount, size and the page asked for. */
export function pageInconsistencies(p: ItemsPage, page: number, size: number): string[] {
  const out: string[] = [];
  const totalPages = Math.ceil(p.totalCount / size);
  const expectedCount = Math.max(0, Math.min(size, p.totalCount - (page - 1) * size));
  if (p.size !== size) out.push(`size is ${p.size}, requested ${size}`);
  if (p.totalPages !== totalPages) out.push(`totalPages is ${p.totalPages}, expected ceil(${p.totalCount}/${size}) = ${totalPages}`);
  if (p.numberOfElements !== p.content.length) out.push(`numberOfElements ${p.numberOfElements} differs from content length ${p.content.length}`);
  if (p.content.length !== expectedCount) out.push(`page ${page} holds ${p.content.length} records, expected ${expectedCount}`);
  if (p.empty !== (p.content.length === 0)) out.push(`empty is ${p.empty} with ${p.content.length} records`);
  if (p.first !== (page === 1)) out.push(`first is ${p.first} on page ${page}`);
  if (page <= totalPages && p.last !== (page === totalPages)) out.push(`last is ${p.last} on page ${page} of ${totalPages}`);
  if (p.pageable.pageSize !== size) out.push(`pageable.pageSize is ${p.pageable.pageSize}, requested ${size}`);
  return out;
}

conformance('ITEM-PAGE-CONSISTENT', async (ctx) => {
  const size = 7;
  const probe = await listItems(ctx, { size, page: 1 });
  expectSuccess(probe, 'GET /items');
  expectNoViolations(schemaViolations(itemsPage, probe.json), 'GET /items is not a page object');
  const total = (probe.json as ItemsPage).totalCount;
  const lastPage = Math.max(1, Math.ceil(total / size));
  const pages = [...new Set([2, lastPage, lastPage + 1])].filter((p) => p > 1);
  const responses = await Promise.all(pages.map((page) => listItems(ctx, { size, page })));
  const problems = pageInconsistencies(probe.json as ItemsPage, 1, size);
  responses.forEach((res, i) => {
    expectSuccess(res, `GET /items?page=${pages[i]}`);
    const body = res.json as ItemsPage;
    if (body.totalCount !== total) return ctx.inconclusive('totalCount changed between pages (data changing under the run)');
    problems.push(...pageInconsistencies(body, pages[i]!, size).map((p) => `page ${pages[i]}: ${p}`));
  });
  expectNoViolations(problems, 'the items page fields disagree with totalCount');
});
