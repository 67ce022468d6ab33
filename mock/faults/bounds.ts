import { companyOf } from '../context.js';
import { badRequest } from '../http.js';
import { dateParam, inWindow, sent, type DateBound } from '../query.js';
import { replaceRoute, wrapRoute } from '../overlay.js';
import { appointmentDateNames, appointmentFilters, appointmentListReply } from '../resources/appointment-requests.js';
import { slotDatePairs } from '../resources/available-slots.js';
import type { RequestContext } from '../types.js';
import { editRequest, isSuccess, withBody, withQuery, type Json } from './edit.js';
import type { FaultDef } from './fault.js';

/**
 * Regressions the both-bounds and precedence techniques catch (contract/techniques.ts): a bound
 * judged against the wrong field, a bound ignored when it comes alone, a format checked on one
 * field of a pair only, an alias that wins or leaks; and the older blind spots of issue #20.
 */

const LIST = '/appointmentRequests';
const SLOTS = '/appointmentRequests/availableSlots';
const CREATE = '/appointmentRequests/create';
const minuteForm = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/;

/** The query without `name` when it is sent without `partner`: a bound honoured only beside the other one. */
const aloneDropped = (ctx: RequestContext, name: string, partner: string): RequestContext =>
  withQuery(ctx, (q) => {
    if (!sent(q, name) || sent(q, partner)) return;
    dateParam(q, name); // still parsed: a bad value is still a 400
    q.delete(name);
  });

/** The day `n` days from today (UTC), as YYYY-MM-DD. */
const dayAhead = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

/** One bound of the appointment window, as the reference reads it (standard name first, §4.5 list rule 2). */
function appointmentBound(q: URLSearchParams, names: readonly string[]): DateBound | undefined {
  const name = names.find((n) => sent(q, n));
  return name ? dateParam(q, name) : undefined;
}

