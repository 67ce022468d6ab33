import type { ApiResponse } from '../../harness/client.js';
import { isSuccess } from '../../harness/checks/index.js';
import type { Rec } from '../common/adapter.js';
import type { CheckContext } from '../../harness/conformance.js';
import { updatedWindowRule, windowAmid, type Window } from '../common/filter-rules.js';
import { bound, type Known, type PairRow, type PairwiseScope } from '../common/pairwise.js';
import { aroundWrites, updatedReads } from '../common/updated-reads.js';
import { vehicles } from './adapter.js';
import { customerListing, customerRule, neverArchived, searchRead, searchRule } from './filters.js';
import { fixtureReads, vehicleFixture } from './fixtures.js';
import { vehicleUpdated } from './updated.js';

/** The rules of the rows, each made again from the parameters its exchange sent (pairwise.ts `bound`). */
const customerOf = (id: string) => bound(customerRule(id), (p) => customerRule(p.customerId!));
// What search alone found was read for this very term: sent with another, nothing it found is known to match.
const searchOf = (term: string, found: readonly string[]) =>
  bound(searchRule(term, found), (p) => searchRule(p.search!, p.search === term ? found : []));
// The window's clock (S-TIME-clock-skew) stays with it when rebuilt from what was sent.
const updatedIn = (w: Window) =>
  bound(updatedWindowRule(w), (p) =>
    updatedWindowRule({ start: p.updatedDateStart!, end: p.updatedDateEnd!, skewMs: w.skewMs }),
  );

const known = (m: Map<string, Known>, k: Known) => void (m.has(k.id) || m.set(k.id, k));

/** A make shown by a sampled vehicle of another customer, and what search alone finds for it (read once a run). */
function commonWordRead(
  ctx: CheckContext,
  others: readonly Rec[],
): Promise<{ term: string; res: ApiResponse } | undefined> {
  const term = others.map((r) => r.make).find((m): m is string => typeof m === 'string' && /^[A-Za-z]{3,}$/.test(m));
  if (!term) return Promise.resolve(undefined);
  return ctx.shared('vehicles:search-common-word', async (s) => ({
    term,
    res: await vehicles.list(s, { search: term, size: 50, page: 1 }),
  }));
}

/**
 * §4.1 GET /vehicles: customerId, search and the updated window in pairs, and with paging.
 *
 *   customerId × updated window before the run   VEHICLE-FILTER-UPDATED's read: the customer's older
 *                                                vehicles come back, the run's (newer) and other
 *                                                customers' (sampled, older) stay out
 *   customerId × updated window around the run   the same check's other read: the run's come back,
 *                                                the customer's older ones stay out
 *   customerId × search (the carrier's full VIN)  the carrier comes back (search excludes nothing:
 *                                                S-4.1-search-semantics)
 *   customerId × search for a common word        other customers' vehicles search alone finds stay out
 *   search × updated window around the run       the carrier comes back, by the window this time
 *   search for a common word × window amid       its sampled matches updated before and after the window
 *                                                stay out by one bound each (without rate limits)
 *   customerId × updated window × paging         pages of 2 (without rate limits)
 *
 * Known records: the run's vehicles as read back, the shared sample and the customer's listing.
 */
export const vehiclePairs: PairwiseScope = {
  adapter: vehicles,
  clause: 'VEHICLE-FILTERS-COMBINE',
  needs: ['write', 'customer'],
  plainNarrowing: ['customerId'],
  async plan(ctx: CheckContext) {
    const [fx, reads, byCustomer, search] = await Promise.all([
      vehicleFixture(ctx),
      updatedReads(ctx, vehicleUpdated),
      customerListing(ctx).catch(() => undefined),
      searchRead(ctx).catch(() => undefined),
    ]);
    const pool = new Map<string, Known>();
    for (const { id, record } of fixtureReads(fx, neverArchived))
      known(pool, { id, record, from: 'created by the run', writtenAt: fx.writtenAt });
    for (const record of byCustomer?.listing.records ?? []) {
      const id = vehicles.idOf(record);
      // Read mid-run: a vehicle another check created shows here, yet not in a row read before it.
      if (id)
        known(pool, {
          id,
          record,
          from: `GET /vehicles?customerId=${byCustomer!.customerId}`,
          knownAt: byCustomer!.listing.readTo,
        });
    }
    for (const record of byCustomer && isSuccess(byCustomer.sample) ? vehicles.records(byCustomer.sample) : []) {
      const id = vehicles.idOf(record);
      if (id) known(pool, { id, record, from: 'the sample' });
    }
    const customerId = ctx.target.customerId;
    const rows: PairRow[] = [];
    if (!customerId) return { known: [...pool.values()], rows };
    const around = aroundWrites(ctx, reads);
    if (reads) {
      rows.push(
        {
          label: 'customerId × updated window before the run',
          rules: [customerOf(customerId), updatedIn(reads.old.window)],
          shared: reads.old.listing,
        },
        {
          label: 'customerId × updated window around the run',
          rules: [customerOf(customerId), updatedIn(reads.recent.window)],
          shared: reads.recent.listing,
        },
      );
    }
    if (search && isSuccess(search.res)) {
      const found = vehicles
        .records(search.res)
        .map(vehicles.idOf)
        .filter((x): x is string => !!x);
      const awaits = { ids: found.includes(search.carrier) ? [search.carrier] : [], writtenAt: fx.writtenAt };
      rows.push(
        {
          label: 'customerId × search',
          rules: [customerOf(customerId), searchOf(search.term, found)],
          size: 1,
          awaits,
        },
        {
          label: 'search × updated window around the run',
          rules: [searchOf(search.term, found), updatedIn(around)],
          size: 1,
          awaits,
        },
      );
    }
    // customerId beside a word other customers' vehicles carry too (a make of the sample): every
    // record must still be the customer's, whatever search matches; the word's own read says which
    // of the others search alone finds, so customerId is shown to narrow beside it.
    // Not under rate limits: its own read would make the clause dearer there.
    const common = ctx.frugal ? undefined : await commonWordRead(ctx, byCustomer?.others ?? []);
    if (common && isSuccess(common.res))
      rows.push({
        label: "customerId × search for a word other customers' vehicles carry",
        rules: [
          customerOf(customerId),
          searchOf(
            common.term,
            vehicles
              .records(common.res)
              .map(vehicles.idOf)
              .filter((x): x is string => !!x),
          ),
        ],
        size: 50,
      });
    // search beside the updated window: the sampled vehicles that word finds, updated before and after
    // a window amid them, each kept out by one bound while search admits them (not under rate limits).
    const found = common && isSuccess(common.res) ? vehicles.records(common.res).map(vehicles.idOf) : [];
    const amid =
      common &&
      windowAmid(found.flatMap((id) => (id && pool.get(id)?.from === 'the sample' ? [pool.get(id)!.record] : [])));
    if (common && amid)
      rows.push({
        label: "search for a word other customers' vehicles carry × updated window amid its matches",
        rules: [
          searchOf(
            common.term,
            found.filter((x): x is string => !!x),
          ),
          updatedIn(amid),
        ],
        size: 50,
      });
    // The fixture waited until the customer's list showed its vehicles: read once, at whatever page they sit.
    rows.push({
      label: 'customerId × updated window around the run × pages of 2',
      rules: [customerOf(customerId), updatedIn(around)],
      size: 2,
    });
    return { known: [...pool.values()], rows };
  },
};
