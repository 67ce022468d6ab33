import { sketchSimilarity, type SpecUnit } from './spec-units.js';
import type { TraceEntry } from './traceability.js';

/**
 * What changed between the spec the matrix was written for and a spec at hand, unit by unit:
 * - added: units with no entry (a new sentence, row or list item);
 * - removed: entries whose fingerprint matches no unit (the sentence is gone);
 * - changed: a removed entry paired with an added unit of the same section whose words overlap
 *   enough to be its new wording (estimated from the entry's sketch: the old text is not kept);
 * - moved: an entry whose unit now sits in another section (same wording);
 * - duplicates: entries listed more than once.
 * Pure and deterministic.
 */

export interface DriftReport {
  readonly added: readonly { readonly unit: SpecUnit; readonly after?: SpecUnit }[];
  readonly removed: readonly { readonly entry: TraceEntry }[];
  readonly changed: readonly { readonly entry: TraceEntry; readonly unit: SpecUnit; readonly similarity: number }[];
  readonly moved: readonly { readonly entry: TraceEntry; readonly unit: SpecUnit }[];
  readonly duplicates: readonly TraceEntry[];
}

/** A changed sentence keeps at least this word overlap with its former wording… */
export const CHANGED_OVERLAP = 0.5;
/** …or this much when it also sits where the former one sat (between the same unchanged units). */
export const CHANGED_OVERLAP_IN_PLACE = 0.25;

export const hasDrift = (d: DriftReport) =>
  d.added.length + d.removed.length + d.changed.length + d.moved.length + d.duplicates.length > 0;

export function specDrift(units: readonly SpecUnit[], entries: readonly TraceEntry[]): DriftReport {
  const unitBy = new Map(units.map((u) => [u.fingerprint, u]));
  const seen = new Set<string>();
  const duplicates: TraceEntry[] = [];
  const unique: TraceEntry[] = [];
  for (const e of entries) {
    if (seen.has(e.fingerprint)) duplicates.push(e);
    else {
      seen.add(e.fingerprint);
      unique.push(e);
    }
  }
  const matched = new Set(unique.filter((e) => unitBy.has(e.fingerprint)).map((e) => e.fingerprint));
  const moved = unique
    .filter((e) => matched.has(e.fingerprint) && unitBy.get(e.fingerprint)!.section !== e.section)
    .map((entry) => ({ entry, unit: unitBy.get(entry.fingerprint)! }));

  // The hunk of an unmatched item: the last matched fingerprint before it, on its own side.
  const hunks = <T extends { fingerprint: string }>(list: readonly T[]) => {
    const out = new Map<T, string>();
    let anchor = '^';
    for (const x of list) {
      if (matched.has(x.fingerprint)) anchor = x.fingerprint;
      else out.set(x, anchor);
    }
    return out;
  };
  const gone = hunks(unique);
  const fresh = hunks(units);

  const candidates: { entry: TraceEntry; unit: SpecUnit; similarity: number; inPlace: boolean }[] = [];
  for (const [entry, eh] of gone) {
    for (const [unit, uh] of fresh) {
      if (unit.section !== entry.section) continue;
      const similarity = sketchSimilarity(entry.sketch, unit.sketch);
      const inPlace = eh === uh;
      if (similarity >= CHANGED_OVERLAP || (inPlace && similarity >= CHANGED_OVERLAP_IN_PLACE))
        candidates.push({ entry, unit, similarity, inPlace });
    }
  }
  candidates.sort((a, b) => Number(b.inPlace) - Number(a.inPlace) || b.similarity - a.similarity);
  const changed: DriftReport['changed'][number][] = [];
  const pairedEntries = new Set<TraceEntry>();
  const pairedUnits = new Set<SpecUnit>();
  for (const c of candidates) {
    if (pairedEntries.has(c.entry) || pairedUnits.has(c.unit)) continue;
    pairedEntries.add(c.entry);
    pairedUnits.add(c.unit);
    changed.push({ entry: c.entry, unit: c.unit, similarity: c.similarity });
  }
  const order = new Map(units.map((u, i) => [u, i]));
  changed.sort((a, b) => order.get(a.unit)! - order.get(b.unit)!);

  const added: { unit: SpecUnit; after?: SpecUnit }[] = [];
  units.forEach((unit, i) => {
    if (matched.has(unit.fingerprint) || pairedUnits.has(unit)) return;
    added.push(i > 0 ? { unit, after: units[i - 1]! } : { unit });
  });
  const removed = unique
    .filter((e) => !matched.has(e.fingerprint) && !pairedEntries.has(e))
    .map((entry) => ({ entry }));
  return { added, removed, changed, moved, duplicates };
}
