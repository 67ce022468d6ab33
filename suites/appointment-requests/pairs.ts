import { addDays, isoSeconds, isSuccess, rangeQuery, rangeText } from '../../harness/checks/index.js';
import type { CheckContext } from '../../harness/conformance.js';
import { seededFaker } from '../../generators/random.js';
import { bound, type CountedRead, type Known, type PairRow, type PairwiseScope } from '../common/pairwise.js';
import { appointmentRequests } from './adapter.js';
import { appointmentWindowRule, appointmentUpdatedRule } from './filters.js';
import { fixtureView, MARGIN_DAYS, roles, updatedSample, windowAround, type Stamped } from './fixtures.js';
import { names, updatedRangeReads } from './updated-ranges.js';
import {
  DAY_MS,
  insideStamps,
  outsideStamps,
  startOf,
  startsInsideDays,
  startsOutsideDays,
  type Window,
} from './records.js';

/** The rules of the rows, each made again from the parameters its exchange sent (pairwise.ts `bound`). */
const appointmentIn = (w: Window, names: 'standard' | 'legacy') =>
  bound(appointmentWindowRule(w, names), (p) =>
    appointmentWindowRule(
      names === 'standard'
        ? { start: p.appointmentDateStart!, end: p.appointmentDateEnd! }
        : { start: p.appointmentStartDate!, end: p.appointmentEndDate! },
      names,
    ),
  );
const updatedIn = (w: { start: string; end: string }) =>
  bound(appointmentUpdatedRule(w), (p) =>
    appointmentUpdatedRule({ start: p.updatedDateStart!, end: p.updatedDateEnd! }),
  );

const dayOf = (utc: number) => new Date(utc).toISOString().slice(0, 10);

/**
 * Windows that make both filters narrow, chosen in the sample: an appointment window of the days
 * around a sampled request X, and an updated window from X's last update to that of the nearest
 * requests Y starting outside those days (so Y stays out by the appointment window alone), kept
 * only when some request of those days was updated outside it (it stays out by the updated window
 * alone). Tried from a request the seed picks; a Y on each side of the days where the sample has
 * them (each bound of the appointment window then keeps one out), else the nearest one.
 */
function windowsFrom(
  stamped: readonly Stamped[],
  seed: number,
): { days: Window; updated: { start: string; end: string } } | undefined {
  const timed = stamped.filter((x) => startOf(x.record));
  const start = (x: Stamped) => startOf(x.record)!;
  let best: { days: Window; updated: { start: string; end: string }; bounds: number } | undefined;
  for (const x of seededFaker(seed, 'pairwise:appointment-windows').helpers.shuffle([...timed])) {
    const days = windowAround(dayOf(start(x).utc));
    if (!startsInsideDays(start(x), days)) continue;
    const nearest = (zs: readonly Stamped[]) =>
      [...zs].sort((a, b) => Math.abs(a.at.utc - x.at.utc) - Math.abs(b.at.utc - x.at.utc))[0];
    const outside = timed.filter((z) => startsOutsideDays(start(z), days));
    const [before, after] = [
      nearest(outside.filter((z) => start(z).utc < start(x).utc)),
      nearest(outside.filter((z) => start(z).utc > start(x).utc)),
    ];
    for (const ys of [before && after ? [before, after] : [], [nearest(outside)]]) {
      if (!ys[0]) continue;
      const updated = {
        start: isoSeconds(Math.min(x.at.lo, ...ys.map((y) => y!.at.lo)) - 1000),
        end: isoSeconds(Math.ceil(Math.max(x.at.hi, ...ys.map((y) => y!.at.hi)) / 1000) * 1000 + 1000),
      };
      const [s, e] = [Date.parse(updated.start), Date.parse(updated.end)];
      const inDays = timed.filter((z) => startsInsideDays(start(z), days) && outsideStamps(z.at, s, e));
      if (!inDays.length) continue;
      // How many of the four bounds keep a sampled request out on their own: each is then shown to narrow.
      const bounds = ys.length + Number(inDays.some((z) => z.at.hi < s)) + Number(inDays.some((z) => z.at.lo > e));
      if (!best || bounds > best.bounds) best = { days, updated, bounds };
      if (bounds === 4) return { days, updated };
    }
  }
  return best && { days: best.days, updated: best.updated };
}

/** Widest span of sampled starts one appointment window of the full run covers, in days (the row stays a few pages). */
const SPAN_DAYS = 14;

/**
 * Full runs: windows chosen from the whole sample instead of from a request the seed picks. An
 * appointment window of the days from one sampled start to another (two days of margin each side,
 * as windowAround), holding at least three requests with an update time; the updated window from
 * the second-earliest to the second-latest of their updates, so the earliest stays out by the
 * updated start alone and the latest by the updated end alone (§4.5: both bounds shown narrowing
 * beside the appointment window). Among those, the one where most bounds of the appointment window
 * keep out a sampled request updated inside the updated window, then the fewest requests to read.
 * Undefined when no days of the sample hold three requests updated apart.
 */
