import type { ApiResponse, Query } from '../../harness/client.js';
import type { CheckContext } from '../../harness/conformance.js';
import { addDays, dayOf, describeResponse, expectStatus, fieldValue, isSuccess } from '../../harness/checks/index.js';

/**
 * Helpers shared by the available-slots checks (§4.5). The location parameter is not shown: its name
 * comes from ctx.profile.appointmentRequests, like the rest of the appointment-request area.
 */

export interface Window {
  start: string;
  end: string;
}

export function getSlots(ctx: CheckContext, query: Query): Promise<ApiResponse> {
  const p = ctx.profile.appointmentRequests;
  return ctx.api.get('/appointmentRequests/availableSlots', {
    [ctx.profile.companyParam]: ctx.companyId,
    [p.locationParam]: ctx.target.locationId,
    ...query,
  });
}

/** The located days that lie in a window: other dates in an answer (a timestamp, a notice) say nothing about it. */
export const daysWithin = (days: readonly string[], w: Window) => days.filter((d) => d >= w.start && d <= w.end);

/** §4.5: the preferred pair, and the legacy pair that is still accepted. */
export const standardPair = (w: Window): Query => ({ appointmentDateStart: w.start, appointmentDateEnd: w.end });
export const legacyPair = (w: Window): Query => ({ startDate: w.start, endDate: w.end });

/**
 * A future window of `days` days, 3 to 9 days ahead: near enough for any booking horizon, and before
 * the days the appointment-request checks book (3 weeks ahead and later), so their bookings do not
 * change availability under these checks.
 */
export function futureWindow(ctx: CheckContext, label: string, days: number, offset = 0): Window {
  let h = 0;
  for (const c of `${ctx.marker}|${label}`) h = (Math.imul(h, 31) + c.charCodeAt(0)) >>> 0;
  const start = addDays(dayOf(new Date()), 3 + (h % 7) + offset);
  return { start, end: addDays(start, days - 1) };
}

/**
 * The documented request for the window must answer 2xx before a rule about other parameters can
 * be judged; a refusal points at the guessed location parameter, so inconclusive.
 */
export async function requireSlots(ctx: CheckContext, w: Window): Promise<ApiResponse> {
  const res = await getSlots(ctx, standardPair(w));
  if (!isSuccess(res)) {
    ctx.observe('slots with appointmentDateStart/End', describeResponse(res));
    ctx.inconclusive(`precondition: availableSlots with appointmentDateStart=${w.start}&appointmentDateEnd=${w.end} was refused (${describeResponse(res)}); the location parameter is a guess`);
  }
  return res;
}

/** The error text of a refusal, for the report; the spec gives the words but not the body shape. */
export function errorText(res: ApiResponse): string {
  const v = fieldValue(res.json, ['message', 'error', 'errorMessage', 'detail', 'title']);
  return typeof v === 'string' ? v : res.text.slice(0, 200);
}

/** A strict 400 for a documented rule, with the message recorded as an observation. */
export function expect400(ctx: CheckContext, res: ApiResponse, what: string): void {
  ctx.observe(`${what}: answer`, `HTTP ${res.status} ${errorText(res)}`);
  expectStatus(res, 400, what);
}
