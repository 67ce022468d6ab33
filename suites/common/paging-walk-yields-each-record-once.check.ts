import {
  describeResponse,
  isSuccess,
  totalNotes,
  unexpectedStatus,
  walkConfirmed,
  type WalkedPage,
} from '../../harness/checks/index.js';
import { conformance, type CheckContext } from '../../harness/conformance.js';
import { fail, verdict } from './judge.js';
import { pagedResources } from './resources.js';

// §8 (size and page; page 1 first as every check counts, shifted to the observed base by the adapters,
// S-PAGE-base), with each resource's list section: walking the pages yields
// each record once, no page holds more than size, and the records the run knows are in the list are
// met. A reported total is a hint only (S-PAGE-totals, S-CONS-counts-vs-contents): it may end a walk,
// and a total that disagrees with the records met is noted, never judged. What lies past the last page (empty,
// a 4xx, the last page again) is the server's choice and ends the walk either way. A walk during
// which the list moved (records still appearing after the run's writes, S-PAGE-stability) judges
// nothing: the list is walked again, and only a violation a still list repeats fails. A list that
// never holds still (the run's own writes showing with a lag, another client of the company) is
// judged on what movement cannot explain, the page sizes, and the row says so (judged in part).
for (const paged of pagedResources) {
  const { adapter } = paged;
  conformance(paged.clause, { needs: paged.needs }, async (ctx: CheckContext) => {
    const scope = await paged.scope(ctx);
    if (!scope) ctx.skip(`nothing to walk in ${adapter.path}`);
    const fetchPage = async (page: number): Promise<WalkedPage> => {
      const res = await adapter.list(ctx, { ...scope.query, size: paged.size, page });
      if (isSuccess(res))
        return {
          page,
          ids: adapter.records(res).map((r) => adapter.idOf(r) ?? JSON.stringify(r)),
          total: adapter.total(res),
          ...(res.exchangeId ? { exchange: res.exchangeId } : {}),
        };
      if (page > 1 && res.status < 500)
        return { page, ids: [], refused: res.status, ...(res.exchangeId ? { exchange: res.exchangeId } : {}) };
      if (page === 1 && res.status < 500)
        ctx.inconclusive(`precondition: GET ${adapter.path} (${scope.note}) was refused (${describeResponse(res)})`);
      return fail(
        'a page of the list was not served',
        unexpectedStatus(
          res,
          'a 2xx status, or a 4xx past the last page',
          `GET ${adapter.path}?size=${paged.size}&page=${page}`,
        ),
      );
    };
    const { walk, failures, stable, walks } = await walkConfirmed(paged.size, fetchPage, {
      maxPages: paged.maxPages,
      expected: scope.expected,
      // A list still filling after the run's writes settles within a second or two (S-CONS-read-after-write).
      pauseMs: 1000,
    });
    if (!stable)
      ctx.partial(
        'the size of every page',
        `repeats and omissions: the list of ${adapter.path} (${scope.note}) kept changing over ${walks} walks, data was written meanwhile (S-PAGE-stability)`,
      );
    const met = walk.pages.reduce((n, p) => n + p.ids.length, 0);
    ctx.observe(
      'walk',
      `${walk.pages.length} page(s) of ${paged.size} (${scope.note}), ended by ${walk.end}, ${walks} walk(s)`,
    );
    const notes = totalNotes(walk);
    if (notes.length) ctx.observe('reported total (a hint, S-PAGE-totals)', notes);
    // The whole list too short to page is the company's data: the clause is not exercised here (the
    // headline says so). A narrowed one may be short because its filter answered too little: undecided.
    if (walk.pages.length < 2 && failures.length === 0) {
      const why = `${adapter.path} (${scope.note}) fits on one page of ${paged.size}: no page boundary to judge`;
      if (Object.keys(scope.query).length === 0) ctx.skip(why);
      ctx.inconclusive(why);
    }
    verdict(
      ctx,
      failures,
      `walking GET ${adapter.path} pages (${scope.note})`,
      met,
      `records met over ${walk.pages.length} pages`,
    );
  });
}
