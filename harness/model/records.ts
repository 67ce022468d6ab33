import { sentFieldsNotApplied, unsentFieldChanges } from '../checks/index.js';

/**
 * One record a sequence created, as the model knows it: far simpler than the service. It holds
 * the record as first read (the service's own baseline, so create-time choices are not judged by
 * an update clause) plus every change an update was accepted with since.
 */
export interface TrackedRecord {
  id: string;
  /** The unique word in its free-text fields, to find it in lists. */
  term: string;
  original: Record<string, unknown>;
  changes: Record<string, unknown>;
  archived: boolean;
  /** False once it could not be read back after an archive: it leaves the comparison. */
  readable: boolean;
}

export function tracked(id: string, term: string, original: Record<string, unknown>): TrackedRecord {
  return { id, term, original, changes: {}, archived: false, readable: true };
}

/** Where a record read disagrees with the model; `onlyKeysPresent` for list records, which may show fewer fields. */
export function modelDifferences(
  entry: TrackedRecord,
  actual: Record<string, unknown>,
  onlyKeysPresent = false,
): string[] {
  const keep = (r: Record<string, unknown>) =>
    onlyKeysPresent ? Object.fromEntries(Object.entries(r).filter(([k]) => k in actual)) : r;
  return [
    ...sentFieldsNotApplied(actual, keep(entry.changes)),
    ...unsentFieldChanges(keep(entry.original), actual, entry.changes),
  ];
}

/** Re-bases an entry on a fresh read (after an archive, whose effects other clauses judge). */
export function rebase(entry: TrackedRecord, record: Record<string, unknown>): void {
  entry.original = record;
  entry.changes = {};
}

/** Records a sequence may still update, and records it may still read. */
export const liveRecords = <T extends TrackedRecord>(all: readonly T[]) => all.filter((r) => !r.archived);
export const readableRecords = <T extends TrackedRecord>(all: readonly T[]) => all.filter((r) => r.readable);
