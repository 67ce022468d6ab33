import type { ClauseId } from '../../../contract/clauses.js';
import { documentedLists } from '../../../contract/documented-filters.js';
import type { Reply } from '../../http.js';
import { wrapRoute } from '../../overlay.js';
import { DEFAULT_PAGE_SIZE } from '../../query.js';
import type { Handler, RequestContext } from '../../types.js';
import { isSuccess, withQuery, type Json } from '../edit.js';
import { generated, type OperatorOutput } from './operator.js';
import { copy, pageContent } from './records.js';

/**
 * Operator `scope` over the lists the spec documents as a subset: one company (§1, every list), the
 * stocked items (§1, §4.4 inventory levels) and one backend of purchase orders (§4.6 source table).
 * Each list shows records outside its subset: always, only when one documented filter is sent
 * (search included), or only on page 2 and later; a company's list also only on a deep page (past
 * offset 1,000: the tenancy probes read one far past the end of another company's list). The leaked
 * records come from the route itself, asked again without the scope (another company, or the union
 * of backends), so the fault is an answer edit that composes with any server built from the mock's
 * routes.
 */

/** When the leak happens, as a target suffix and a predicate on the request. */
interface When {
  name: string;
  note: string;
  applies: (q: URLSearchParams) => boolean;
}
/** The page size the client asked for, if any. */
const asked = (q: URLSearchParams) => (/^\d+$/.test(q.get('size') ?? '') ? Number(q.get('size')) : undefined);

const always: When = { name: 'plain', note: 'on every request', applies: () => true };
const onPage2: When = {
  name: 'page-2',
  note: 'on page 2 and later only',
  applies: (q) => Number(q.get('page') ?? '1') >= 2,
};
/** Where a deep page starts (issue 28: a big company's list mixing in another company past offset 1,000). */
const DEEP_OFFSET = 1000;
const onDeepPage: When = {
  name: 'deep-page',
  note: 'only on pages past offset 1,000',
  applies: (q) => (Number(q.get('page') ?? '1') - 1) * (asked(q) ?? DEFAULT_PAGE_SIZE) >= DEEP_OFFSET,
};
const whenSent = (param: string): When => ({
  name: `with-${param}`,
  note: `only when ${param} is sent`,
  applies: (q) => q.has(param) && q.get(param) !== '',
});

/** The answer with leaked records among its own, cut to the page size asked (or the page's own length); a refused answer takes the first leak's body. */
function withLeaked(
  own: Reply,
  leaks: Reply[],
  q: URLSearchParams,
  { keep = () => true, first = false }: { keep?: (r: Json) => boolean; first?: boolean } = {},
): Reply {
  const lists = leaks.map((r) => pageContent(r.body)?.list.filter(keep) ?? []).filter((l) => l.length > 0);
  if (!lists.length) return own;
  const base = isSuccess(own) && pageContent(own.body) ? own : leaks.find((r) => pageContent(r.body))!;
  const body = copy(base.body);
  const c = pageContent(body)!;
  const ownList = base === own ? c.list : [];
  const seen = new Set(ownList.map((r) => JSON.stringify(r)));
  const leaked = lists.flat().filter((r) => !seen.has(JSON.stringify(r)));
  // Interleaved, as a query without the scope would order them (or the leak first, as a union
  // ordered by another backend's dates): the leak shows on a full page too.
  const merged = first
    ? [...leaked, ...ownList]
    : Array.from({ length: Math.max(ownList.length, leaked.length) }, (_, i) => [
        ...(i < ownList.length ? [ownList[i]] : []),
        ...(i < leaked.length ? [leaked[i]] : []),
      ]).flat();
  const size = asked(q) ?? Math.max(ownList.length, 1);
  c.set(merged.slice(0, size));
  return { ...base, body };
}

/** The lists §1 scopes to the company asked for: the documented ones and the two whose filters are not shown. */
const companyLists: { name: string; path: string; filters: string[] }[] = [
  ...Object.entries(documentedLists).map(([name, l]) => ({ name, path: l.path, filters: Object.keys(l.filters) })),
  { name: 'customers', path: '/customers', filters: [] },
  { name: 'inventoryLevels', path: '/inventoryLevels', filters: [] },
];

