import {
  boundAtInstant,
  isSuccess,
  rangeCase,
  rangeQuery,
  rangeShape,
  rangeText,
  skewOf,
  updatedStampOf,
  updatedValueOf,
  type KnownTime,
  type Range,
  type Span,
} from '../../harness/checks/index.js';
import { conformance, type CheckContext } from '../../harness/conformance.js';
import type { Rec, ResourceAdapter, UpdatedScope } from './adapter.js';
import { answersOf, judgeFilter, precondition, type JudgedCase } from './judge.js';
import { collect, DAY_MS } from './listing.js';
import { updatedScopes } from './resources.js';
import { updatedReads } from './updated-reads.js';

const names = { start: 'updatedDateStart', end: 'updatedDateEnd' };
const at = (ms: number, edge: 'start' | 'end') => boundAtInstant(edge, ms);
/** §4.1, §4.2: the bounds are ISO 8601 datetimes, whole seconds in UTC (the only form those sections name). */
const range = (start?: number, end?: number): Range => ({
  ...(start !== undefined ? { start: at(start, 'start') } : {}),
  ...(end !== undefined ? { end: at(end, 'end') } : {}),
});
const what = (u: UpdatedScope, r: Range, narrow = '') =>
  `GET ${u.adapter.path}?${rangeText(names, r)}${narrow} (${rangeShape(r)})`;

/** A listed record's update time (not a documented field of §2.1 or §2.2), where one is found. */
const stampOf = (r: Rec): Span | undefined => {
  const t = updatedStampOf(r);
  return t === undefined ? undefined : { lo: t, hi: t };
};
const shownOf = (adapter: ResourceAdapter, records: readonly Rec[]) =>
  records.map((r) => ({
    id: adapter.idOf(r),
    label: `${adapter.idOf(r)} updated ${JSON.stringify(updatedValueOf(r))}`,
    at: stampOf(r),
  }));

/** Judged cases, and the target's now as their answers showed it (S-TIME-clock-skew): the future reads start after it. */
type Judged = { cases: JudgedCase[]; now: () => number };

/**
 * The run's records, created now, narrowed by a documented filter: both bounds around their writes
 * (they come back) and both bounds ending two days before (they stay out); each bound alone where
 * it keeps them out (an end two days before), and in a full run where it keeps them in (a start a
 * day before, an end a day after). Under rate limits only the end alone is added to the two pairs,
 * which the pairwise check reads too. Every bound is on the target's clock (updated-reads.ts).
 */
async function withRunRecords(ctx: CheckContext, u: UpdatedScope): Promise<Judged | undefined> {
  // The pair around the run and the pair before it are shared with the pairwise check (updated-reads.ts).
  const reads = await updatedReads(ctx, u);
  if (!reads) return undefined;
  const { lo, hi } = reads.at.at;
  const known: KnownTime[] = reads.ids.map((id) => ({
    id,
    at: reads.at.at,
    why: `the run created ${id} (${reads.at.why})`,
  }));
  const asRange = (w: { start: string; end: string }) => range(Date.parse(w.start), Date.parse(w.end));
  const more = ctx.frugal
    ? [range(undefined, lo - 2 * DAY_MS)]
    : [range(undefined, lo - 2 * DAY_MS), range(lo - DAY_MS), range(undefined, hi + DAY_MS)];
  const narrow = `&${Object.entries(reads.narrow)
    .map(([k, v]) => `${k}=${String(v)}`)
    .join('&')}`;
  const others = await Promise.all(
    more.map((r) => collect(ctx, u.adapter, { ...reads.narrow, ...rangeQuery(names, r) })),
  );
  const all = [
    { r: asRange(reads.recent.window), l: reads.recent.listing },
    { r: asRange(reads.old.window), l: reads.old.listing },
    ...more.map((r, i) => ({ r, l: others[i]! })),
  ];
  for (const { r, l } of all) {
    await ctx.cite(...l.responses);
    precondition(ctx, l.first, what(u, r, narrow));
  }
  const cases = all.map(({ r, l }) => ({
    ...rangeCase({
      range: r,
      what: what(u, r, narrow),
      known,
      returned: l.ids,
      complete: l.complete,
      shown: shownOf(u.adapter, l.records),
    }),
    ...answersOf(l, u.adapter),
  }));
  // Nothing the target stamped lies after its now: the latest stamp bounds it from below too.
  return { cases, now: () => Math.max(Date.now() + reads.at.skewMs, hi) };
}

/** Sampled records spread over their update times: the first, the last and one between. */
function spread(records: readonly Rec[], count: number): Rec[] {
  const sorted = [...records].sort((a, b) => updatedStampOf(a)! - updatedStampOf(b)!);
  if (sorted.length <= count) return sorted;
  return [
    ...new Set(
      Array.from({ length: count }, (_, i) => sorted[Math.round((i * (sorted.length - 1)) / Math.max(1, count - 1))]!),
    ),
  ];
}

