import type { ClauseId } from '../../../contract/clauses.js';
import type { CompanyData } from '../../model.js';
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
 * pages serving the page before again, pages overlapping by one record, a size capped below the one
 * asked while the offsets and the total still count the size asked, and (where records are archived)
 * a total still counting the archived records a list hides. Each breaks "each record once, as many as
 * the total" of the list's paging clause. What §8 leaves open (S-PAGE-*, S-8-*) is listed unreached.
 */

/** A paged list of the mock, the clause that judges its walk, and (where it archives) its records. */
interface PagedList {
  name: string;
  path: string;
  clause: ClauseId;
  archive?: { records: (c: CompanyData) => Map<string, Json>; status: string };
}

const paged: PagedList[] = [
  {
    name: 'vehicles',
    path: '/vehicles',
    clause: 'VEHICLE-PAGING',
    archive: { records: (c) => c.vehicles, status: 'vehicleStatus' },
  },
  { name: 'items', path: '/items', clause: 'ITEM-PAGING', archive: { records: (c) => c.items, status: 'status' } },
  {
    name: 'customers',
    path: '/customers',
    clause: 'CUSTOMER-PAGING',
    archive: { records: (c) => c.customers, status: 'status' },
  },
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

/** The records each instance saw archived (status moved to Inactive by a PATCH), per store. */
const archivedBy = new WeakMap<object, Set<Json>>();

/** The PATCH notes the records it moved to Inactive. */
function notingArchives(a: NonNullable<PagedList['archive']>) {
  return (next: Handler) => async (ctx: RequestContext) => {
    const all = [...ctx.store.companies.values()].flatMap((c) => [...a.records(c).values()]);
    const before = new Map(all.map((r) => [r, r[a.status]]));
    const reply = await next(ctx);
    const seen = archivedBy.get(ctx.store) ?? new Set<Json>();
    for (const [r, was] of before) if (was !== 'Inactive' && r[a.status] === 'Inactive') seen.add(r);
    archivedBy.set(ctx.store, seen);
    return reply;
  };
}

/** The totals a list reports, wherever its shape keeps them. */
function setTotals(body: Json, from: Json): void {
  const holders = (b: Json) => [b, b?.pagination, b?.results?.pagination].filter((x) => x && typeof x === 'object');
  const src = holders(from);
  for (const h of holders(body))
    for (const key of ['totalCount', 'totalPages', 'totalElements', 'total'])
      if (key in h) {
        const s = src.find((x) => key in x);
        if (s) h[key] = s[key];
      }
}

/**
 * The list leaves out the records archived here (a choice, S-3-archived-visibility) but its total is
 * the count before the archive (a cached count the archive does not refresh).
 */
function totalKeptAfterArchive(a: NonNullable<PagedList['archive']>) {
  return (next: Handler) => async (ctx: RequestContext) => {
    const archived = archivedBy.get(ctx.store);
    if (!archived?.size) return next(ctx);
    const counted = await next(ctx);
    if (!isSuccess(counted)) return counted;
    const maps = [...ctx.store.companies.values()].map((c) => a.records(c));
    const saved = maps.map((m) => [m, [...m.entries()]] as const);
    for (const m of maps) for (const [id, r] of m) if (archived.has(r)) m.delete(id);
    // The handler reads the store before its first await, so the records are back before any other request runs.
    const pending = next(ctx);
    for (const [m, entries] of saved) {
      m.clear();
      for (const [id, r] of entries) m.set(id, r);
    }
    const hidden = await pending;
    if (!isSuccess(hidden)) return hidden;
    const body = copy(hidden.body as Json);
    setTotals(body, counted.body);
    return { ...hidden, body };
  };
}

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
    if (l.archive)
      out.faults.push(
        generated(
          'paging',
          `${l.name}.list:total-kept-after-archive`,
          l.clause,
          `GET ${l.path} leaves archived records out but its total still counts them (a count cached before the archive).`,
          [
            wrapRoute('PATCH', l.path, notingArchives(l.archive)),
            wrapRoute('GET', l.path, totalKeptAfterArchive(l.archive)),
          ],
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
    ['*.list:total-estimated', 'silences S-PAGE-totals: an estimated or omitted total is a choice on a large list'],
    [
      '*.list:shift-under-writes',
      'silences S-PAGE-stability: records moving between pages while the list is written are not a fault',
    ],
    [
      'appointmentRequests.list:total-kept-after-archive',
      'no archive: §4.5 and §4.6 show no archive of requests or orders',
    ],
  ] as const)
    out.unreached.push({ operator: 'paging', target, why });
  return out;
}
