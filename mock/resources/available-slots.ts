import { companyOf } from '../context.js';
import { badRequest, ok, type Reply } from '../http.js';
import type { CompanyData } from '../model.js';
import { booleanParam, sent } from '../query.js';
import type { RequestContext } from '../types.js';
import { locationOf } from './location-param.js';

/**
 * GET /appointmentRequests/availableSlots (§4.5 slots, §7 rows 1-2). The response shape is not
 * shown; the mock answers { success: true, data: [{ date: 'YYYY-MM-DD', slots: [{ startTime, endTime }] }] }.
 */

const DAY = 86_400_000;
/** Undocumented: the longest window, in days, one call may ask for. */
export const MAX_SLOT_WINDOW_DAYS = 62;
/** Undocumented: parallel bookings one location takes per hour. */
const BAYS_PER_HOUR = 1;
/** Opening hours per UTC weekday (0 = Sunday, closed), as [first hour, hour after the last slot]. */
const openingHours: readonly ([number, number] | undefined)[] = [
  undefined,
  [8, 17],
  [8, 17],
  [8, 17],
  [8, 17],
  [8, 17],
  [9, 13],
];

const MISSING = 'missing required fields';
const INVALID = 'Invalid startDate or endDate';

/** §4.5 slots: the date pairs, preferred first: [start, end]. slotDateStart/End are not implemented. */
export const slotDatePairs = [
  ['appointmentDateStart', 'appointmentDateEnd'],
  ['startDate', 'endDate'],
] as const;

/** §4.5: dates are YYYY-MM-DD only; an ISO 8601 datetime (or anything else) is a 400. */
function slotDate(value: string): number {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) badRequest(INVALID);
  const ms = Date.parse(`${value}T00:00:00Z`);
  if (Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== value) badRequest(INVALID);
  return ms;
}

/** §4.5: exactly one pair gives the window, the standard pair first; slotDate* are not implemented (400). */
function slotWindow(q: URLSearchParams): { first: number; last: number } {
  if (sent(q, 'slotDateStart') || sent(q, 'slotDateEnd')) badRequest(MISSING);
  const pair = slotDatePairs.find(([start, end]) => sent(q, start) || sent(q, end));
  if (!pair) badRequest(MISSING);
  const [startName, endName] = pair!;
  if (!sent(q, startName) || !sent(q, endName)) badRequest(MISSING);
  const first = slotDate(q.get(startName)!);
  const last = slotDate(q.get(endName)!);
  if (last < first) badRequest(`${endName} must not be before ${startName}`);
  if ((last - first) / DAY + 1 > MAX_SLOT_WINDOW_DAYS)
    badRequest(`the date window spans at most ${MAX_SLOT_WINDOW_DAYS} days`);
  return { first, last };
}

/** Requests holding a bay, counted per 'YYYY-MM-DD HH' of their start. */
function bookedHours(company: CompanyData, locationId: string): Map<string, number> {
  const booked = new Map<string, number>();
  for (const r of company.appointmentRequests.values()) {
    if (r.locationId !== locationId || r.status === 'Declined' || r.status === 'Cancelled') continue;
    const key = r.startDateTime.slice(0, 13);
    booked.set(key, (booked.get(key) ?? 0) + 1);
  }
  return booked;
}

const hh = (h: number) => `${String(h).padStart(2, '0')}:00`;

export function availableSlots(ctx: RequestContext): Reply {
  const company = companyOf(ctx);
  const locationId = locationOf(ctx, company, { defaultToFirst: true })!;
  const { first, last } = slotWindow(ctx.query);
  // §4.5: showAllSlots defaults to true (every day present); false may omit days without slots.
  const showAll = booleanParam(ctx.query, 'showAllSlots') ?? true;
  const booked = bookedHours(company, locationId);
  const days: { date: string; slots: { startTime: string; endTime: string }[] }[] = [];
  for (let day = first; day <= last; day += DAY) {
    const date = new Date(day).toISOString().slice(0, 10);
    const hours = openingHours[new Date(day).getUTCDay()];
    const slots: { startTime: string; endTime: string }[] = [];
    if (hours) {
      for (let h = hours[0]; h < hours[1]; h++) {
        if ((booked.get(`${date} ${String(h).padStart(2, '0')}`) ?? 0) < BAYS_PER_HOUR)
          slots.push({ startTime: hh(h), endTime: hh(h + 1) });
      }
    }
    if (showAll || slots.length > 0) days.push({ date, slots });
  }
  return ok({ success: true, data: days });
}
