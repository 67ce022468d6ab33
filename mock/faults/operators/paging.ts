import type { ClauseId } from '../../../contract/clauses.js';
import { wrapRoute } from '../../overlay.js';
import { pageRequest } from '../../query.js';
import type { Reply } from '../../http.js';
import type { Handler, RequestContext } from '../../types.js';
import { isSuccess, withQuery, type Json } from '../edit.js';
import { generated, type OperatorOutput } from './operator.js';
import { copy, pageContent } from './records.js';

/**
 * Operator `paging`: pages as production gets them wrong (§8: size and page; each resource's list
 * section says the list is paged). Per paged list: a short last page losing its last record, deep
 * pages serving the page before again, pages overlapping by one record, and a size capped below the
 * one asked while the offsets still count the size asked. Each breaks "each record once, none left
 * out" of the list's paging clause. What §8 leaves open (S-PAGE-*, S-8-*) is listed unreached, totals
 * among them: a total still counting records an archive hid is S-PAGE-totals' cached count.
 */

/** A paged list of the mock and the clause that judges its walk. */
interface PagedList {
  name: string;
  path: string;
  clause: ClauseId;
}

const paged: PagedList[] = [
  { name: 'vehicles', path: '/vehicles', clause: 'VEHICLE-PAGING' },
  { name: 'items', path: '/items', clause: 'ITEM-PAGING' },
  { name: 'customers', path: '/customers', clause: 'CUSTOMER-PAGING' },
  { name: 'appointmentRequests', path: '/appointmentRequests', clause: 'APPT-PAGING' },
  { name: 'purchaseOrders', path: '/purchaseOrders', clause: 'PO-PAGING' },
];

/** The page's list put back, with the items page object's count of elements kept true. */
function withList(body: Json, list: Json[]): Json {
  const b = copy(body);
  pageContent(b)?.set(list);
  if (typeof b?.numberOfElements === 'number') b.numberOfElements = list.length;
  return b;
}

const listOf = (reply: Reply): Json[] => (isSuccess(reply) ? (pageContent(reply.body as Json)?.list ?? []) : []);

/** The reference page `page` at the size asked. */
const pageAt = (next: Handler, ctx: RequestContext, page: number) =>
  next(withQuery(ctx, (q) => q.set('page', String(page))));

/** A wrapper that runs only on a well-formed page request (a bad one is the reference's 400). */
function onPage(edit: (next: Handler, ctx: RequestContext, p: { page: number; size: number }) => Promise<Reply>) {
  return (next: Handler) => async (ctx: RequestContext) => {
    let p;
    try {
      p = pageRequest(ctx.query);
    } catch {
      return next(ctx);
    }
    return edit(next, ctx, p);
  };
}

/** A short last page (fewer records than asked) loses its last record; the total still counts it. */
const shortLastDropsLast = onPage(async (next, ctx, p) => {
  const reply = await next(ctx);
  const list = listOf(reply);
  return list.length > 0 && list.length < p.size ? { ...reply, body: withList(reply.body, list.slice(0, -1)) } : reply;
});

/** Pages from the third on serve the page before (a cursor cache keyed one page late). */
const deepRepeatsPrevious = onPage(async (next, ctx, p) => (p.page >= 3 ? pageAt(next, ctx, p.page - 1) : next(ctx)));

/**
 * Pages step by size - 1: each page opens with the last record of the page before (an inclusive
 * keyset bound, `>=` the last key seen), at the size asked.
 */
const overlapByOne = onPage(async (next, ctx, p) => {
  const reply = await next(ctx);
  if (p.page === 1 || p.size < 2 || !isSuccess(reply)) return reply;
  const offset = (p.page - 1) * (p.size - 1);
  const first = Math.floor(offset / p.size) + 1;
  const rows = [...listOf(await pageAt(next, ctx, first)), ...listOf(await pageAt(next, ctx, first + 1))];
  const start = offset - (first - 1) * p.size;
  return { ...reply, body: withList(reply.body, rows.slice(start, start + p.size)) };
});

/**
 * A size capped below the one asked (one less, at least 1) while the offsets and the total count the
 * size asked: the last record of every full page is never served.
 */
const cappedBelowAsked = onPage(async (next, ctx, p) => {
  const reply = await next(ctx);
  const cap = Math.max(1, p.size - 1);
  const list = listOf(reply);
  return list.length > cap ? { ...reply, body: withList(reply.body, list.slice(0, cap)) } : reply;
});

export function pagingOperator(): OperatorOutput {
  const out: OperatorOutput = { faults: [], unreached: [] };
  const kinds = [
    ['short-last-drops-last', 'a page shorter than size (the last) loses its last record', shortLastDropsLast],
    ['deep-repeats-previous', 'page 3 and later serve the page before again', deepRepeatsPrevious],
    [
      'overlap-by-one',
      'each page opens with the last record of the page before (pages step by size - 1)',
      overlapByOne,
    ],
    [
      'size-capped-below-asked',
      'serves size - 1 records a page while the offsets and the total count the size asked',
      cappedBelowAsked,
    ],
  ] as const;
  for (const l of paged) {
    for (const [kind, note, wrap] of kinds)
      out.faults.push(
        generated(
          'paging',
          `${l.name}.list:${kind}`,
          l.clause,
          `GET ${l.path}: ${note}.`,
          wrapRoute('GET', l.path, wrap),
        ),
      );
  }
  for (const [target, why] of [
    [
      'inventoryLevels.list:*',
      '§4.4 shows no paging for inventory levels and no paging clause judges them (the mock pages them at 100, INVENTORY-STOCKED-ONLY reads one page)',
    ],
    [
      '*.list:zero-based',
      'silences S-PAGE-base, S-4.6-paging: the base of page is open outside items (items: ITEM-PAGE-ONE-BASED, hand-written)',
    ],
    ['*.list:past-the-end', 'silences S-8-past-the-end: empty, a 4xx or the last page again are all choices'],
    [
      '*.list:size-capped-consistently',
      'silences S-8-max-page-size: a cap of its own, with offsets and totals that follow it, is a choice (the fault above caps without moving the offsets)',
    ],
    ['*.list:default-size', 'silences S-8-default-page-size, S-PAGE-unpaged: the harness always sends size and page'],
    [
      '*.list:total-estimated',
      'silences S-PAGE-totals: an estimated, capped or omitted total is a choice; totals are only a hint',
    ],
    [
      '*.list:total-kept-after-archive',
      'silences S-PAGE-totals, S-CONS-counts-vs-contents: a count cached apart from the page is a choice (totals are only noted)',
    ],
    [
      '*.list:shift-under-writes',
      'silences S-PAGE-stability: records moving between pages while the list is written are not a fault',
    ],
  ] as const)
    out.unreached.push({ operator: 'paging', target, why });
  return out;
}
