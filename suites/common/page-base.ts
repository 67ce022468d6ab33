import type { ApiResponse, Query } from '../../harness/client.js';
import type { CheckContext } from '../../harness/conformance.js';
import { isSuccess, observedBase, type BaseProbe } from '../../harness/checks/index.js';
import type { Rec } from './adapter.js';

/**
 * The page base of the lists whose base is not stated (S-PAGE-base, S-4.6-paging): vehicles,
 * customers, appointment requests, purchase orders. Items are stated 1-based (§2.7) and are judged,
 * never observed. The checks ask for pages as the examples number them (§8: page 1 is the first);
 * each of these adapters' list sends `page` shifted by the base observed once per run.
 */

/** How a list is read raw (its page sent as given) and its records told apart: an adapter fits. */
export interface BaseReader {
  records(res: ApiResponse): Rec[];
  idOf(record: Rec): string | undefined;
}

const probeOf = (res: ApiResponse, reader: BaseReader): BaseProbe =>
  isSuccess(res)
    ? { ids: reader.records(res).map((r) => reader.idOf(r) ?? JSON.stringify(r)) }
    : { ids: [], refused: res.status };

/** Two records a page: a page one record off (a paging fault) still differs from the page before it. */
const PROBE_SIZE = 2;

/**
 * The first page's number for one list, observed once per run (a shared fixture, two GETs asked
 * together: observedBase). Never judged: a refusal or an error keeps 1, so no target fails for it.
 */
export function pageBase(
  ctx: CheckContext,
  list: string,
  raw: (s: CheckContext, query: Query) => Promise<ApiResponse>,
  reader: BaseReader,
  probeQuery: Query = {},
): Promise<0 | 1> {
  return ctx.shared(`page-base:${list}`, async (s) => {
    try {
      const [zero, one] = await Promise.all([
        raw(s, { ...probeQuery, size: PROBE_SIZE, page: 0 }),
        raw(s, { ...probeQuery, size: PROBE_SIZE, page: 1 }),
      ]);
      const seen = observedBase(probeOf(zero, reader), probeOf(one, reader));
      s.observe(`page base of ${list}`, `first page is page=${seen.base}: ${seen.why}`);
      return seen.base;
    } catch (err) {
      s.observe(`page base of ${list}`, `not observed (${(err as Error).message}): page=1 assumed first`);
      return 1;
    }
  });
}

/**
 * The query with its page (numbered from 1, as the examples and every check count) shifted to the
 * list's observed base; a query without a page is sent as it is (the server's default first page).
 */
export async function onBase(
  ctx: CheckContext,
  list: string,
  query: Query,
  raw: (s: CheckContext, query: Query) => Promise<ApiResponse>,
  reader: BaseReader,
  probeQuery: Query = {},
): Promise<Query> {
  if (query.page === undefined || query.page === null) return query;
  const page = Number(query.page);
  if (!Number.isInteger(page)) return query;
  const base = await pageBase(ctx, list, raw, reader, probeQuery);
  return base === 1 ? query : { ...query, page: page - 1 + base };
}