/** The same query for another company (the token is let into it), first page: a list that lost its company predicate. */
function otherCompanies(next: Handler, ctx: RequestContext): Promise<Reply[]> {
  const asked = ctx.query.get('companyId');
  const others = [...ctx.store.companies.keys()].filter((id) => id !== asked);
  return Promise.all(
    others.map((id) =>
      next({
        ...withQuery(ctx, (q) => (q.set('companyId', id), q.set('page', '1'))),
        claims: { ...ctx.claims, companies: [...new Set([...ctx.claims.companies, id])] },
      }),
    ),
  );
}

function companyScope(out: OperatorOutput): void {
  for (const list of companyLists)
    for (const when of [always, ...list.filters.map(whenSent), onPage2, onDeepPage])
      out.faults.push(
        generated(
          'scope',
          `${list.name}.company:${when.name}`,
          'TENANT-LIST-ISOLATION',
          `GET ${list.path} also lists the records of the other companies ${when.note} (§1: every record belongs to one company).`,
          wrapRoute('GET', list.path, (next) => async (ctx) => {
            const own = await next(ctx);
            if (!when.applies(ctx.query)) return own;
            return withLeaked(own, (await otherCompanies(next, ctx)).filter(isSuccess), ctx.query);
          }),
        ),
      );
}

/**
 * A deep page cut from every company's list (a deep path, search index or keyset paging, that lost
 * the company predicate): past offset 1,000 the page is the same page of the companies' lists
 * merged in turn, so two companies asked for it get the same records. The companies' lists are read
 * whole, at the largest size, up to the page's end.
 */
function deepUnion(next: Handler, ctx: RequestContext): Promise<Reply> {
  const size = asked(ctx.query) ?? DEFAULT_PAGE_SIZE;
  const page = Number(ctx.query.get('page') ?? '1');
  const end = page * size;
  const all = [...ctx.store.companies.keys()];
  const listOf = async (id: string): Promise<Json[]> => {
    const out: Json[] = [];
    for (let p = 1; out.length < end; p++) {
      const r = await next({
        ...withQuery(ctx, (q) => (q.set('companyId', id), q.set('page', String(p)), q.set('size', '100'))),
        claims: { ...ctx.claims, companies: [...new Set([...ctx.claims.companies, id])] },
      });
      const got = isSuccess(r) ? (pageContent(r.body)?.list ?? []) : [];
      out.push(...got);
      if (got.length < 100) break;
    }
    return out;
  };
  return Promise.all([next(ctx), ...all.map(listOf)]).then(([own, ...lists]) => {
    if (!isSuccess(own!) || !pageContent(own!.body)) return own!;
    const merged = Array.from({ length: Math.max(...lists.map((l) => l.length)) }, (_, i) =>
      lists.flatMap((l) => (i < l.length ? [l[i]] : [])),
    ).flat();
    const body = copy(own!.body);
    pageContent(body)!.set(merged.slice((page - 1) * size, end));
    return { ...own!, body };
  });
}

function deepUnionScope(out: OperatorOutput): void {
  out.faults.push(
    generated(
      'scope',
      'vehicles.company:deep-union',
      'TENANT-LIST-ISOLATION',
      "GET /vehicles cuts pages past offset 1,000 from every company's vehicles, merged in turn (§1: every record belongs to one company).",
      wrapRoute(
        'GET',
        '/vehicles',
        (next) => (ctx) => (onDeepPage.applies(ctx.query) ? deepUnion(next, ctx) : next(ctx)),
      ),
    ),
  );
  for (const list of companyLists.filter((l) => l.name !== 'vehicles'))
    out.unreached.push({
      operator: 'scope',
      target: `${list.name}.company:deep-union`,
      why: "not generated: no check reads a deep page of this list's own company; the vehicle list stands for the kind (issue 35)",
    });
}