function spannedWindows(
  stamped: readonly Stamped[],
): { days: Window; updated: { start: string; end: string } } | undefined {
  const timed = stamped
    .filter((x) => startOf(x.record))
    .sort((a, b) => startOf(a.record)!.utc - startOf(b.record)!.utc);
  const start = (x: Stamped) => startOf(x.record)!;
  let best: { days: Window; updated: { start: string; end: string }; bounds: number; size: number } | undefined;
  const tried = new Set<string>();
  for (let i = 0; i < timed.length; i += 1)
    for (let j = i; j < timed.length && start(timed[j]!).utc - start(timed[i]!).utc <= SPAN_DAYS * DAY_MS; j += 1) {
      const days = {
        start: addDays(dayOf(start(timed[i]!).utc), -MARGIN_DAYS),
        end: addDays(dayOf(start(timed[j]!).utc), MARGIN_DAYS),
      };
      const key = `${days.start} ${days.end}`;
      if (tried.has(key)) continue;
      tried.add(key);
      const inDays = timed.filter((z) => startsInsideDays(start(z), days)).sort((a, b) => a.at.utc - b.at.utc);
      if (inDays.length < 3) continue;
      const [first, second, last, beforeLast] = [inDays[0]!, inDays[1]!, inDays.at(-1)!, inDays.at(-2)!];
      const updated = {
        start: isoSeconds(second.at.lo - 1000),
        end: isoSeconds(Math.ceil(beforeLast.at.hi / 1000) * 1000 + 1000),
      };
      const [s, e] = [Date.parse(updated.start), Date.parse(updated.end)];
      if (!(first.at.hi < s && outsideStamps(first.at, s, e) && last.at.lo > e && outsideStamps(last.at, s, e)))
        continue;
      // Requests of other days updated inside the window: each bound of the appointment window keeping one out.
      const outside = timed.filter((z) => startsOutsideDays(start(z), days) && insideStamps(z.at, s, e));
      const bounds =
        Number(outside.some((z) => start(z).utc < start(timed[i]!).utc)) +
        Number(outside.some((z) => start(z).utc > start(timed[j]!).utc));
      if (!best || bounds > best.bounds || (bounds === best.bounds && inDays.length < best.size))
        best = { days, updated, bounds, size: inDays.length };
    }
  return best && { days: best.days, updated: best.updated };
}

/**
 * §4.5 GET /appointmentRequests: the appointment window (standard names, or their legacy aliases)
 * with the updated window, and with paging. The windows come from the shared sample (the first page
 * of the plain list), so the run needs no write for them; with writes, the run's requests B and C
 * are also walked a page of one at a time through their window, A staying out.
 */
export const appointmentPairs: PairwiseScope = {
  adapter: appointmentRequests,
  clause: 'APPT-FILTERS-COMBINE',
  needs: ['location'],
  plainNarrowing: ['appointment window'],
  async plan(ctx: CheckContext) {
    const sampled = await updatedSample(ctx);
    const pool = new Map<string, Known>();
    const add = (k: Known) => void (pool.has(k.id) || pool.set(k.id, k));
    for (const x of sampled.stamped) add({ id: x.key, record: x.record, from: 'the sample' });
    const rows: PairRow[] = [];
    // Rate-limited runs keep the seeded choice (their rows, and so their requests, stay as they were).
    const w = (!ctx.frugal && spannedWindows(sampled.stamped)) || windowsFrom(sampled.stamped, ctx.seed);
    if (w) {
      const updated = updatedIn(w.updated);
      rows.push(
        {
          label: 'appointmentDateStart/End × updated window',
          rules: [appointmentIn(w.days, 'standard'), updated],
          size: 5,
        },
        {
          label: 'appointmentStartDate/EndDate (legacy) × updated window',
          rules: [appointmentIn(w.days, 'legacy'), updated],
          size: 5,
        },
      );
    }
    // APPT-FILTER-UPDATED-DATE's windows, as it read them: each beside the paging it was read with,
    // held to its total (that check judges their records, allowing for requests updated meanwhile).
    const counted: CountedRead[] =
      !sampled.missing && sampled.stamped.length >= 2
        ? (await updatedRangeReads(ctx, sampled.stamped)).map(({ range, listing }) => ({
            label: `${rangeText(names, range)} (APPT-FILTER-UPDATED-DATE's read)`,
            query: rangeQuery(names, range),
            listing,
          }))
        : [];
    if (ctx.run.mode === 'full' && ctx.target.locationId) {
      const view = await fixtureView(ctx).catch(() => undefined);
      const seen = view
        ? roles.filter((r) => view.seen[r].record && appointmentRequests.idOf(view.seen[r].record!))
        : [];
      for (const r of seen)
        add({
          id: appointmentRequests.idOf(view!.seen[r].record!)!,
          record: view!.seen[r].record!,
          from: `created by the run (${r})`,
          writtenAt: view!.fx.writtenAt,
        });
      if (view && isSuccess(view.fx.creates.B))
        rows.push({
          label: 'appointmentDateStart/End × pages of 1',
          rules: [appointmentIn(view.fx.windows.b, 'standard')],
          size: 1,
        });
    }
    return { known: [...pool.values()], rows, counted };
  },
};
