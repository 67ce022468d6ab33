import type { ApiResponse } from '../../harness/client.js';
import { fieldValue, isSuccess } from '../../harness/checks/index.js';
import type { CheckContext } from '../../harness/conformance.js';
import type { Rec } from '../common/adapter.js';
import { precondition } from '../common/judge.js';
import { collect, collectShowing, showsIds, type Listing } from '../common/listing.js';
import { windowLeft } from '../common/own-records.js';
import type { FilterRule, Known } from '../common/pairwise.js';
import { vehicles } from './adapter.js';
import { fixtureReads, fixtureRecord, vehicleFixture, vehicleSample, type VehicleRole } from './fixtures.js';

/**
 * The GET /vehicles filters of §4.1 as their single-filter checks judge them, and the reads those
 * checks make, shared once per run so that the pairwise check judges the same answers.
 */

export const ownerOf = (r: Rec): string | undefined => {
  const v = fieldValue(r, ['customerId']);
  return v === undefined || v === null || v === '' ? undefined : String(v);
};

/** Roles no check archives: whether an inactive vehicle is still listed is not shown. */
export const neverArchived: readonly VehicleRole[] = ['miles', 'km', 'update-a', 'update-b'];

/** customerId: a vehicle matches when it shows that owner. */
export function customerRule(customerId: string): FilterRule {
  return {
    name: 'customerId',
    query: { customerId },
    admits: (k: Known) => {
      const owner = ownerOf(k.record);
      return owner === undefined ? undefined : owner === customerId ? true : { out: `it belongs to customer ${owner}` };
    },
  };
}

/**
 * search: which fields it covers and how it matches are not shown (§4.1), so a record matches only
 * when search alone was shown to find it; one that carries the word in no field does not.
 */
/**
 * search as a rule of a combined row (S-4.1-search-semantics): what search alone found for the term
 * comes back; nothing is ever expected to stay out by search, since what it matches is not stated
 * (n-grams, fuzzy or token matches find records that show the term nowhere).
 */
export function searchRule(term: string, foundAlone: readonly string[]): FilterRule {
  return {
    name: 'search',
    query: { search: term },
    admits: (k: Known) => (foundAlone.includes(k.id) ? true : undefined),
  };
}

export interface CustomerListing {
  customerId: string;
  /** Vehicles known to be that customer's, with why. */
  expected: { id: string; why: string }[];
  /** Sampled vehicles of other customers (ten at most). */
  others: Rec[];
  sample: ApiResponse;
  listing: Listing;
}

/**
 * The list of one customer's vehicles, read once per run: CUSTOMER_ID with the run's own vehicles
 * when it writes (read until they show), else the owner of a sampled vehicle.
 */
export function customerListing(ctx: CheckContext): Promise<CustomerListing> {
  return ctx.shared('vehicles:customer-listing', async (s) => {
    const sample = await vehicleSample(s);
    precondition(s, sample, 'GET /vehicles');
    const sampled = vehicles.records(sample).filter((r) => ownerOf(r) && vehicles.idOf(r));
    let customerId: string;
    const expected: { id: string; why: string }[] = [];
    let writtenAt: number | undefined;
    if (s.run.mode === 'full' && s.target.customerId) {
      // The run's own vehicles of CUSTOMER_ID, as read back (their owner as the server shows it).
      customerId = s.target.customerId;
      const fx = await vehicleFixture(s);
      writtenAt = fx.writtenAt;
      for (const { id, record } of fixtureReads(fx, neverArchived))
        if (ownerOf(record) === customerId) expected.push({ id, why: `it reads back with customerId ${customerId}` });
    } else {
      const pick = s.need(sampled[0], 'no listed vehicle shows a customerId to filter on');
      customerId = ownerOf(pick)!;
      expected.push({ id: vehicles.idOf(pick)!, why: `the unfiltered list shows it with customerId ${customerId}` });
    }
    const others = sampled.filter((r) => ownerOf(r) !== customerId).slice(0, 10);
    // The run's own vehicles may show in lists late: read until they do, within the window.
    const listing =
      expected.length && s.run.mode === 'full'
        ? await collectShowing(
            s,
            vehicles,
            { customerId },
            `POST /vehicles (the fixture) shown in GET /vehicles?customerId=${customerId}`,
            showsIds(expected.map((e) => e.id)),
            { writtenAt },
          )
        : await collect(s, vehicles, { customerId });
    return { customerId, expected, others, sample, listing };
  });
}

export interface SearchRead {
  term: string;
  carrier: string;
  other: string;
  res: ApiResponse;
}

/**
 * GET /vehicles?search= for the full VIN of the fixture's `miles` vehicle, read once per run until it
 * finds it (within the window). S-4.1-search-semantics: one long, unique, single-token value of one
 * field, which a LIKE over several fields, a prefix or a full-text match and an exact match on the VIN
 * all find; the VIN opens with the run's word, also in the name, the notes and the plate.
 */
export function searchRead(ctx: CheckContext): Promise<SearchRead> {
  return ctx.shared('vehicles:search', async (s) => {
    const fx = await vehicleFixture(s);
    const carrier = fixtureRecord(s, fx, 'miles');
    const other = fixtureRecord(s, fx, 'km');
    const term = fx.inputs.miles.vin;
    // A search may show a write late: read until it finds the carrier, within the window.
    const { value: res } = await s.eventually(
      `POST /vehicles (the fixture's ${carrier.id}) found by GET /vehicles?search=${term}`,
      () => vehicles.list(s, { search: term, size: 50, page: 1 }),
      (r) => !isSuccess(r) || vehicles.records(r).some((x) => vehicles.idOf(x) === carrier.id),
      windowLeft(s, fx.writtenAt),
    );
    return { term, carrier: carrier.id, other: other.id, res };
  });
}
