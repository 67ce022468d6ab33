import { containsText, isRecord, stableJson } from './locate.js';

/**
 * Frame conditions of a write: the change it intends happened, and nothing else it could reach
 * moved. Pure and generic over record shapes: the record read before the write, the one read
 * after, what the write intends, and how the resource lays out its records. Resources give their
 * rules in their adapters (suites/<resource>/adapter.ts `frame`); the update, archive and
 * inventory checks all judge through `frameViolations`.
 */

type Leaf = string | number | boolean | null;

/** What a write means to do to one record. */
export interface Intent {
  /** Fields the write sets, with the values they must read back: the fields an update sent. */
  sets: Record<string, unknown>;
  /** Fields the write may move besides those (the status an archive flips): a field name or dotted path. */
  mayMove?: (path: string) => boolean;
}

/** How a resource's records are compared. */
export interface FrameRules {
  /**
   * `named`: fields sit under their documented names (§2.1, §2.2), nested ones as dotted paths.
   * `loose`: the layout is not shown (§2.3, §2.4): a value sent may read back under another name or
   * nested, so sent values are looked for anywhere and the record is compared leaf by leaf.
   */
  layout: 'named' | 'loose';
  /**
   * Fields that must keep their values (names, dotted paths or path prefixes): the documented ones
   * and the ones the run sent. Absent: every field the record showed before the write.
   */
  watched?: readonly string[];
  /** Bookkeeping the server moves on any write (update times, versions); the default below when absent. */
  serverManaged?: (path: string) => boolean;
}

/** One field the frame found wrong. */
export interface FieldChange {
  path: string;
  /** What it should read: the value sent, or the value it had before. */
  expected: unknown;
  /** What it reads (undefined: absent). */
  actual: unknown;
}

export interface FrameVerdict {
  /** Fields the write sets that do not read back as set (named), or show nowhere (loose). */
  notApplied: FieldChange[];
  /** Fields the write did not set that changed or vanished. */
  moved: FieldChange[];
  /** How many fields (named) or leaves (loose) were compared for staying put. */
  compared: number;
}

/** Server bookkeeping: update times, versions, sync stamps. Creation times never move, so they stay judged. */
export const serverManaged = (path: string) => /updated|modified|version|etag|timestamp|synced|lastSync/i.test(path);

// ── Loose equality: what a reader could not tell apart ───────────────────────────────────────

/**
 * Equal as a reader would take them where the spec is silent on form: "", null and absent alike,
 * strings trimmed and case-folded, arrays as multisets (order not shown), objects field by field. A number and its
 * numeric string are alike only where the layout is not shown (`typesStated` false: §2.3, §2.4);
 * where §2 states a field's type, "2019" is not 2019 (a string is another JSON type), while 12 and
 * 12.0 stay equal (JSON does not tell them apart, silences S-JSON-numbers).
 */
export function looselyEqual(a: unknown, b: unknown, typesStated = false): boolean {
  // "", null and absent read alike (S-TEXT-empty-strings, S-JSON-null-absent-empty).
  const empty = (v: unknown) => v === undefined || v === null || v === '';
  if (empty(a) && empty(b)) return true;
  if (typeof a === 'string' && typeof b === 'string') return a.trim().toLowerCase() === b.trim().toLowerCase();
  if (typeof a === 'number' || typeof b === 'number') {
    if (typesStated) return a === b;
    const [x, y] = [
      typeof a === 'string' && a.trim() !== '' ? Number(a) : a,
      typeof b === 'string' && b.trim() !== '' ? Number(b) : b,
    ];
    return typeof x === 'number' && typeof y === 'number' && x === y;
  }
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length) return false;
    const unmatched = [...b];
    return a.every((x) => {
      const i = unmatched.findIndex((y) => looselyEqual(x, y, typesStated));
      return i >= 0 && unmatched.splice(i, 1).length === 1;
    });
  }
  if (isRecord(a) && isRecord(b)) {
    const keys = new Set(
      [...Object.keys(a), ...Object.keys(b)].filter((k) => a[k] !== undefined || b[k] !== undefined),
    );
    return [...keys].every((k) => looselyEqual(a[k], b[k], typesStated));
  }
  return a === b;
}

const show = (v: unknown) => {
  const s = JSON.stringify(v);
  return s === undefined ? 'absent' : s.length > 80 ? `${s.slice(0, 80)}…` : s;
};

/** A field change in words: `color: was "red", now "blue"`, or `color: sent "blue", read "red"`. */
export const describeChange = (c: FieldChange, kind: 'moved' | 'notApplied') =>
  kind === 'moved'
    ? `${c.path}: was ${show(c.expected)}, now ${c.actual === undefined ? 'absent' : show(c.actual)}`
    : `${c.path}: sent ${show(c.expected)}, read ${show(c.actual)}`;

// ── Paths ───────────────────────────────────────────────────────────────────────────────────

/** The value at a dotted path (`details.costPerUnit`), or undefined. */
export function valueAt(record: unknown, path: string): unknown {
  let v: unknown = record;
  for (const k of path.split('.')) {
    if (!isRecord(v) && !Array.isArray(v)) return undefined;
    v = (v as Record<string, unknown>)[k];
  }
  return v;
}

