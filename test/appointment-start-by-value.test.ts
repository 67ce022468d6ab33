import { describe, expect, it, vi } from 'vitest';

/**
 * A read-only run finds the appointment start by value where no usual name holds it (§2.5 shows no
 * field). The variant server with the silent choices (SEED 12, rate limited) lists requests with a
 * creation stamp on a whole hour beside the slot: the earliest whole-minute time was then the
 * creation stamp, taken for the start, and APPT-FILTERS-COMBINE failed a conforming server
 * ("rec-66c7ac63b8975 was left out … legacy × updated window": created inside the window, booked
 * weeks after it). These are that server's records as it listed them (three of its forty).
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

// The path learned stays learned in a module: each case reads a fresh one.
const fresh = async () => {
  vi.resetModules();
  return import('../suites/appointment-requests/records.js');
};

describe('the appointment start found by value (read-only runs)', () => {
  it('is the first of the closest pair, not a creation stamp on a whole minute that precedes both', async () => {
    const { learnStartByValue, startOf } = await fresh();
    expect(learnStartByValue(variantRecords)).toBe('slot.begins');
    // The request of SEED 12 starts 2026-01-21, outside the legacy window 2025-12-27..31; it was created 2025-12-29.
    expect(startOf(variantRecords[0]!)?.utc).toBe(Date.parse('2026-01-21T12:30:00Z'));
  });

  it('is not the end where a whole-minute stamp follows it in every record', async () => {
    const { learnStartByValue } = await fresh();
    const late = variantRecords.map((r) => ({ ...r, createdAt: Date.parse('2026-03-01T10:00:00Z') }));
    expect(learnStartByValue(late)).toBe('slot.begins');
  });

  it('is not told apart where a stamp lies as close to the slot as its end: no start, not the stamp', async () => {
    const { learnStartByValue, startOf } = await fresh();
    // One request booked an hour after it was made: its stamp is no further from the slot than its end.
    const close = variantRecords.map((r, i) =>
      i ? r : { ...r, createdAt: Date.parse(r.slot.begins) - 3_600_000, updatedAt: null },
    );
    expect(learnStartByValue(close)).toBeUndefined();
    expect(startOf(close[0]!)).toBeUndefined();
  });
});