/** §4.6 source table: the backend each source row returns, and the filters §7 rows 6 and 7 let beside it. */
const sourceRows: { row: string; query: Record<string, string>; clause: ClauseId; is: (r: Json) => boolean }[] = [
  {
    row: 'inventory',
    query: { source: 'inventory' },
    clause: 'PO-SOURCE-INVENTORY',
    is: (r) => r.source === 'inventory',
  },
  {
    row: 'online-catalog',
    query: { source: 'online', isPartsCatalog: 'true' },
    clause: 'PO-SOURCE-ONLINE-CATALOG',
    is: (r) => r.source === 'online' && r.integrationSource === 'PartsCatalog',
  },
  {
    row: 'online-other',
    query: { source: 'online', isPartsCatalog: 'false' },
    clause: 'PO-SOURCE-ONLINE-OTHER',
    is: (r) => r.source === 'online' && r.integrationSource !== 'PartsCatalog',
  },
  { row: 'orders', query: { source: 'orders' }, clause: 'PO-SOURCE-ORDERS', is: (r) => r.source === 'orders' },
];
/**
 * Filters refused beside a row, so no leak can show: §7 row 6 (repairOrderId with inventory; its
 * note, "only supported when source=orders or all", is how the mock reads online too), row 7
 * (itemType with orders, and with online false).
 */
const refusedBeside: Record<string, string[]> = {
  inventory: ['repairOrderId'],
  'online-catalog': ['repairOrderId'],
  'online-other': ['itemType', 'repairOrderId'],
  orders: ['itemType'],
};

function sourceScope(out: OperatorOutput): void {
  const po = documentedLists.purchaseOrders;
  for (const row of sourceRows) {
    const filters = Object.keys(po.filters).filter((f) => !refusedBeside[row.row]?.includes(f));
    for (const f of refusedBeside[row.row] ?? [])
      out.unreached.push({
        operator: 'scope',
        target: `purchaseOrders.source-${row.row}:with-${f}`,
        why: `the mock refuses ${f} beside this row (§7 rows 6 and 7), so nothing is listed to leak into`,
      });
    const matches = (q: URLSearchParams) => Object.entries(row.query).every(([k, v]) => q.get(k) === v);
    for (const when of [always, ...filters.map(whenSent), onPage2])
      out.faults.push(
        generated(
          'scope',
          `purchaseOrders.source-${row.row}:${when.name}`,
          // A row alone is its own clause; beside a filter or paging, the clause of the source table's combinations.
          when === always ? row.clause : po.combined,
          `GET /purchaseOrders?${new URLSearchParams(row.query)} also lists orders of the other backends ${when.note} (§4.6 source table).`,
          wrapRoute('GET', po.path, (next) => async (ctx) => {
            const own = await next(ctx);
            if (!isSuccess(own) || !matches(ctx.query) || !when.applies(ctx.query)) return own;
            const union = await next(
              withQuery(ctx, (q) => (q.delete('source'), q.delete('isPartsCatalog'), q.set('page', '1'))),
            );
            return isSuccess(union)
              ? withLeaked(own, [union], ctx.query, { keep: (r) => !row.is(r), first: true })
              : own;
          }),
        ),
      );
  }
}

export function scopeOperator(): OperatorOutput {
  const out: OperatorOutput = { faults: [], unreached: [] };
  companyScope(out);
  deepUnionScope(out);
  sourceScope(out);
  for (const [target, why] of [
    [
      'inventoryLevels.location',
      'the location parameter of §4.4 is not shown (silences S-1-location-param): no check may send one, so none can see a list leave it',
    ],
    [
      'appointmentRequests.location',
      'the location parameter of §4.5 is not named (silences S-1-location-param, S-4.5-list-params)',
    ],
    ['customers.location', 'the customer list parameters are not shown (silences S-4.3 list parameters)'],
    [
      'purchaseOrders.source-*:deep-page',
      'not generated: a source row leaking from page 2 on (the page-2 targets) leaks on the deep pages too, and no check reads a source row past page 2',
    ],
    [
      'inventoryLevels.stocked',
      'which items are stocked is not defined (silences S-2.4-stocked-definition): INVENTORY-STOCKED-ONLY records which items show levels and judges nothing',
    ],
  ] as const)
    out.unreached.push({ operator: 'scope', target, why });
  return out;
}
