import { z } from 'zod';

/** The fields of the items page object (§2.7) that the consistency rule relates. */
export const pageCounters = z.looseObject({
  content: z.array(z.unknown()),
  totalCount: z.number(),
  totalPages: z.number(),
  size: z.number(),
  numberOfElements: z.number(),
  empty: z.boolean(),
  first: z.boolean(),
  last: z.boolean(),
  pageable: z.looseObject({ pageSize: z.number() }),
});
export type PageCounters = z.infer<typeof pageCounters>;

/**
 * Derived page fields that disagree with totalCount, the page size served and the page asked for.
 * A server may serve fewer records per page than asked (its maximum is not shown, §8): the page's
 * own `size`, when smaller, is the one the counters must agree with; a larger one serves too much.
 * `size` may also count the records this page returned (S-2.7-items-page-extras): on a short page
 * that reads like a smaller cap, so the counters may agree with the size asked for instead.
 */
export function pageInconsistencies(p: PageCounters, page: number, asked: number): string[] {
  const served = p.size > 0 && p.size < asked ? p.size : asked;
  const asCap = inconsistencies(p, page, asked, served, false);
  if (!asCap.length || served === asked || p.size !== p.content.length) return asCap;
  return inconsistencies(p, page, asked, asked, true).length ? asCap : [];
}

function inconsistencies(p: PageCounters, page: number, asked: number, size: number, sizeIsCount: boolean): string[] {
  const out: string[] = [];
  const totalPages = Math.ceil(p.totalCount / size);
  const expectedCount = Math.max(0, Math.min(size, p.totalCount - (page - 1) * size));
  if (p.size > asked) out.push(`size is ${p.size}, more than the ${asked} asked for`);
  // An empty list may count as no page or as one empty page; the spec does not say which.
  const totalPagesOk = p.totalPages === totalPages || (p.totalCount === 0 && p.totalPages === 1);
  if (!totalPagesOk) out.push(`totalPages is ${p.totalPages}, expected ceil(${p.totalCount}/${size}) = ${totalPages}`);
  if (p.numberOfElements !== p.content.length)
    out.push(`numberOfElements ${p.numberOfElements} differs from content length ${p.content.length}`);
  if (p.content.length !== expectedCount)
    out.push(`page ${page} holds ${p.content.length} records, expected ${expectedCount}`);
  if (p.empty !== (p.content.length === 0)) out.push(`empty is ${p.empty} with ${p.content.length} records`);
  if (p.first !== (page === 1)) out.push(`first is ${p.first} on page ${page}`);
  if (page <= totalPages && p.last !== (page === totalPages))
    out.push(`last is ${p.last} on page ${page} of ${totalPages}`);
  // With size counting the records, pageSize may keep the size asked for.
  if (p.pageable.pageSize !== p.size && !(sizeIsCount && p.pageable.pageSize === asked))
    out.push(`pageable.pageSize is ${p.pageable.pageSize}, size is ${p.size}`);
  return out;
}
