import { fieldValue } from './locate.js';

/**
 * The last-update time of a record is not a documented field for vehicles or items (§2.1, §2.2), so
 * the updated-date filter checks look for the usual names and judge records only where one is found.
 */
const updatedNames = [
  'updatedDate',
  'updatedAt',
  'lastUpdated',
  'lastUpdatedDate',
  'lastModifiedDate',
  'modifiedDate',
  'dateUpdated',
  'updated',
];

export const updatedValueOf = (r: Record<string, unknown>): unknown => fieldValue(r, updatedNames);

export function updatedStampOf(r: Record<string, unknown>): number | undefined {
  const v = updatedValueOf(r);
  const t = typeof v === 'string' ? Date.parse(v) : NaN;
  return Number.isNaN(t) ? undefined : t;
}

/** A window from the first to the third quartile of the located update times, or none below 3 of them. */
export function middleWindow(records: readonly Record<string, unknown>[]): { start: string; end: string } | undefined {
  const stamps = records
    .map(updatedStampOf)
    .filter((t): t is number => t !== undefined)
    .sort((a, b) => a - b);
  if (stamps.length < 3) return undefined;
  return {
    start: new Date(stamps[Math.floor(stamps.length / 4)]!).toISOString(),
    end: new Date(stamps[Math.floor((stamps.length * 3) / 4)]!).toISOString(),
  };
}

/** Records whose update time is missing or outside the window, one line each. */
export function recordsOutsideWindow(
  records: readonly Record<string, unknown>[],
  window: { start: string; end: string },
  idOf: (r: Record<string, unknown>) => string,
): string[] {
  const [s, e] = [Date.parse(window.start), Date.parse(window.end)];
  return records
    .filter((r) => {
      const t = updatedStampOf(r);
      return t === undefined || t < s || t > e;
    })
    .map((r) => `${idOf(r)} updated ${JSON.stringify(updatedValueOf(r))}`);
}
