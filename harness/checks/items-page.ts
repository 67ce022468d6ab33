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
 */
export function pageInconsistencies(p: PageCounters, page: number, asked: number): string[] {
  const out: string[] = [];
  const size = p.size > 0 && p.size < asked ? p.size : asked;
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
  if (p.pageable.pageSize !== p.size) out.push(`pageable.pageSize is ${p.pageable.pageSize}, size is ${p.size}`);
  return out;
}
