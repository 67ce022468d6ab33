import { isRecord } from './locate.js';

/** Calendar days as YYYY-MM-DD (UTC), for date-only parameters and tolerant date location. */

const DAY_MS = 86_400_000;
const dayPrefix = /^(\d{4}-\d{2}-\d{2})(?:$|[T ])/;

export function dayOf(d: Date): string {
  return d.toISOString().slice(0, 10);
}

export function addDays(day: string, n: number): string {
  return dayOf(new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS));
}

/** Every day from start to end, both included. */
export function daysFrom(start: string, end: string): string[] {
  const out: string[] = [];
  for (let d = start; d <= end && out.length < 1000; d = addDays(d, 1)) out.push(d);
  return out;
}

function validDay(s: string): string | undefined {
  const m = dayPrefix.exec(s);
  if (!m) return undefined;
  const day = m[1]!;
  return dayOf(new Date(Date.parse(`${day}T00:00:00Z`) || 0)) === day ? day : undefined;
}

/**
 * Every calendar day a body names, in string values or in object keys that start with
 * YYYY-MM-DD: locates the days of a response whose shape is not shown. Sorted, unique.
 */
export function datesIn(value: unknown): string[] {
  const days = new Set<string>();
  const walk = (v: unknown, depth: number): void => {
    if (depth > 12) return;
    if (typeof v === 'string') {
      const d = validDay(v);
      if (d) days.add(d);
    } else if (Array.isArray(v)) for (const x of v) walk(x, depth + 1);
    else if (isRecord(v))
      for (const [k, x] of Object.entries(v)) {
        const d = validDay(k);
        if (d) days.add(d);
        walk(x, depth + 1);
      }
  };
  walk(value, 0);
  return [...days].sort();
}

/** Milliseconds of a datetime string, accepting the space-separated form of §2.5 (read as UTC). */
export function parseDateTime(v: unknown): number | undefined {
  if (typeof v !== 'string') return undefined;
  const s = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2})?$/.test(v)
    ? `${v.replace(' ', 'T')}${v.length === 16 ? ':00' : ''}Z`
    : v;
  const t = Date.parse(s);
  return Number.isNaN(t) ? undefined : t;
}

/** ISO 8601 datetime in the form §4.5 list rule 1 shows (YYYY-MM-DDThh:mm:ssZ, whole seconds), rounded down. */
export const isoSeconds = (ms: number) =>
  new Date(Math.floor(ms / 1000) * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