const within = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}.`);
const lastKey = (path: string) => path.split('.').at(-1)!;

/** Arrays in a canonical order (order is not shown), so two reads of one record give the same leaf paths. */
function canonical(value: unknown, depth = 0): unknown {
  if (depth > 10) return value;
  if (Array.isArray(value))
    return value.map((v) => canonical(v, depth + 1)).sort((x, y) => stableJson(x).localeCompare(stableJson(y)));
  if (isRecord(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, canonical(v, depth + 1)]));
  return value;
}

/** Every leaf of a record by its dotted path (arrays by index). */
export function leavesOf(value: unknown, base = '', out = new Map<string, Leaf>(), depth = 0): Map<string, Leaf> {
  if (depth > 10) return out;
  if (Array.isArray(value)) value.forEach((v, i) => leavesOf(v, base ? `${base}.${i}` : String(i), out, depth + 1));
  else if (isRecord(value))
    for (const [k, v] of Object.entries(value)) leavesOf(v, base ? `${base}.${k}` : k, out, depth + 1);
  else if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) out.set(base, value as Leaf);
  return out;
}

/**
 * Where each sent field shows in a record whose layout is not shown: the leaves under the sent name
 * (at any depth) holding the sent value, else any leaf holding it. Sent fields shown nowhere are listed.
 */
export function whereSentShows(
  after: unknown,
  sent: Record<string, unknown>,
): { paths: Map<string, string[]>; notShown: string[] } {
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

// ── The judgement ───────────────────────────────────────────────────────────────────────────

/**
 * A field that merely reflects a sent one (a display name built from a changed name) is derived,
 * not an unrelated change: it held the old value of a changed sent string and now holds the new one.
 */
function derivedFrom(before: unknown, sets: Record<string, unknown>, oldOf: (k: string) => unknown) {
  const changed = Object.entries(sets)
    .map(([k, v]) => ({ old: oldOf(k), now: v }))
    .filter(
      (c): c is { old: string; now: string } =>
        typeof c.old === 'string' && c.old.length > 0 && typeof c.now === 'string' && c.old !== c.now,
    );
  return (was: unknown, is: unknown) => changed.some((c) => containsText(was, c.old) && containsText(is, c.now));
}

function named(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  intent: Intent,
  rules: FrameRules,
): FrameVerdict {
  const managed = rules.serverManaged ?? serverManaged;
  const notApplied = Object.entries(intent.sets)
    .filter(([k, v]) => !looselyEqual(valueAt(after, k), v, true))
    .map(([k, v]) => ({ path: k, expected: v, actual: valueAt(after, k) }));
  const derived = derivedFrom(before, intent.sets, (k) => valueAt(before, k));
  const watched = rules.watched ?? Object.keys(before);
  const set = Object.keys(intent.sets);
  const moved: FieldChange[] = [];
  let compared = 0;
  for (const path of new Set(watched)) {
    if (set.some((s) => within(s, path) || within(path, s)) || managed(path) || intent.mayMove?.(path)) continue;
    const [was, is] = [valueAt(before, path), valueAt(after, path)];
    if (was === undefined && is === undefined) continue;
    compared += 1;
    if (!looselyEqual(was, is, true) && !derived(was, is)) moved.push({ path, expected: was, actual: is });
  }
  return { notApplied, moved, compared };
}

function loose(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  intent: Intent,
  rules: FrameRules,
): FrameVerdict {
  const managed = rules.serverManaged ?? serverManaged;
  const [b, a] = [canonical(before), canonical(after)];
  const { paths, notShown } = whereSentShows(a, intent.sets);
  const notApplied = notShown.map((line) => {
    const k = line.split(':')[0]!;
    return { path: k, expected: intent.sets[k], actual: undefined };
  });
  const was = leavesOf(b);
  const now = leavesOf(a);
  // Where a sent value shows now, and where the same name held the old one, may change.
  const allowed = new Set([...paths.values()].flat());
  for (const p of was.keys()) if (lastKey(p) in intent.sets) allowed.add(p);
  const derived = derivedFrom(b, intent.sets, (k) =>
    [...(paths.get(k) ?? [])].map((p) => was.get(p)).find((x) => typeof x === 'string'),
  );
  const moved: FieldChange[] = [];
  let compared = 0;
  for (const [p, v] of was) {
    if (rules.watched && !rules.watched.some((w) => within(p, w))) continue;
    if (allowed.has(p) || managed(p) || intent.mayMove?.(p)) continue;
    compared += 1;
    if (!now.has(p)) moved.push({ path: p, expected: v, actual: undefined });
    else if (!looselyEqual(now.get(p), v) && !derived(v, now.get(p)))
      moved.push({ path: p, expected: v, actual: now.get(p) });
  }
  return { notApplied, moved, compared };
}

/**
 * The frame of one write on one record: the fields it sets read back as set, and every watched
 * field it does not set keeps its value (server bookkeeping, what the intent frees and what merely
 * reflects a sent value aside). Values compare loosely (looselyEqual). Non-records give no verdict.
 */
export function frameViolations(before: unknown, after: unknown, intent: Intent, rules: FrameRules): FrameVerdict {
  if (!isRecord(before) || !isRecord(after)) return { notApplied: [], moved: [], compared: 0 };
  return rules.layout === 'named' ? named(before, after, intent, rules) : loose(before, after, intent, rules);
}
