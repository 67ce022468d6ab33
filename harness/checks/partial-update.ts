import { isDeepStrictEqual } from 'node:util';
import { containsText, isRecord } from './locate.js';

/**
 * Partial-update invariants (PUT "changes only the fields sent"), generic over record shapes.
 * Server-managed bookkeeping (update times, versions) legitimately changes on every write.
 */
const serverManaged = /updated|modified|version|etag|timestamp|synced|lastSync/i;

/** Equality as JSON on the wire: prototypes and undefined members do not count. */
const asJson = (v: unknown): unknown => (v === undefined ? undefined : JSON.parse(JSON.stringify(v)));
export const sameOnTheWire = (a: unknown, b: unknown) => isDeepStrictEqual(asJson(a), asJson(b));

const show = (v: unknown) => {
  const s = JSON.stringify(v);
  return s === undefined ? 'absent' : s.length > 80 ? `${s.slice(0, 80)}…` : s;
};

/** Sent fields whose value did not come back as sent. */
export function sentFieldsNotApplied(after: Record<string, unknown>, sent: Record<string, unknown>, ignore: readonly string[] = []): string[] {
  return Object.entries(sent)
    .filter(([k]) => !ignore.includes(k))
    .filter(([k, v]) => !sameOnTheWire(after[k], v))
    .map(([k, v]) => `${k}: sent ${show(v)}, read ${show(after[k])}`);
}

/**
 * Fields the update did not send whose value changed or vanished. A field that merely reflects a
 * sent one (a display name built from a changed name) is derived, not an unrelated change.
 */
export function unsentFieldChanges(before: Record<string, unknown>, after: Record<string, unknown>, sent: Record<string, unknown>): string[] {
  const changedStrings = Object.entries(sent)
    .filter(([k, v]) => typeof v === 'string' && typeof before[k] === 'string' && before[k] !== v && (before[k] as string).length > 0)
    .map(([k, v]) => ({ old: before[k] as string, now: v as string }));
  const derived = (was: unknown, is: unknown) => changedStrings.some((c) => containsText(was, c.old) && containsText(is, c.now));
  const out: string[] = [];
  for (const [k, was] of Object.entries(before)) {
    if (k in sent || serverManaged.test(k)) continue;
    if (!(k in after)) out.push(`${k}: was ${show(was)}, now absent`);
    else if (!sameOnTheWire(after[k], was) && !derived(was, after[k])) out.push(`${k}: was ${show(was)}, now ${show(after[k])}`);
  }
  return out;
}

/** Both invariants on records read before and after; non-records give no verdict. */
export function partialUpdateViolations(before: unknown, after: unknown, sent: Record<string, unknown>): string[] {
  if (!isRecord(before) || !isRecord(after)) return [];
  return [...sentFieldsNotApplied(after, sent), ...unsentFieldChanges(before, after, sent)];
}
