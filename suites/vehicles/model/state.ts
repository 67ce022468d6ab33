import { sentFieldsNotApplied, unsentFieldChanges } from '../../../harness/checks/index.js';
import type { CheckContext } from '../../../harness/conformance.js';

/**
 * The model of the vehicles a sequence created: far simpler than the service. Each entry holds
 * the record as first read (the service's own baseline, so create-time choices are not judged
 * here) plus every change a PUT was accepted with since. §4.1: PUT changes only the fields sent.
 */
export interface VehicleEntry {
  vehicleId: string;
  customerId: string;
  /** The unique search term in its notes and vehicleName. */
  term: string;
  original: Record<string, unknown>;
  changes: Record<string, unknown>;
  archived: boolean;
  /** False once the vehicle could not be read back after an archive: it leaves the comparison. */
  readable: boolean;
}

export interface VehicleModel {
  vehicles: VehicleEntry[];
}

export interface VehicleReal {
  ctx: CheckContext;
  stats: { updatesApplied: number; updatesRefused: number };
}

/** The fields of the record read that disagree with the model; `onlyKeysPresent` for list records. */
export function modelDifferences(entry: VehicleEntry, actual: Record<string, unknown>, onlyKeysPresent = false): string[] {
  const keep = (r: Record<string, unknown>) => (onlyKeysPresent ? Object.fromEntries(Object.entries(r).filter(([k]) => k in actual)) : r);
  return [...sentFieldsNotApplied(actual, keep(entry.changes)), ...unsentFieldChanges(keep(entry.original), actual, entry.changes)];
}

/** Re-bases an entry on a fresh read (after an archive, whose effects other clauses judge). */
export function rebase(entry: VehicleEntry, record: Record<string, unknown>): void {
  entry.original = record;
  entry.changes = {};
}
