import type { ApiResponse, Query } from '../../harness/client.js';
import type { CheckContext } from '../../harness/conformance.js';
import {
  addDays,
  datesIn,
  dayOf,
  daysFrom,
  describeResponse,
  fieldValue,
  isSuccess,
  leftOut,
} from '../../harness/checks/index.js';
import { expect2xx, expectStatus, verdict } from '../common/judge.js';

/**
 * GET /appointmentRequests/availableSlots (§4.5). The location parameter is not shown: its name
 * comes from ctx.profile.appointmentRequests, like the rest of the area. The answer's shape is not
 * shown either: the days it returns are located anywhere in it (datesIn), and only days inside the
 * window asked for count, since an answer may also echo its query or carry a timestamp.
 */

export interface Window {
  start: string;
  end: string;
}

export function getSlots(ctx: CheckContext, query: Query): Promise<ApiResponse> {
  const p = ctx.profile.appointmentRequests;
  return ctx.api.get('/appointmentRequests/availableSlots', {
    [ctx.profile.companyParam]: ctx.companyId,
    ...(ctx.target.locationId ? { [p.locationParam]: ctx.target.locationId } : {}),
    ...query,
  });
}

/** §4.5: the preferred pair, and the legacy pair that is still accepted. */
export const standardPair = (w: Window): Query => ({ appointmentDateStart: w.start, appointmentDateEnd: w.end });
export const legacyPair = (w: Window): Query => ({ startDate: w.start, endDate: w.end });
export const show = (q: Query) =>
  Object.entries(q)
    .map(([k, v]) => `${k}=${String(v)}`)
    .join('&');

/** The located days that lie in a window. */
export const daysWithin = (days: readonly string[], w: Window) => days.filter((d) => d >= w.start && d <= w.end);
export const daysOf = (res: ApiResponse) => datesIn(res.json);

/**
 * The run's window: nine days, so that its seven inner days hold every weekday (a closed one too)
 * whether or not the server counts the first and the last day in (§4.5 shows neither); 3 to 9 days
 * ahead, near enough for any booking horizon and before the days the appointment-request fixture
 * books (3 weeks ahead and later). From the run marker, so every check of the run asks for the same days.
 */
export function slotsWindow(ctx: CheckContext): Window {
  let h = 0;
  for (const c of ctx.run.marker) h = (Math.imul(h, 31) + c.charCodeAt(0)) >>> 0;
  const start = addDays(dayOf(new Date()), 3 + (h % 7));
  return { start, end: addDays(start, 8) };
}

/** Eight days starting three days after the run's window: no day in common with it. */
export const laterWindow = (w: Window): Window => ({ start: addDays(w.end, 3), end: addDays(w.end, 10) });

/**
 * The days of a window two days or more from either bound: an answer may echo its query, and a
 * server may normalise the bounds it echoes (an exclusive end shown as the day before), so only
 * these days show that the window itself was served.
 */
export const innerDays = (w: Window): string[] => daysFrom(w.start, w.end).slice(2, -2);

/** The error text of a refusal, for the report; §4.5 gives the words but not the body shape. */
export function errorText(res: ApiResponse): string {
  const v = fieldValue(res.json, ['message', 'error', 'errorMessage', 'detail', 'title']);
  return typeof v === 'string' ? v : res.text.slice(0, 200);
}

/** A strict 400 for a §7 row, with the message recorded as an observation. */
export function expect400(ctx: CheckContext, res: ApiResponse, what: string): void {
  ctx.observe(`${what}: answer`, `HTTP ${res.status} ${errorText(res)}`);
  expectStatus(ctx, res, 400, what);
}

/**
 * The valid twin of every refusal check: the preferred pair with date-only values must answer 2xx;
 * a refusal points at the guessed location parameter, so the refusal under test proves nothing.
 */
export function controlAccepted(ctx: CheckContext, reference: { window: Window; res: ApiResponse }): void {
  if (!isSuccess(reference.res)) {
    ctx.observe('slots with the preferred pair', describeResponse(reference.res));
    ctx.inconclusive(
      `precondition: availableSlots with ${show(standardPair(reference.window))} was refused (${describeResponse(reference.res)}); the location parameter is a guess`,
    );
  }
}

/**
 * showAllSlots=true (§4.5 slots): every day of the window comes back, whichever pair set it. The
 * days next to either bound are not judged (whether the end day counts is not shown).
 */
export function expectEveryDay(ctx: CheckContext, res: ApiResponse, w: Window, what: string): void {
  expect2xx(ctx, res, what);
  const got = daysOf(res);
  if (isSuccess(res) && got.length === 0) ctx.inconclusive('no day could be located in the slots answer');
  const missing = daysFrom(w.start, w.end)
    .slice(1, -1)
    .filter((d) => !got.includes(d));
  verdict(
    ctx,
    missing.map((d) => leftOut(`day ${d}`, `it lies inside ${w.start}..${w.end} (returned: ${got.join(', ')})`, res)),
    `${what} left out days of the window`,
    7,
    `days of the window returned with ${what}`,
  );
}
