import type { Query } from '../../harness/client.js';
import type { CheckContext } from '../../harness/conformance.js';
import type { UpdatedScope } from './adapter.js';
import { updatedQuery as query, type Window } from './filter-rules.js';
import { collect, collectShowing, DAY_MS, isoSeconds, showsIds, type Listing } from './listing.js';

/** The run's records narrowed to them, read through a window around the run and one that ended before it. */
export interface UpdatedReads {
  ids: string[];
  narrow: Query;
  writtenAt?: number;
  recent: { window: Window; listing: Listing };
  old: { window: Window; listing: Listing };
}

/**
 * The two reads of the run's own records, once per run: the pairwise check judges them too (the
 * narrowing filter beside the updated window). Undefined when the run has no records of its own.
 */
export function updatedReads(ctx: CheckContext, u: UpdatedScope): Promise<UpdatedReads | undefined> {
  return ctx.shared(`${u.adapter.name}:updated-reads`, async (s) => {
    const own = await u.runRecords(s);
    if (!own?.ids.length) return undefined;
    const started = Date.parse(s.run.startedAt);
    const recent = { start: isoSeconds(started - DAY_MS), end: isoSeconds(Date.now() + DAY_MS) };
    const old = { start: '2000-01-01T00:00:00Z', end: isoSeconds(started - 2 * DAY_MS) };
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
      recent: { window: recent, listing: inRecent },
      old: { window: old, listing: inOld },
    };
  });
}
