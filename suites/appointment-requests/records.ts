import {
  boundAtInstant,
  boundOf,
  containsText,
  contentKey,
  fieldValue,
  isRecord,
  rangePlacement,
} from '../../harness/checks/index.js';
import { PLAIN_TEXT_LABEL } from '../../generators/appointment-requests.js';
import type { Rec } from '../common/adapter.js';

/**
 * Reading appointment-request records whose fields are not shown (§2.5): start and update times and
 * the comment are located by the usual names, and every time is read with the slack its form leaves
 * (a time written without a zone may be read in any zone by the server). No field is guessed to be
 * the id: a record is told apart by its content (the run's own by the unique tag it was sent with,
 * a sampled one by a key of its whole content), never by a guessed id key.
 */

/** The key a request is known by in listings: its whole content (harness/checks contentKey). */
export const requestKeyOf = (r: Rec): string => contentKey(r);

const HOUR = 3_600_000;
export const DAY_MS = 24 * HOUR;
/** The widest offset of a civil time zone from UTC (UTC+14; UTC-12 is narrower). */
export const ZONE_SLACK_MS = 14 * HOUR;

/** Where an instant lies for sure: [lo, hi]; `utc` is the reading as UTC, for exact matches. */
export interface Instant {
  lo: number;
  hi: number;
  utc: number;
}

const dateTimeForm = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2})(:\d{2}(?:\.\d+)?)?)?(Z|[+-]\d{2}:?\d{2})?$/i;

/**
 * A located time value as an interval: exact with a zone (Z, ±hh:mm) or as epoch milliseconds or
 * seconds; ±14 h when written without a zone (the server's zone is not shown); a whole day ±14 h
 * for a bare date.
 */
export function instantOf(v: unknown): Instant | undefined {
  if (typeof v === 'number' && Number.isFinite(v) && v > 0) {
    const ms = v > 1e11 ? v : v * 1000;
    return { lo: ms, hi: ms, utc: ms };
  }
  if (typeof v !== 'string') return undefined;
  const m = dateTimeForm.exec(v.trim());
  if (!m) return undefined;
  const [, day, hm, secs, zone] = m;
  const zoneText = zone ? (zone.toUpperCase() === 'Z' ? 'Z' : `${zone.slice(0, 3)}:${zone.slice(-2)}`) : 'Z';
  const t = Date.parse(`${day}T${hm ?? '00:00'}${secs ?? ':00'}${zoneText}`);
  if (Number.isNaN(t)) return undefined;
  if (!hm) return { lo: t - ZONE_SLACK_MS, hi: t + DAY_MS + ZONE_SLACK_MS, utc: t };
  return zone ? { lo: t, hi: t, utc: t } : { lo: t - ZONE_SLACK_MS, hi: t + ZONE_SLACK_MS, utc: t };
}

const startNames = [
  'startDateTime',
  'appointmentDateTime',
  'appointmentDate',
  'appointmentStartDate',
  'startDate',
  'start',
  'startTime',
];

/**
 * Where records of this target hold their start, when no usual name does (§2.5 shows no field):
 * found by value (learnStart, learnStartByValue), never by a guessed name. Each worker learns it
 * from the shared reads it is handed, so every check reads records the same way.
 */
const learned: string[] = [];

const valueAt = (r: Rec, path: string): unknown =>
  path.split('.').reduce<unknown>((v, k) => (isRecord(v) ? v[k] : undefined), r);

/** The located start of a record: the first usual name whose value reads as a time, else the path learned by value. */
export function startOf(r: Rec): Instant | undefined {
  for (const name of startNames) {
    const at = instantOf(fieldValue(r, [name]));
    if (at) return at;
  }
  for (const path of learned) {
    const at = instantOf(valueAt(r, path));
    if (at) return at;
  }
  return undefined;
}

/** Leaves of a record outside arrays (an array's order is not shown), with their dotted paths. */
function leaves(r: Rec, base = '', out: [string, unknown][] = [], depth = 0): [string, unknown][] {
  if (depth > 6) return out;
  for (const [k, v] of Object.entries(r)) {
    const path = base ? `${base}.${k}` : k;
    if (isRecord(v)) leaves(v, path, out, depth + 1);
    else if (!Array.isArray(v)) out.push([path, v]);
  }
  return out;
}

