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

/** How long an undecided list waits before it is probed again for a first page (an empty list may fill). */
const REPROBE_MS = 1000;
/** Probes of one list per run at most: past them the base stays unlearnable. */
const MAX_PROBES = 20;

/** One probe's outcome, shared by every worker of the run; `at` says when it was made. */
interface Learned {
  base: 0 | 1 | undefined;
  why: string;
  /** Every list probed answered both pages empty: no record to page, which decides nothing. */
  empty?: boolean;
  at: number;
}

/**
 * Wall time to the microsecond: a probe that ended in the millisecond a read was asked in is not
 * one made since (with Date.now() a list that filled just then stayed unlearnable for that read).
 */
const nowMs = () => performance.timeOrigin + performance.now();

/** The bases this process has learned, per run, target and list: a decided base never changes. */
const decided = new Map<string, Learned>();

/**
 * Probes one list on each query in turn (a filtered source, then the next: S-4.6-paging) until one
 * tells the bases apart (observedBase), in a shared fixture of its own per attempt.
 */
async function probeBase(
  s: CheckContext,
  list: string,
  raw: (s: CheckContext, query: Query) => Promise<ApiResponse>,
  reader: BaseReader,
  probeQueries: readonly Query[],
): Promise<{ base: 0 | 1 | undefined; why: string; empty?: boolean }> {
  const open: string[] = [];
  let empty = true;
  for (const q of probeQueries) {
    const where = Object.keys(q).length ? ` (${new URLSearchParams(q as Record<string, string>).toString()})` : '';
    try {
      const [zero, one] = await Promise.all([
        raw(s, { ...q, size: PROBE_SIZE, page: 0 }),
        raw(s, { ...q, size: PROBE_SIZE, page: 1 }),
      ]);
      const [z, o] = [probeOf(zero, reader), probeOf(one, reader)];
      const seen = observedBase(z, o);
      if (seen.base !== undefined) return { base: seen.base, why: `${seen.why}${where}` };
      if (z.refused !== undefined || o.refused !== undefined || z.ids.length || o.ids.length) empty = false;
      open.push(`${seen.why}${where}`);
    } catch (err) {
      empty = false;
      open.push(`${(err as Error).message}${where}`);
    }
  }
  return { base: undefined, why: open.join('; '), ...(empty ? { empty } : {}) };
}

/**
 * The first page's number for one list (S-PAGE-base), learned only from a probe that tells the bases
 * apart. An empty list (an absent source, or the run's records not yet shown) decides nothing, so
 * the list is probed again on a later read (at most once a second, or whenever a later page is
 * wanted), on the run's records once they show. Each probe is a shared fixture of its own
 * (`page-base:<list>`, then `#2`, `#3` …), so every worker walks the same chain of outcomes.
 */
export async function pageBase(
  ctx: CheckContext,
  list: string,
  raw: (s: CheckContext, query: Query) => Promise<ApiResponse>,
  reader: BaseReader,
  probeQuery: Query | readonly Query[] = {},
  o: { urgent?: boolean } = {},
): Promise<{ base: 0 | 1 | undefined; why: string; empty?: boolean }> {
  const memo = `${ctx.run?.runId}:${ctx.target?.id}:${list}`;
  const known = ctx.run?.runId ? decided.get(memo) : undefined;
  if (known) return known;
  const queries: readonly Query[] = Array.isArray(probeQuery) ? probeQuery : [probeQuery as Query];
  const asked = nowMs();
  let last: Learned | undefined;
  for (let n = 0; n < MAX_PROBES; n++) {
    if (last && !o.urgent && nowMs() - last.at < REPROBE_MS) break;
    const key = n === 0 ? `page-base:${list}` : `page-base:${list}#${n + 1}`;
    last = await ctx.shared(key, async (s): Promise<Learned> => {
      const r = await probeBase(s, list, raw, reader, queries);
      s.observe(
        `page base of ${list}`,
        r.base === undefined ? `not learnable yet: ${r.why}` : `first page is page=${r.base}: ${r.why}`,
      );
      return { ...r, at: nowMs() };
    });
    if (last.base !== undefined) {
      if (ctx.run?.runId) decided.set(memo, last);
      return last;
    }
    // A probe made since this read was asked is as fresh as can be: no further one for it.
    if (last.at > asked) break;
  }
  return last ?? { base: undefined, why: 'not probed' };
}

/**
 * The query with its page (numbered from 1, as the examples and every check count) shifted to the
 * list's observed base; a query without a page is sent as it is (the server's default first page).
 * While the base is not learnable, the first page is asked without `page` (the default first page
 * in either base) and a later page leaves the check inconclusive, never failed (S-PAGE-base).
 */
export async function onBase(
  ctx: CheckContext,
  list: string,
  query: Query,
  raw: (s: CheckContext, query: Query) => Promise<ApiResponse>,
  reader: BaseReader,
  probeQuery: Query | readonly Query[] = {},
): Promise<Query> {
  if (query.page === undefined || query.page === null) return query;
  const page = Number(query.page);
  if (!Number.isInteger(page)) return query;
  const learned = await pageBase(ctx, list, raw, reader, probeQuery, { urgent: page > 1 });
  const { base, why } = learned;
  if (base === undefined) {
    if (page === 1) {
      const { page: _first, ...rest } = query;
      return rest;
    }
    // Every list probed was empty: there is no later page to read, the company's data hold none.
    if (learned.empty) return ctx.skip(`no record to page: ${list}: ${why}`);
    return ctx.inconclusive(`page base not learnable: ${list}: ${why}`);
  }
  return base === 1 ? query : { ...query, page: page - 1 + base };
}
