import { MAX_UNRELATED_FAILURES } from '../selfcheck/kill-matrix.js';
import type { Draw } from './dimensions.js';

/** As in the mock's self-check: a fault is precise when at most this many other checks fail with it. */
export const MAX_UNRELATED_FAULT_FAILURES = MAX_UNRELATED_FAILURES;

/**
 * Faults a member's choices take away: the member answers that part itself, so the fault under it
 * never reaches the client. Each entry says which choice and why; a pair listed here is reported
 * as "does not apply", never as detected or missed.
 */
const masks: { dimension: string; values: readonly string[]; faults: RegExp; why: string }[] = [
  {
    dimension: 'lists-of-archived',
    values: ['hidden-newest-first'],
    faults:
      /^(vehicles|items)-(page|sort|order|unstable-order|list-(order|pagination|total|results)|empty-(page|list)|full-last-page)/,
    why: 'the member pages and orders vehicle and item lists itself, from all the mock records, and writes their page objects',
  },
  {
    dimension: 'vehicle-pagination',
    values: ['spring', 'laravel', 'offset', 'empty'],
    faults: /^vehicles-pagination/,
    why: 'the member writes its own vehicles pagination object',
  },
  {
    dimension: 'error-body',
    values: ['problem', 'spring', 'drf', 'nest', 'jsonapi'],
    faults: /error-(body|envelope)/,
    why: 'the member writes its own error bodies',
  },
  {
    dimension: 'archived-writes',
    values: ['refuse-409', 'refuse-422', 'refuse-404', 'ignored'],
    faults: /^(vehicles|customers)-update-reactivates$/,
    why: 'the member answers an update of an archived record itself, so the mock never serves it',
  },
  {
    dimension: 'archived-writes',
    values: ['refuse-409', 'refuse-422', 'refuse-404'],
    faults: /^(vehicles-archive-toggles|transition:vehicle\.archive:toggled)$/,
    why: 'the member refuses a second archive of an archived vehicle itself (the run archives one vehicle again), so the mock never serves it',
  },
  {
    dimension: 'items-list-elements',
    values: ['summaries'],
    faults:
      /^type:(item|partDetails|tireDetails|laborDetails)\.(?!(itemId|itemNumber|itemName|updatedDate)@)[A-Za-z]+@list$/,
    why: 'the member lists items as summaries (id, number, name, updated date), so another field slipped in a list never reaches the client',
  },
  {
    dimension: 'search-match',
    values: ['vin-plate-prefix-itemNumber-substring'],
    faults:
      /^(vehicles-search-|items-item-number-|filter:(vehicles\.search|items\.itemNumber):|filter:(vehicles|items)\.[A-Za-z]+:ignored-beside-(search|itemNumber)$|scope:(vehicles|items)\.company:with-(search|itemNumber)$)/,
    why: 'the member matches a vehicle search and an itemNumber itself, over every record the mock lists without them, so the mock never sees either',
  },
  // Generated faults (mock/faults/operators/), by operator and target.
  {
    dimension: 'lists-of-archived',
    values: ['hidden-newest-first'],
    faults: /^(scope|filter):(vehicles|items)\./,
    why: 'the member filters and pages vehicle and item lists itself, from all the mock records',
  },
  {
    dimension: 'archived-writes',
    values: ['refuse-409', 'refuse-422', 'refuse-404', 'ignored'],
    faults: /^transition:[a-z]+\.archive:undone-by-update$/,
    why: 'the member answers an update of an archived record itself, so the mock never serves it',
  },
  {
    dimension: 'lists-of-archived',
    values: ['hidden-newest-first'],
    faults: /^envelope:(vehicles|items)\.list\./,
    why: 'the member writes its own vehicle and item list pages (their paging keys included) from all the mock records',
  },
  {
    dimension: 'visibility',
    values: ['lists-lag-1s', 'lists-lag-1.5s-reads-lag-0.5s'],
    faults: /^scope:[A-Za-z]+\.company:deep-page$/,
    why: 'while the member has records not yet indexed it cuts every list page itself from the first pages of the server under it, so a page past offset 1,000 may never be asked of that server',
  },
  {
    dimension: 'write-data',
    values: ['ids-only', 'id-list', 'count', 'empty'],
    faults: /^type:(vehicle|vehicleTag|item|customer)\.[A-Za-z.]+@(create|update)$/,
    why: 'the member writes its own data in vehicle, item and customer write answers, so a field slipped there never reaches the client',
  },
  {
    dimension: 'vehicle-pagination',
    values: ['spring', 'laravel', 'offset', 'empty'],
    faults: /^envelope:vehicles\.(list|get)\.results\.pagination:/,
    why: 'the member writes its own vehicles pagination object',
  },
];

/** Why a fault cannot apply to the member of this draw, or undefined. */
export function maskOf(d: Draw, fault: string): string | undefined {
  const m = masks.find((x) => x.values.includes(d[x.dimension] ?? '') && x.faults.test(fault));
  return m ? `${m.dimension}=${d[m.dimension]}: ${m.why}` : undefined;
}

/**
 * Faults the production-like server (test/production) takes away: its gateway answers that part
 * itself (ids of its own, write answers without ids, its own paging and error bodies), so the fault
 * in the backends under it never reaches the client.
 */
const productionMasks: { faults: RegExp; why: string }[] = [
  {
    faults: /^(filter:vehicles\.search:|vehicles-search-ignored$)/,
    why: 'its gateway applies a vehicle search itself (whole words over the backend answer), whatever the backend does with it',
  },
  {
    faults: /^scope:(items|purchaseOrders|vehicles|customers|appointmentRequests)\.company:deep-page$/,
    why: 'its gateway answers a page past the total the backend reports (every company list but inventory levels) with its own 404, so a backend page far past the end never reaches the client',
  },
];

export function productionMaskOf(fault: string): string | undefined {
  const m = productionMasks.find((x) => x.faults.test(fault));
  return m ? `production-like server: ${m.why}` : undefined;
}