const QUARTER_HOUR = 15 * 60_000;

/**
 * Learns where the start is held from the run's own requests: the field whose value reads the
 * start each was sent with (`YYYY-MM-DD HH:mm`), as the same wall-clock text or as an instant one
 * zone offset away for all of them (the zone is not shown, S-2.5-wall-clock-zone). The end and the
 * stamps never fit every request at one offset (the long request ends days later). Returns the path.
 */
export function learnStart(pairs: readonly { record: Rec; sent: string }[]): string | undefined {
  if (pairs.length === 0 || pairs.every((p) => startNamed(p.record))) return undefined;
  const paths = new Set(pairs.flatMap((p) => leaves(p.record).map(([k]) => k)));
  let best: { path: string; score: number } | undefined;
  for (const path of paths) {
    let offset: number | undefined;
    let wall = true;
    const fits = pairs.every(({ record, sent }) => {
      const v = valueAt(record, path);
      const sentUtc = Date.parse(`${sent.replace(' ', 'T')}:00Z`);
      if (typeof v === 'string' && v.replace('T', ' ').startsWith(sent)) return true;
      wall = false;
      const at = instantOf(v);
      if (!at || Number.isNaN(sentUtc)) return false;
      const d = at.utc - sentUtc;
      if (Math.abs(d) > ZONE_SLACK_MS || d % QUARTER_HOUR !== 0) return false;
      if (offset === undefined) offset = d;
      return d === offset;
    });
    if (!fits) continue;
    const score = wall ? -1 : Math.abs(offset ?? 0);
    if (!best || score < best.score) best = { path, score };
  }
  if (best && !learned.includes(best.path)) learned.unshift(best.path);
  return best?.path;
}

const startNamed = (r: Rec) => startNames.some((n) => instantOf(fieldValue(r, [n])));

/**
 * For runs that wrote nothing (read-only): where no usual name holds a start, the field that holds
 * a time at a whole minute in every record read (a booked start, as §4.5 creates it), in one order
 * in every record, the first of the two such fields closest together in each (the start and its
 * end). Record stamps may fall on whole minutes too (§2.5 shows none): where the start is not told
 * apart from them, undefined.
 */
export function learnStartByValue(records: readonly Rec[]): string | undefined {
  if (records.length < 2 || records.some(startNamed) || learned.length) return undefined;
  const minute = (v: unknown) => {
    const at = instantOf(v);
    return !!at && at.lo === at.hi && at.utc % 60_000 === 0 && (typeof v !== 'string' || /\d{2}:\d{2}/.test(v));
  };
  const wallMinute = (v: unknown) => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:00(\.0+)?)?$/.test(v);
  const paths = [...new Set(records.flatMap((r) => leaves(r).map(([k]) => k)))].filter((path) =>
    records.every((r) => {
      const v = valueAt(r, path);
      return minute(v) || wallMinute(v);
    }),
  );
  const utc = (r: Rec, path: string) => instantOf(valueAt(r, path))!.utc;
  const after = (p: string) => paths.filter((q) => q !== p && records.every((r) => utc(r, p) <= utc(r, q)));
  // In the same order in every record; else the start is not told apart.
  const order = [...paths].sort((p, q) => after(q).length - after(p).length);
  if (order.some((p, i) => after(p).length !== order.length - 1 - i)) return undefined;
  // The start and its end are the neighbours closest together in every record: a creation stamp on a
  // whole minute (seeded data may carry one, §2.5 shows none) lies further from either, before or after.
  const gap = (r: Rec, i: number) => utc(r, order[i + 1]!) - utc(r, order[i]!);
  const pairs = order.slice(0, -1).map((_, i) => i);
  const start =
    order.length === 1
      ? order[0]
      : pairs
          .filter((i) => records.every((r) => pairs.every((j) => j === i || gap(r, i) < gap(r, j))))
          .map((i) => order[i]!)[0];
  if (start === undefined) return undefined;
  learned.push(start);
  return start;
}