export const boundsFaults = {
  // ── both bounds ────────────────────────────────────────────────────────────────────────
  'appt-window-end-on-request-end': {
    clause: 'APPT-FILTER-APPOINTMENT-DATE',
    description: "The appointment window's end bound is compared with the request's endDateTime instead of its start.",
    technique: { name: 'both-bounds', resource: 'appointmentRequests' },
    overlay: replaceRoute('GET', LIST, (ctx) => {
      const company = companyOf(ctx);
      const [startNames, endNames] = appointmentDateNames;
      const [start, end] = [appointmentBound(ctx.query, startNames), appointmentBound(ctx.query, endNames)];
      const filters = appointmentFilters(ctx, company);
      return appointmentListReply(ctx, company, {
        ...filters,
        appointmentDate: (r) => inWindow(r.startDateTime, start) && inWindow(r.endDateTime, undefined, end),
      });
    }),
  },
  'appt-end-datetime-format-unchecked': {
    clause: 'APPT-CREATE-DATETIME-ENFORCED',
    description:
      'Only startDateTime goes through the format check: an endDateTime it cannot read becomes one hour after the start.',
    technique: { name: 'both-bounds', resource: 'appointmentRequests' },
    overlay: editRequest('POST', CREATE, (ctx) =>
      withBody(ctx, (b) => {
        const [start, end] = [b.startDateTime, b.endDateTime];
        if (typeof start !== 'string' || !minuteForm.test(start) || (typeof end === 'string' && minuteForm.test(end)))
          return b;
        const later = new Date(Date.parse(`${start.replace(' ', 'T')}:00Z`) + 3_600_000).toISOString();
        return { ...b, endDateTime: `${later.slice(0, 10)} ${later.slice(11, 16)}` };
      }),
    ),
  },
  'appt-start-alone-ignored': {
    clause: 'APPT-FILTER-APPOINTMENT-DATE',
    description:
      'appointmentDateStart is applied only beside appointmentDateEnd: sent alone, every request comes back.',
    technique: { name: 'both-bounds', resource: 'appointmentRequests' },
    overlay: editRequest('GET', LIST, (ctx) => aloneDropped(ctx, 'appointmentDateStart', 'appointmentDateEnd')),
  },
  'vehicles-updated-start-alone-ignored': {
    clause: 'VEHICLE-FILTER-UPDATED',
    description:
      'GET /vehicles applies updatedDateStart only beside updatedDateEnd: sent alone, it is parsed and dropped.',
    technique: { name: 'both-bounds', resource: 'vehicles' },
    overlay: editRequest('GET', '/vehicles', (ctx) => aloneDropped(ctx, 'updatedDateStart', 'updatedDateEnd')),
  },
  'items-updated-end-alone-ignored': {
    clause: 'ITEM-FILTER-UPDATED',
    description:
      'GET /items applies updatedDateEnd only beside updatedDateStart: sent alone, it is parsed and dropped.',
    technique: { name: 'both-bounds', resource: 'items' },
    overlay: editRequest('GET', '/items', (ctx) => aloneDropped(ctx, 'updatedDateEnd', 'updatedDateStart')),
  },
  'po-date-starts-alone-ignored': {
    clause: 'PO-DATE-FILTERS',
    description:
      'GET /purchaseOrders applies createdDateStart and updatedDateStart only beside their end: sent alone, they are dropped.',
    technique: { name: 'both-bounds', resource: 'purchaseOrders' },
    overlay: editRequest('GET', '/purchaseOrders', (ctx) =>
      aloneDropped(aloneDropped(ctx, 'createdDateStart', 'createdDateEnd'), 'updatedDateStart', 'updatedDateEnd'),
    ),
  },
  'slots-end-iso-unchecked': {
    clause: 'SLOTS-ISO-REJECTED',
    description: 'availableSlots checks the start date of a pair only: an ISO 8601 end is cut to its date and served.',
    technique: { name: 'both-bounds', resource: 'availableSlots' },
    overlay: editRequest('GET', SLOTS, (ctx) =>
      withQuery(ctx, (q) => {
        for (const [, end] of slotDatePairs)
          if (/^\d{4}-\d{2}-\d{2}T/.test(q.get(end) ?? '')) q.set(end, q.get(end)!.slice(0, 10));
      }),
    ),
  },
  'slots-end-alone-defaulted': {
    clause: 'SLOTS-HALF-PAIR-REJECTED',
    description: 'availableSlots given an end without its start serves the days from today to that end instead of 400.',
    technique: { name: 'both-bounds', resource: 'availableSlots' },
    overlay: editRequest('GET', SLOTS, (ctx) =>
      withQuery(ctx, (q) => {
        for (const [start, end] of slotDatePairs) if (sent(q, end) && !sent(q, start)) q.set(start, dayAhead(0));
      }),
    ),
  },
  'slots-window-opens-tomorrow': {
    clause: 'SLOTS-WINDOW-BOUNDED',
    description:
      'availableSlots reads the start date as a lead time only: the window always opens tomorrow, whatever later start is asked.',
    technique: { name: 'both-bounds', resource: 'availableSlots' },
    overlay: editRequest('GET', SLOTS, (ctx) =>
      withQuery(ctx, (q) => {
        const [start] = slotDatePairs.find(([s, e]) => sent(q, s) || sent(q, e)) ?? [];
        if (start && /^\d{4}-\d{2}-\d{2}$/.test(q.get(start) ?? '') && q.get(start)! > dayAhead(1))
          q.set(start, dayAhead(1));
      }),
    ),
  },

  // ── precedence ─────────────────────────────────────────────────────────────────────────
  'appt-earlier-date-value-wins': {
    clause: 'APPT-STANDARD-WINS',
    description:
      'With a standard date name and its legacy alias both sent, each bound takes the earlier of the two values.',
    technique: { name: 'precedence', resource: 'appointmentRequests' },
    overlay: editRequest('GET', LIST, (ctx) =>
      withQuery(ctx, (q) => {
        for (const [standard, legacy] of appointmentDateNames) {
          if (!sent(q, standard) || !sent(q, legacy)) continue;
          if (dateParam(q, legacy)!.ms < dateParam(q, standard)!.ms) q.set(standard, q.get(legacy)!);
        }
      }),
    ),
  },
  'appt-first-comment-field-wins': {
    clause: 'APPT-DESCRIPTION-WINS',
    description: 'With description and notes both sent, the create keeps whichever comes first in the body.',
    technique: { name: 'precedence', resource: 'appointmentRequests' },
    overlay: editRequest('POST', CREATE, (ctx) =>
      withBody(ctx, (b) => {
        const first = Object.keys(b).find((k) => k === 'description' || k === 'notes');
        return first === 'notes' && 'description' in b ? { ...b, description: b.notes } : b;
      }),
    ),
  },

  'slots-earlier-pair-wins': {
    clause: 'SLOTS-STANDARD-WINS',
    description: 'With both date pairs sent, availableSlots uses the pair whose start is earlier.',
    technique: { name: 'precedence', resource: 'availableSlots' },
    overlay: editRequest('GET', SLOTS, (ctx) =>
      withQuery(ctx, (q) => {
        const [standard, legacy] = slotDatePairs;
        if (!standard.every((n) => sent(q, n)) || !legacy.every((n) => sent(q, n))) return;
        if (q.get(legacy[0])! < q.get(standard[0])!) standard.forEach((n, i) => q.set(n, q.get(legacy[i]!)!));
      }),
    ),
  },

  // ── the older blind spots (issue #20) ──────────────────────────────────────────────────
  'appt-notes-echoed': {
    clause: 'APPT-NOTES-WRITE-ONLY',
    description: 'The create stores notes in a column of its own beside description, and the list returns it.',
    overlay: wrapRoute('POST', CREATE, (next) => async (ctx) => {
      const reply = await next(ctx);
      const body = ctx.body as Json;
      const id = isSuccess(reply) ? (reply.body as Json).data?.appointmentRequestId : undefined;
      const stored = id ? companyOf(ctx).appointmentRequests.get(id) : undefined;
      if (stored && typeof body?.notes === 'string') Object.assign(stored, { notes: body.notes });
      return reply;
    }),
  },
  'slots-preferred-pair-refused': {
    clause: 'SLOTS-STANDARD-WINS',
    description: 'availableSlots reads only the legacy pair: appointmentDateStart/End get 400 missing required fields.',
    technique: { name: 'precedence', resource: 'availableSlots' },
    overlay: editRequest('GET', SLOTS, (ctx) => {
      if (slotDatePairs[0].some((n) => sent(ctx.query, n))) badRequest('missing required fields');
      return ctx;
    }),
  },
} as const satisfies Record<string, FaultDef>;
