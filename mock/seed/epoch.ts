/** Fixed reference time for seeded dates, so the data is the same on every machine. */
export const SEED_EPOCH = Date.parse('2026-01-01T00:00:00Z');