const updatedNames = [
  'updatedDate',
  'lastUpdated',
  'lastUpdatedDate',
  'lastModifiedDate',
  'modifiedDate',
  'dateUpdated',
  'updated',
];

/**
 * A record's update time (§4.5 list rule 4 names `updatedAt`): undefined when no such field is
 * located, null when it is null.
 */
export function updatedAtOf(r: Rec): unknown {
  if ('updatedAt' in r) return r.updatedAt;
  const v = fieldValue(r, ['updatedAt']);
  return v !== undefined ? v : fieldValue(r, updatedNames);
}

/** The comment as listed (§4.5 create rule 2: lists return it in description). */
export function descriptionOf(r: Rec): unknown {
  return isRecord(r) && 'description' in r ? r.description : fieldValue(r, ['description']);
}

/**
 * The comment with what follows its plain-text label cut off: that line is APPT-COMMENT-PLAIN-TEXT's
 * alone, so a server that escapes or strips markup fails that clause and no other.
 */
const withoutPlainText = (s: string) =>
  s
    .split(/(\r\n?|\n)/)
    .map((part) =>
      part.includes(PLAIN_TEXT_LABEL) ? part.slice(0, part.indexOf(PLAIN_TEXT_LABEL) + PLAIN_TEXT_LABEL.length) : part,
    )
    .join('');
/** Text compared without its whitespace layout: the words and their order. */
export const words = (s: string) => withoutPlainText(s).replace(/\s+/g, ' ').trim();
/** Text as lines (\r\n and \r read as \n), each line trimmed, the whole trimmed first. */
export const linesOf = (s: string) =>
  withoutPlainText(s)
    .trim()
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((l) => l.trim());
/** The plain-text line of a comment, as it reads after its label (trimmed), if the comment has one. */
export function plainTextLine(s: string): string | undefined {
  const line = s
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .find((l) => l.includes(PLAIN_TEXT_LABEL));
  return line === undefined ? undefined : line.slice(line.indexOf(PLAIN_TEXT_LABEL) + PLAIN_TEXT_LABEL.length).trim();
}

/** What the run knows of a request it created, to find it again in a list: what it sent. */
export interface Findable {
  tag: string;
  /** Its start as sent, read as UTC: a last resort when the tag is not shown. */
  startUtc?: number;
}

/**
 * A record of a listing: by the tag anywhere in it, else (in a narrow window, where few records
 * share a day) by its start when no other record shares it (each tag books its own minute).
 */
export function locate(records: readonly Rec[], k: Findable, o: { byStart?: boolean } = {}): Rec | undefined {
  const byTag = records.find((r) => containsText(r, k.tag));
  if (byTag) return byTag;
  if (k.startUtc === undefined || o.byStart === false) return undefined;
  const byStart = records.filter((r) => startOf(r)?.utc === k.startUtc);
  return byStart.length === 1 ? byStart[0] : undefined;
}

/** A window of days, both given as YYYY-MM-DD. */
export interface Window {
  start: string;
  end: string;
}

/**
 * Whether a start lies outside a date-only window under every reading: whichever zone the server
 * reads the bounds in, and whether the end day is included or not (§4.5 shows neither). The one
 * range judge of harness/checks/ranges.ts decides.
 */
export function startsOutsideDays(at: Instant, w: Window): boolean {
  return rangePlacement(at, { start: boundOf('start', w.start), end: boundOf('end', w.end) }) === 'outside';
}

/** Whether a start lies inside a date-only window under every reading (any zone, the end day in or out). */
export function startsInsideDays(at: Instant, w: Window): boolean {
  return rangePlacement(at, { start: boundOf('start', w.start), end: boundOf('end', w.end) }) === 'inside';
}

const instants = (s: number, e: number) => ({ start: boundAtInstant('start', s), end: boundAtInstant('end', e) });
/** Whether an update time lies inside / outside an ISO window (exact bounds), beyond a second of rounding. */
export const insideStamps = (at: Instant, s: number, e: number) => rangePlacement(at, instants(s, e)) === 'inside';
export const outsideStamps = (at: Instant, s: number, e: number) => rangePlacement(at, instants(s, e)) === 'outside';
