import type { Query } from '../../harness/client.js';
import { targetTimeOfWrite, type TargetTime } from '../../harness/checks/index.js';
import type { CheckContext } from '../../harness/conformance.js';
import type { UpdatedScope } from './adapter.js';
import { updatedQuery as query, type Window } from './filter-rules.js';
import { collect, collectShowing, DAY_MS, isoSeconds, showsIds, type Listing } from './listing.js';

/** The run's records narrowed to them, read through a window around their writes and one that ended before it. */
export interface UpdatedReads {
  ids: string[];
  narrow: Query;
  writtenAt?: number;
  /** When the target placed the writes, on its own clock (S-TIME-clock-skew): the windows are built around it. */
  at: TargetTime;
  recent: { window: Window; listing: Listing };
  old: { window: Window; listing: Listing };
}

/**
 * The two reads of the run's own records, once per run: the pairwise check judges them too (the
 * narrowing filter beside the updated window). Undefined when the run has no records of its own.
 * The windows are a day around the target's time of the writes and two days before it, on the
 * target's clock (its stamps read back, else the write's `Date` header), never the harness's alone.
 */
export function updatedReads(ctx: CheckContext, u: UpdatedScope): Promise<UpdatedReads | undefined> {
  return ctx.shared(`${u.adapter.name}:updated-reads`, async (s) => {
    const own = await u.runRecords(s);
    if (!own?.ids.length) return undefined;
    const at = targetTimeOfWrite({
      records: own.records ?? [],
      answer: own.answer,
      sentAt: own.writtenAt ?? Date.parse(s.run.startedAt),
    });
    const recent = { start: isoSeconds(at.at.lo - DAY_MS), end: isoSeconds(at.at.hi + DAY_MS), skewMs: at.skewMs };
    const old = { start: '2000-01-01T00:00:00Z', end: isoSeconds(at.at.lo - 2 * DAY_MS), skewMs: at.skewMs };
    const [inRecent, inOld] = await Promise.all([
      // The run's own records may show in a filtered list late: read until they do, within the window.
      collectShowing(
        s,
        u.adapter,
        { ...own.narrow, ...query(recent) },
        `POST ${u.adapter.path} (the run's ${own.ids.join(', ')}) shown in GET ${u.adapter.path} with a recent updated window`,
        showsIds(own.ids),
        { writtenAt: own.writtenAt },
      ),
      collect(s, u.adapter, { ...own.narrow, ...query(old) }),
    ]);
    return {
      ids: own.ids,
      narrow: own.narrow,
      writtenAt: own.writtenAt,
      at,
      recent: { window: recent, listing: inRecent },
      old: { window: old, listing: inOld },
    };
  });
}

/**
 * A window from a day before the run's writes to two days after, on the target's clock where the
 * run's records showed it (else the run's start by the harness's clock, as before any write).
 */
export function aroundWrites(ctx: CheckContext, reads: UpdatedReads | undefined): Window {
  const at = reads?.at.at ?? { lo: Date.parse(ctx.run.startedAt), hi: Date.parse(ctx.run.startedAt) };
  return {
    start: isoSeconds(at.lo - DAY_MS),
    end: isoSeconds(at.hi + 2 * DAY_MS),
    ...(reads ? { skewMs: reads.at.skewMs } : {}),
  };
}
