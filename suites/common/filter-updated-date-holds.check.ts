import { isSuccess, updatedStampOf, updatedValueOf, type FilterCase } from '../../harness/checks/index.js';
import { conformance, type CheckContext } from '../../harness/conformance.js';
import type { Rec, UpdatedScope } from './adapter.js';
import { updatedOutside as outside, updatedQuery as query, type Window } from './filter-rules.js';
import { judgeFilter, precondition } from './judge.js';
import { collect, DAY_MS, isoSeconds } from './listing.js';
import { updatedScopes } from './resources.js';
import { updatedReads } from './updated-reads.js';

/** The run's records, created now: inside a window around now, outside one that ends before the run. */
async function withRunRecords(ctx: CheckContext, u: UpdatedScope): Promise<FilterCase[] | undefined> {
  const reads = await updatedReads(ctx, u);
  if (!reads) return undefined;
  const { recent, old } = reads;
  await ctx.cite(...recent.listing.responses, ...old.listing.responses);
  precondition(ctx, recent.listing.first, `GET ${u.adapter.path} with an updated window`);
  precondition(ctx, old.listing.first, `GET ${u.adapter.path} with an updated window`);
  return [
    { expected: reads.ids.map((id) => ({ id, why: `the run created it, inside ${recent.window.start} .. ${recent.window.end}` })), excluded: [], returned: recent.listing.ids, complete: recent.listing.complete, mismatched: outside(u.adapter, recent.listing.records, recent.window) },
    { expected: [], excluded: reads.ids.map((id) => ({ id, why: `the run created it after ${old.window.end}` })), returned: old.listing.ids, complete: old.listing.complete, mismatched: outside(u.adapter, old.listing.records, old.window) },
  ];
}

/** Sampled records spread over their update times: the first, the last and one between. */
function spread(records: readonly Rec[], count: number): Rec[] {
  const sorted = [...records].sort((a, b) => updatedStampOf(a)! - updatedStampOf(b)!);
  if (sorted.length <= count) return sorted;
  return [...new Set(Array.from({ length: count }, (_, i) => sorted[Math.round((i * (sorted.length - 1)) / Math.max(1, count - 1))]!))];
}

/**
 * Without writes: update times located in the listed records. Around each of a few sampled records,
 * a window of a few seconds (so the filtered list is short and read to its end however large the
 * data): the record comes back, and sampled records updated outside it stay out. A left-out record
 * read again with another update time was updated meanwhile and is not judged.
 */
async function withLocatedTimes(ctx: CheckContext, u: UpdatedScope): Promise<FilterCase[]> {
  const sample = await u.sample(ctx);
  precondition(ctx, sample, `GET ${u.adapter.path}`);
  await ctx.cite(sample);
  const timed = u.adapter.records(sample).filter((r) => updatedStampOf(r) !== undefined && u.adapter.idOf(r));
  if (timed.length < 2) ctx.inconclusive(`the ${u.adapter.name} records show ${timed.length ? 'one update time' : 'no update time'} to choose windows from (not a documented field)`);
  const at = (r: Rec) => updatedStampOf(r)!;
  const known = (r: Rec) => ({ id: u.adapter.idOf(r)!, why: `the list shows it updated ${new Date(at(r)).toISOString()}` });
  const picks = spread(timed, ctx.frugal ? 2 : 3);
  return Promise.all(
    picks.map(async (pick) => {
      const w = { start: isoSeconds(at(pick) - 1000), end: isoSeconds(Math.ceil(at(pick) / 1000) * 1000 + 1000) };
      const [s, e] = [Date.parse(w.start), Date.parse(w.end)];
      const got = await collect(ctx, u.adapter, query(w), { maxPages: 2 });
      await ctx.cite(...got.responses);
      precondition(ctx, got.first, `GET ${u.adapter.path} with an updated window`);
      let expected = timed.filter((r) => at(r) > s && at(r) < e);
      const missing = expected.filter((r) => !got.ids.includes(u.adapter.idOf(r)!));
      if (missing.length && got.complete && u.adapter.get) {
        // Shared data: a record updated between the two reads moved, and proves nothing either way.
        const now = await Promise.all(missing.map((r) => u.adapter.get!(ctx, u.adapter.idOf(r)!)));
        const moved = missing.filter((r, i) => {
          const res = now[i]!;
          const record = isSuccess(res) ? u.adapter.recordIn?.(res, u.adapter.idOf(r)!) : undefined;
          return record !== undefined && JSON.stringify(updatedValueOf(record)) !== JSON.stringify(updatedValueOf(r));
        });
        if (moved.length) ctx.observe('updated between the reads', moved.map((r) => u.adapter.idOf(r)));
        expected = expected.filter((r) => !moved.includes(r));
      }
      return {
        expected: expected.map(known),
        excluded: timed.filter((r) => at(r) < s - 1000 || at(r) > e + 1000).map(known),
        returned: got.ids,
        complete: got.complete,
        mismatched: outside(u.adapter, got.records, w),
      };
    }),
  );
}

// §4.1, §4.2 updatedDateStart / updatedDateEnd (ISO 8601): records last updated inside the window come
// back, the others stay out, and nothing comes back for a window that lies wholly in the future.
for (const u of updatedScopes) {
  conformance(u.clause, async (ctx: CheckContext) => {
    const future = { start: isoSeconds(Date.now() + 2 * DAY_MS), end: isoSeconds(Date.now() + 3 * DAY_MS) };
    const [own, inFuture] = await Promise.all([ctx.run.mode === 'full' ? withRunRecords(ctx, u) : undefined, u.adapter.list(ctx, { ...query(future), size: 10, page: 1 })]);
    const cases = own ?? (await withLocatedTimes(ctx, u));
    await ctx.cite(inFuture);
    precondition(ctx, inFuture, `GET ${u.adapter.path} with an updated window in the future`);
    const leaked = u.adapter.records(inFuture).map((r) => `${u.adapter.idOf(r)} came back for ${future.start} .. ${future.end}, a window wholly in the future`);
    judgeFilter(ctx, `GET ${u.adapter.path} with updatedDateStart/updatedDateEnd`, ...cases, { expected: [], excluded: [], returned: [], complete: true, mismatched: leaked });
  });
}
