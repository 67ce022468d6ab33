import { describe, expect, it } from 'vitest';
import { learnStartByValue, startOf } from '../suites/appointment-requests/records.js';

/**
 * A read-only run finds the appointment start by value where no usual name holds it (§2.5 shows no
 * field). The variant server with the silent choices (SEED 12, rate limited) lists requests with a
 * creation stamp on a whole hour beside the slot: the earliest whole-minute time was then the
 * creation stamp, taken for the start, and APPT-FILTERS-COMBINE failed a conforming server
 * ("rec-66c7ac63b8975 was left out … legacy × updated window": created inside the window, booked
 * weeks after it). These are that server's records as it listed them.
 */
const listed = (ref: string, begins: string, ends: string, createdAt: number, updatedAt: number | null) => ({
  requestRef: ref,
  slot: { begins, ends },
  companyId: 'cmp_harbor_auto',
  status: 'Pending',
  createdAt,
  updatedAt,
});
const variantRecords = [
  listed('apr_harb_0133', '2026-01-21T07:30:00-05:00', '2026-01-21T08:30:00-05:00', 1766984400000, 1766991600000),
  listed('apr_harb_0107', '2026-02-23T07:30:00-05:00', '2026-02-23T08:30:00-05:00', 1767196800000, null),
  listed('apr_harb_0135', '2026-01-09T09:00:00-05:00', '2026-01-09T11:00:00-05:00', 1766700000000, 1766710800000),
];

// One file, one module: the first path learned stays learned, so the refusal is asserted first.
describe('the appointment start found by value (read-only runs)', () => {
  it('is not told apart when a creation stamp on a whole minute precedes the slot: no start, not the stamp', () => {
    expect(learnStartByValue(variantRecords)).toBeUndefined();
    // The failed request of SEED 12: its start is not read as its creation time (2025-12-29).
    expect(startOf(variantRecords[0]!)).toBeUndefined();
  });

  it('is the earlier of a start and its end when no other field is a whole-minute time', () => {
    const stamped = variantRecords.map((r, i) => ({ ...r, createdAt: r.createdAt + 1234 + i }));
    expect(learnStartByValue(stamped)).toBe('slot.begins');
    expect(startOf(variantRecords[0]!)?.utc).toBe(Date.parse('2026-01-21T12:30:00Z'));
  });
});
