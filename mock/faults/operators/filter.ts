import { documentedLists, type DocumentedList } from '../../../contract/documented-filters.js';
import type { Handler, RequestContext } from '../../types.js';
import { wrapRoute } from '../../overlay.js';
import { editRequest, isSuccess, withQuery, withoutQuery } from '../edit.js';
import { generated, type OperatorOutput } from './operator.js';
import { copy, pageContent } from './records.js';

/**
 * Operator `filter` over the documented filters of each list (contract/documented-filters.ts):
 * each filter ignored alone; ignored only when another documented parameter is sent beside it
 * (each other filter, and `page`); ignored only when `source` is omitted (purchase orders: the
 * union of §4.6); and applied after paging (the page is cut from the unfiltered list, then filtered).
 */

/** The filtered set as a reference read gives it, walked page by page (100 a page: the mock's maximum). */
async function everyMatch(next: Handler, ctx: RequestContext): Promise<Set<string>> {
  const seen = new Set<string>();
  for (let page = 1; page <= 60; page += 1) {
    const reply = await next(withQuery(ctx, (q) => (q.set('page', String(page)), q.set('size', '100'))));
    const c = isSuccess(reply) ? pageContent(reply.body) : undefined;
    if (!c) break;
    for (const r of c.list) seen.add(JSON.stringify(r));
    if (c.list.length < 100) break;
  }
  return seen;
}

export function filterOperator(): OperatorOutput {
  const out: OperatorOutput = { faults: [], unreached: [] };
  for (const [name, list] of Object.entries(documentedLists) as [string, DocumentedList][]) {
    const filters = Object.keys(list.filters);
    for (const [param, clause] of Object.entries(list.filters)) {
      const at = `${name}.${param}`;
      out.faults.push(
        generated(
          'filter',
          `${at}:ignored`,
          clause,
          `${list.section} ignores ${param}.`,
          editRequest('GET', list.path, (ctx) => withoutQuery(ctx, param)),
        ),
      );
      // Purchase orders: beside paging and the source table only (see ignored-without-source); their other
      // filters are judged together row by row of the source table (PO-FILTERS-COMBINE), not pairwise.
      const beside = name === 'purchaseOrders' ? ['page'] : [...filters.filter((f) => f !== param), 'page'];
      for (const other of beside)
        out.faults.push(
          generated(
            'filter',
            `${at}:ignored-beside-${other}`,
            // The other bound of the same range (or page) is the filter's own clause's to judge: it names both bounds.
            other === 'page' || (list.filters as Record<string, string>)[other] === clause ? clause : list.combined,
            `${list.section} ignores ${param} whenever ${other} is also sent.`,
            editRequest('GET', list.path, (ctx) => (ctx.query.has(other) ? withoutQuery(ctx, param) : ctx)),
          ),
        );
      if (name === 'purchaseOrders')
        out.faults.push(
          generated(
            'filter',
            `${at}:ignored-without-source`,
            'PO-UNION-FILTERED',
            `${list.section} ignores ${param} when source is omitted or all (the union of the three backends).`,
            editRequest('GET', list.path, (ctx) =>
              !ctx.query.has('source') || ctx.query.get('source') === 'all' ? withoutQuery(ctx, param) : ctx,
            ),
          ),
        );
      out.faults.push(
        generated(
          'filter',
          `${at}:after-paging`,
          // Every record listed still matches: what breaks is the filter with size and page (§8), so the
          // list's own clause for its parameters together judges it (pages short of size, a total counting more).
          list.combined,
          `${list.section} cuts the page from the list without ${param}, then drops the records ${param} excludes.`,
          wrapRoute('GET', list.path, (next) => async (ctx) => {
            if (!ctx.query.has(param)) return next(ctx);
            const page = await next(withoutQuery(ctx, param));
            if (!isSuccess(page)) return next(ctx);
            const matches = await everyMatch(next, ctx);
            const body = copy(page.body);
            const c = pageContent(body);
            if (c) c.set(c.list.filter((r) => matches.has(JSON.stringify(r))));
            return { ...page, body };
          }),
        ),
      );
    }
  }
  return out;
}
