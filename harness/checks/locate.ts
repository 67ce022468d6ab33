/**
 * Tolerant locators for shapes the spec does not show: they search a body instead of assuming
 * an envelope or a field name, so a conforming server is never failed for its own choices.
 */

export function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Every object anywhere in `value` that has `key` (depth-first, outer objects first). */
export function objectsWithKey(value: unknown, key: string, limit = 10_000): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  const walk = (v: unknown, depth: number): void => {
    if (out.length >= limit || depth > 12) return;
    if (Array.isArray(v)) for (const x of v) walk(x, depth + 1);
    else if (isRecord(v)) {
      if (key in v) out.push(v);
      for (const x of Object.values(v)) walk(x, depth + 1);
    }
  };
  walk(value, 0);
  return out;
}

/** The first array of objects in a body: the records of a list whose envelope is not shown. */
export function firstRecordArray(value: unknown): Record<string, unknown>[] | undefined {
  if (Array.isArray(value)) return value.filter(isRecord);
  if (!isRecord(value)) return undefined;
  const queue: unknown[] = [value];
  while (queue.length) {
    const v = queue.shift();
    if (Array.isArray(v) && (v.length === 0 || v.some(isRecord))) return v.filter(isRecord);
    if (isRecord(v)) queue.push(...Object.values(v));
  }
  return undefined;
}

/** String values of a field, searched case-insensitively among candidate names, anywhere in the record. */
export function fieldValue(record: unknown, candidates: readonly string[]): unknown {
  const wanted = candidates.map((c) => c.toLowerCase());
  let found: unknown;
  const walk = (v: unknown, depth: number): void => {
    if (found !== undefined || depth > 6) return;
    if (Array.isArray(v)) for (const x of v) walk(x, depth + 1);
    else if (isRecord(v)) {
      for (const [k, x] of Object.entries(v))
        if (wanted.includes(k.toLowerCase()) && x !== undefined) return void (found = x);
      for (const x of Object.values(v)) walk(x, depth + 1);
    }
  };
  walk(record, 0);
  return found;
}

/** True when any string anywhere in `value` contains `needle`. */
export function containsText(value: unknown, needle: string, caseInsensitive = false): boolean {
  const n = caseInsensitive ? needle.toLowerCase() : needle;
  const walk = (v: unknown, depth: number): boolean => {
    if (depth > 12) return false;
    if (typeof v === 'string') return (caseInsensitive ? v.toLowerCase() : v).includes(n);
    if (Array.isArray(v)) return v.some((x) => walk(x, depth + 1));
    if (isRecord(v)) return Object.values(v).some((x) => walk(x, depth + 1));
    return false;
  };
  return walk(value, 0);
}

/** Every id value found under `key` in a body (e.g. the itemIds of a create response's data). */
export function idsIn(value: unknown, key: string): string[] {
  return [
    ...new Set(
      objectsWithKey(value, key)
        .map((o) => o[key])
        .filter((v): v is string | number => typeof v === 'string' || typeof v === 'number')
        .map(String),
    ),
  ];
}

/**
 * Names of a list total, most specific first. `count` is left out: many pagination objects use it
 * for the records of the current page, and reading that as the total would fail a conforming walk.
 */
const totalNames = ['totalCount', 'totalElements', 'totalRecords', 'totalItems', 'totalResults', 'total'];

/** A reported total in a pagination object or envelope, if the target reports one (names tried in order). */
export function reportedTotal(value: unknown): number | undefined {
  for (const name of totalNames) {
    const v = fieldValue(value, [name]);
    if (typeof v === 'number' && Number.isInteger(v) && v >= 0) return v;
  }
  return undefined;
}

/**
 * The outermost array of records in which some record has `key` (breadth-first): the records of
 * a list whose envelope is not shown, without the nested objects that merely mention the key.
 */
export function recordArrayWith(value: unknown, key: string): Record<string, unknown>[] | undefined {
  const queue: unknown[] = [value];
  while (queue.length) {
    const v = queue.shift();
    if (Array.isArray(v)) {
      const records = v.filter(isRecord);
      if (records.some((r) => key in r)) return records;
      queue.push(...v);
    } else if (isRecord(v)) queue.push(...Object.values(v));
  }
  return undefined;
}

/** JSON with object keys sorted, so two reads of the same record give the same text whatever the key order. */
export function stableJson(value: unknown): string {
  const walk = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(walk)
      : isRecord(v)
        ? Object.fromEntries(
            Object.keys(v)
              .sort()
              .map((k) => [k, walk(v[k])]),
          )
        : v;
  return JSON.stringify(walk(value)) ?? 'undefined';
}

/**
 * A short key of a record's whole content, for records whose fields (and so whose id) are not shown
 * (§2.5): the same record read twice unchanged gets the same key; two records differ in some field.
 * FNV-1a over the stable JSON, 52 bits, as hex.
 */
export function contentKey(record: unknown): string {
  const text = stableJson(record);
  let h1 = 0x811c9dc5;
  let h2 = 0x01000193;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 16777619) >>> 0;
    h2 = Math.imul(h2 ^ c, 2246822519) >>> 0;
  }
  return `rec-${h1.toString(16).padStart(8, '0')}${(h2 >>> 12).toString(16).padStart(5, '0')}`;
}
