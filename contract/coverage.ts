import type { Clause } from './clause.js';
import type { ClauseId } from './clauses.js';
import type { TraceEntry } from './traceability.js';

/**
 * How much of the spec the catalogue checks, from the traceability matrix: the figures a
 * certification states next to its verdict ("N normative units, of which …"). Pure: no I/O.
 *
 * Every unit falls in exactly one class, so the classes add up to `units`:
 * - `strict`: fully checked, and at least one covering clause is strict and testable;
 * - `observedOnly`: fully accounted for by observed clauses only (a "not shown" sentence whose
 *   choice the target makes and the report records);
 * - `notTestable`: no black-box check can decide it, grouped by reason: `not-testable` (the matrix
 *   says why), `not-shown` (nothing documented and no clause records the choice), `catalogue`
 *   (covered only by clauses the catalogue itself marks notTestable);
 * - `notARule`: captions, background, advice;
 * - `partly` / `notCovered`: a testable rule with a gap, checked in part / not at all;
 * - `unaccounted`: units of the parsed spec that have no entry (null when no spec was given).
 * Entries that match no unit of the given spec are counted in `stale` and classified nowhere.
 */

export type UnitClass = 'strict' | 'observedOnly' | 'notTestable' | 'notARule' | 'partly' | 'notCovered';
export type NotTestableReason = 'not-testable' | 'not-shown' | 'catalogue';

export interface CoverageSummary {
  /** Normative units: of the spec when one was given, else entries of the matrix. */
  readonly units: number;
  readonly strict: number;
  readonly observedOnly: number;
  readonly notTestable: { readonly total: number; readonly byReason: Readonly<Record<NotTestableReason, number>> };
  readonly notARule: number;
  readonly gaps: { readonly total: number; readonly partly: number; readonly notCovered: number };
  /** Units with no entry; null when no spec was parsed. */
  readonly unaccounted: number | null;
  /** Entries whose fingerprint matches no unit of the given spec; null when no spec was parsed. */
  readonly stale: number | null;
}

type Catalogue = Readonly<Record<ClauseId, Clause>>;

const checks = (c: Clause) => !c.notTestable;

/** The class of one entry, and for the not-testable ones the reason group. */
export function classify(entry: TraceEntry, catalogue: Catalogue): { cls: UnitClass; reason?: NotTestableReason } {
  if (entry.reason) {
    if (entry.reason.kind === 'not-a-rule') return { cls: 'notARule' };
    return { cls: 'notTestable', reason: entry.reason.kind };
  }
  const covering = entry.covers.map((id) => catalogue[id]);
  if (entry.gap !== undefined || covering.length === 0) return { cls: covering.some(checks) ? 'partly' : 'notCovered' };
  if (covering.some((c) => checks(c) && c.strictness === 'strict')) return { cls: 'strict' };
  if (covering.some(checks)) return { cls: 'observedOnly' };
  return { cls: 'notTestable', reason: 'catalogue' };
}

/**
 * The summary of a matrix against the catalogue; with `units` (the parsed spec), only entries of
 * units that exist are classified, and units without an entry are counted as unaccounted.
 */
export function coverageSummary(
  entries: readonly TraceEntry[],
  catalogue: Catalogue,
  units?: readonly { readonly fingerprint: string }[],
): CoverageSummary {
  const present = units ? new Set(units.map((u) => u.fingerprint)) : undefined;
  const counted = new Set<string>();
  const tally: Record<UnitClass, number> = {
    strict: 0,
    observedOnly: 0,
    notTestable: 0,
    notARule: 0,
    partly: 0,
    notCovered: 0,
  };
  const byReason: Record<NotTestableReason, number> = { 'not-testable': 0, 'not-shown': 0, catalogue: 0 };
  let stale = 0;
  for (const e of entries) {
    if (present && !present.has(e.fingerprint)) {
      stale += 1;
      continue;
    }
    if (counted.has(e.fingerprint)) continue;
    counted.add(e.fingerprint);
    const { cls, reason } = classify(e, catalogue);
    tally[cls] += 1;
    if (reason) byReason[reason] += 1;
  }
  const total = units ? present!.size : counted.size;
  return {
    units: total,
    strict: tally.strict,
    observedOnly: tally.observedOnly,
    notTestable: { total: tally.notTestable, byReason },
    notARule: tally.notARule,
    gaps: { total: tally.partly + tally.notCovered, partly: tally.partly, notCovered: tally.notCovered },
    unaccounted: units ? total - counted.size : null,
    stale: units ? stale : null,
  };
}

export interface GapRow {
  readonly section: string;
  readonly label: string;
  readonly covers: readonly ClauseId[];
  readonly gap: string;
}

/** Every entry with a gap, in the spec's order: the to-do list of missing checks. */
export function gapList(entries: readonly TraceEntry[]): GapRow[] {
  return entries.flatMap((e) =>
    e.covers !== undefined && (e.gap !== undefined || e.covers.length === 0)
      ? [{ section: e.section, label: e.label, covers: e.covers, gap: e.gap ?? 'no clause checks this rule' }]
      : [],
  );
}