/**
 * Without writes: update times located in the listed records. Around each of a few sampled records,
 * a window of a few seconds (so the filtered list is short and read to its end however large the
 * data): the record comes back, and sampled records updated outside it stay out. A left-out record
 * read again with another update time was updated meanwhile and is not judged.
 */
async function withLocatedTimes(ctx: CheckContext, u: UpdatedScope): Promise<Judged> {
  const sample = await u.sample(ctx);
  precondition(ctx, sample, `GET ${u.adapter.path}`);
  // The target's clock as its answer showed it (read shortly before; days matter here, not seconds).
  const skewMs = skewOf(sample);
  const latest = Math.max(...u.adapter.records(sample).map((r) => updatedStampOf(r) ?? -Infinity));
  await ctx.cite(sample);
  const timed = u.adapter.records(sample).filter((r) => updatedStampOf(r) !== undefined && u.adapter.idOf(r));
  if (timed.length < 2)
    ctx.inconclusive(
      `the ${u.adapter.name} records show ${timed.length ? 'one update time' : 'no update time'} to choose windows from (not a documented field)`,
    );
  const t = (r: Rec) => updatedStampOf(r)!;
  const picks = spread(timed, ctx.frugal ? 2 : 3);
  const cases = await Promise.all(
    picks.map(async (pick) => {
      const r = range(t(pick) - 1000, t(pick) + 1000);
      const got = await collect(ctx, u.adapter, rangeQuery(names, r), { maxPages: 2 });
      await ctx.cite(...got.responses);
      precondition(ctx, got.first, what(u, r));
      let known = timed;
      const missing = timed.filter(
        (x) => t(x) > t(pick) - 1000 && t(x) < t(pick) + 1000 && !got.ids.includes(u.adapter.idOf(x)!),
      );
      if (missing.length && got.complete && u.adapter.get) {
        // Shared data: a record updated between the two reads moved, and proves nothing either way.
        const now = await Promise.all(missing.map((x) => u.adapter.get!(ctx, u.adapter.idOf(x)!)));
        const moved = missing.filter((x, i) => {
          const res = now[i]!;
          const record = isSuccess(res) ? u.adapter.recordIn?.(res, u.adapter.idOf(x)!) : undefined;
          return record !== undefined && JSON.stringify(updatedValueOf(record)) !== JSON.stringify(updatedValueOf(x));
        });
        if (moved.length)
          ctx.observe(
            'updated between the reads',
            moved.map((x) => u.adapter.idOf(x)),
          );
        known = timed.filter((x) => !moved.includes(x));
      }
      const times = known.map((x) => ({
        id: u.adapter.idOf(x)!,
        at: stampOf(x)!,
        why: `the list shows it updated ${new Date(t(x)).toISOString()}`,
      }));
      return {
        ...rangeCase({
          range: r,
          what: what(u, r),
          known: times,
          returned: got.ids,
          complete: got.complete,
          shown: shownOf(u.adapter, got.records),
        }),
        ...answersOf(got, u.adapter),
      };
    }),
  );
  return { cases, now: () => Math.max(Date.now() + skewMs, latest) };
}

// §4.1, §4.2 updatedDateStart / updatedDateEnd (ISO 8601), each bound alone or both: records last
// updated inside the range come back, the others stay out (the one range judge of
// harness/checks/ranges.ts), and nothing comes back for a start two days ahead of the target's
// clock (S-TIME-clock-skew: never the harness's): with the end three days ahead in a full run,
// alone under rate limits (where it replaces the pair). The future reads follow the others, whose
// answers show that clock: no request more.
for (const u of updatedScopes) {
  conformance(u.clause, async (ctx: CheckContext) => {
    const own = ctx.run.mode === 'full' ? await withRunRecords(ctx, u) : undefined;
    const { cases, now: targetNow } = own ?? (await withLocatedTimes(ctx, u));
    const now = targetNow();
    const future = ctx.frugal ? range(now + 2 * DAY_MS) : range(now + 2 * DAY_MS, now + 3 * DAY_MS);
    const futureAlone = range(now + 2 * DAY_MS);
    const ahead = ctx.frugal ? [future] : [future, futureAlone];
    const inFuture = await Promise.all(
      ahead.map((r) => u.adapter.list(ctx, { ...rangeQuery(names, r), size: 10, page: 1 })),
    );
    await ctx.cite(...inFuture);
    inFuture.forEach((res, i) => precondition(ctx, res, what(u, ahead[i]!)));
    // Nothing can have been updated two days ahead: every record each answer lists is one too many.
    const aheadCases = inFuture.map((res, i): JudgedCase => ({
      expected: [],
      excluded: [],
      returned: [],
      complete: true,
      mismatched: u.adapter.records(res).map((r) => ({
        id: u.adapter.idOf(r),
        message: `${u.adapter.idOf(r)} came back for ${rangeText(names, ahead[i]!)}, which starts two days ahead`,
      })),
      res,
    }));
    judgeFilter(ctx, `GET ${u.adapter.path} with updatedDateStart, updatedDateEnd or both`, ...cases, ...aheadCases);
  });
}
