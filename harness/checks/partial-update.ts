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

// ── Records whose shape is not shown (§4.3 customers) ─────────────────────────────────────

type Leaf = string | number | boolean | null;

/** Every leaf of a record by its dotted path (arrays by index). */
export function leavesOf(value: unknown, base = '', out = new Map<string, Leaf>(), depth = 0): Map<string, Leaf> {
  if (depth > 10) return out;
  if (Array.isArray(value)) value.forEach((v, i) => leavesOf(v, base ? `${base}.${i}` : String(i), out, depth + 1));
  else if (isRecord(value)) for (const [k, v] of Object.entries(value)) leavesOf(v, base ? `${base}.${k}` : k, out, depth + 1);
  else if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) out.set(base, value as Leaf);
  return out;
}

/** Values equal as shown: strings trimmed and case-folded (whitespace and letter case are the server's choice), others by value. */
const looselyEqual = (a: unknown, b: unknown) => (typeof a === 'string' && typeof b === 'string' ? a.trim().toLowerCase() === b.trim().toLowerCase() : sameOnTheWire(a, b));
const lastKey = (path: string) => path.split('.').at(-1)!;

/**
 * Where each sent field shows in a record whose layout is not shown: the leaves under the sent name
 * (at any depth) holding the sent value, else any leaf holding it. Sent fields shown nowhere are listed.
 */
export function whereSentShows(after: unknown, sent: Record<string, unknown>): { paths: Map<string, string[]>; notShown: string[] } {
  const leaves = leavesOf(after);
  const paths = new Map<string, string[]>();
  const notShown: string[] = [];
  for (const [k, v] of Object.entries(sent)) {
    const named = [...leaves].filter(([p, x]) => lastKey(p) === k && looselyEqual(x, v)).map(([p]) => p);
    const anywhere = named.length ? named : [...leaves].filter(([, x]) => looselyEqual(x, v)).map(([p]) => p);
    if (anywhere.length) paths.set(k, anywhere);
    else notShown.push(`${k}: sent ${show(v)}, shown nowhere in the record read`);
  }
  return { paths, notShown };
}

/**
 * The partial-update invariants on records whose layout is not shown: a sent value may land under
 * another name or nested (a written lastName read as name.last); the leaves where it shows, and
 * those where the same name held the old value, may change, as may server-managed ones and leaves
 * that merely reflect a sent value (a display name). Every other leaf keeps its value.
 */
export function loosePartialUpdateViolations(before: unknown, after: unknown, sent: Record<string, unknown>): { notShown: string[]; changed: string[] } {
  if (!isRecord(before) || !isRecord(after)) return { notShown: [], changed: [] };
  const { paths, notShown } = whereSentShows(after, sent);
  const was = leavesOf(before);
  const now = leavesOf(after);
  const allowed = new Set([...paths.values()].flat());
  for (const p of was.keys()) if (lastKey(p) in sent) allowed.add(p);
  const olds = [...paths].flatMap(([k, ps]) => ps.map((p) => ({ old: was.get(p), now: sent[k] }))).filter((x): x is { old: string; now: string } => typeof x.old === 'string' && x.old.length > 0 && typeof x.now === 'string');
  const derived = (a: Leaf | undefined, b: Leaf | undefined) => olds.some((c) => typeof a === 'string' && typeof b === 'string' && a.includes(c.old) && b.includes(c.now));
  const changed: string[] = [];
  for (const [p, v] of was) {
    if (allowed.has(p) || serverManaged.test(p)) continue;
    if (!now.has(p)) changed.push(`${p}: was ${show(v)}, now absent`);
    else if (!sameOnTheWire(now.get(p), v) && !derived(v, now.get(p))) changed.push(`${p}: was ${show(v)}, now ${show(now.get(p))}`);
  }
  return { notShown, changed };
}
