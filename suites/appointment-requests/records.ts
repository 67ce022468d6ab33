import { containsText, fieldValue, isRecord, parseDateTime } from '../../harness/checks/index.js';
import type { AppointmentRequestInput, StartTime } from '../../generators/appointment-requests.js';

/**
 * Records an appointment-request check created, and how to find them again in a list whose record
 * fields are not shown (§2.5): by the tag in the comment, by id, or by start time.
 */

/** A request a check planned (and maybe created), with what it needs to be found again. */
export interface Placed {
  tag: string;
  day: string;
  at: StartTime;
  body: AppointmentRequestInput;
  /** Start as epoch ms, for locating by time when the comment cannot be found. */
  startMs: number;
  id?: string;
}

const idNames = [['appointmentRequestId'], ['requestId'], ['id']] as const;

/** The request id in a body or record; the field name is not shown, so the likely ones are tried in order. */
export function requestIdOf(value: unknown): string | undefined {
  for (const names of idNames) {
    const v = fieldValue(value, names);
    if (typeof v === 'string' || typeof v === 'number') return String(v);
  }
  return undefined;
}

/** Start of a record; the record fields are not shown, so the usual names are tried. */
export function startOf(r: Record<string, unknown>): number | undefined {
  return parseDateTime(fieldValue(r, ['startDateTime', 'appointmentDate', 'appointmentStartDate', 'appointmentDateTime', 'startDate', 'startTime', 'start']));
}

/** A record's `updatedAt` (§4.5 rule 4 names it): undefined when absent, null when null. */
export function updatedAtOf(r: Record<string, unknown>): unknown {
  return fieldValue(r, ['updatedAt']);
}

/** The comment as listed (§4.5 rule 2: lists return it in description). */
export function descriptionOf(r: Record<string, unknown>): unknown {
  return isRecord(r) && 'description' in r ? r.description : fieldValue(r, ['description']);
}

/** Finds a created record: by its tag anywhere, else by id, else by its start when no other record shares it. */
export function locate(records: readonly Record<string, unknown>[], placed: Placed): Record<string, unknown> | undefined {
  const byTag = records.find((r) => containsText(r, placed.tag));
  if (byTag) return byTag;
  if (placed.id) {
    const byId = records.find((r) => requestIdOf(r) === placed.id);
    if (byId) return byId;
  }
  const byStart = records.filter((r) => startOf(r) === placed.startMs);
  return byStart.length === 1 ? byStart[0] : undefined;
}

/** Which of the placed records a response lists, by tag. */
export function selection(records: readonly Record<string, unknown>[], placed: readonly Placed[]): Set<string> {
  return new Set(placed.filter((p) => locate(records, p)).map((p) => p.tag));
}

export const showSelection = (sel: Set<string>, a: Placed, b: Placed) =>
  `{ ${[sel.has(a.tag) ? `A (${a.day})` : '', sel.has(b.tag) ? `B (${b.day})` : ''].filter(Boolean).join(', ') || 'neither'} }`;

/** True when a listing holds A and not B: a window that separates the two. */
export const separates = (sel: Set<string>, a: Placed, b: Placed) => sel.has(a.tag) && !sel.has(b.tag);

export interface Window {
  start: string;
  end: string;
}

const HOUR = 3_600_000;

/** Records whose located start lies outside a date-only window, with 14 h of slack for time zones. */
export function startsOutside(records: readonly Record<string, unknown>[], w: Window): string[] {
  const from = Date.parse(`${w.start}T00:00:00Z`) - 14 * HOUR;
  const to = Date.parse(`${w.end}T00:00:00Z`) + 38 * HOUR;
  return records
    .filter((r) => { const t = startOf(r); return t !== undefined && (t < from || t > to); })
    .map((r) => `${requestIdOf(r) ?? '(no id)'} starts ${new Date(startOf(r)!).toISOString()}`);
}

/**
 * How a listing fails to hold exactly `include` of the two placed records: `include` missing, or
 * `exclude` present (judged only on a complete listing).
 */
export function selectionProblems(listing: { records: readonly Record<string, unknown>[]; complete: boolean }, what: string, include: Placed, exclude: Placed): string[] {
  const out: string[] = [];
  if (!locate(listing.records, include)) out.push(`${what} does not list the request starting ${include.body.startDateTime}, which it selects`);
  if (listing.complete && locate(listing.records, exclude)) out.push(`${what} lists the request starting ${exclude.body.startDateTime}, which it does not select`);
  return out;
}

