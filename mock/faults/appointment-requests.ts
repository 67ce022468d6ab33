import { companyOf, isObject } from '../context.js';
import { badRequest } from '../http.js';
import type { AppointmentRequestRecord } from '../model.js';
import { replaceRoute, wrapRoute } from '../overlay.js';
import { dateParam, inWindow, sent } from '../query.js';
import {
  appointmentDateNames,
  appointmentFilters,
  appointmentListReply,
  createAppointmentRequest,
  documentedDateTime,
  updatedWindow,
} from '../resources/appointment-requests.js';
import { slotDatePairs } from '../resources/available-slots.js';
import type { RequestContext } from '../types.js';
import { acrossCompanies, editReply, editRequest, isSuccess, withBody, withoutQuery, withQuery } from './edit.js';
import type { FaultDef } from './fault.js';

const CREATE = '/appointmentRequests/create';
const LIST = '/appointmentRequests';
const SLOTS = '/appointmentRequests/availableSlots';
const [standardPair, legacyPair] = slotDatePairs;

const withoutKey = (o: Record<string, unknown>, key: string) =>
  Object.fromEntries(Object.entries(o).filter(([k]) => k !== key));

/** The services of a create body with one field silently dropped from every entry. */
const servicesWithout = (key: string) => (ctx: RequestContext) =>
  withBody(ctx, (b) =>
    Array.isArray(b.services)
      ? { ...b, services: b.services.map((s: unknown) => (isObject(s) ? withoutKey(s, key) : s)) }
      : b,
  );

/** The slots query with a transformation of each date value sent; the reference reads what it leaves. */
const slotsQuery = (change: (q: URLSearchParams) => void) => editRequest('GET', SLOTS, (ctx) => withQuery(ctx, change));

/** Realistic regressions of appointment requests and slots, each breaking one rule of §2.5, §4.5 or §7. */
export const appointmentRequestFaults = {
  'appt-create-datetime-iso-only': {
    clause: 'APPT-CREATE-DATETIME-FORMAT',
    description:
      'Create parses startDateTime/endDateTime as ISO (YYYY-MM-DDTHH:mm) and refuses YYYY-MM-DD HH:mm with 400.',
    overlay: replaceRoute(
      'POST',
      CREATE,
      createAppointmentRequest((raw, field) => {
        if (typeof raw === 'string' && !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(raw))
          badRequest(`${field} must be an ISO 8601 datetime`);
        return documentedDateTime(typeof raw === 'string' ? raw.slice(0, 16).replace('T', ' ') : raw, field);
      }),
    ),
  },
  'appt-notes-win-over-description': {
    clause: 'APPT-DESCRIPTION-WINS',
    description: 'With both description and notes sent, notes is stored as the comment.',
    // The two fields are read in the wrong order: notes first, description as the fallback.
    overlay: editRequest('POST', CREATE, (ctx) =>
      withBody(ctx, (b) => ({ ...b, description: b.notes, notes: b.description })),
    ),
  },
  'appt-notes-alias-dropped': {
    clause: 'APPT-NOTES-ALIAS',
    description: 'A comment sent only as notes is dropped: description comes back empty.',
    overlay: editRequest('POST', CREATE, (ctx) => withBody(ctx, (b) => withoutKey(b, 'notes'))),
  },
  'appt-description-not-listed': {
    clause: 'APPT-DESCRIPTION-LISTED',
    description: 'The list DTO renamed the field: records carry the comment under comment instead of description.',
    overlay: editReply('GET', LIST, (body) => ({
      ...body,
      results: {
        ...body.results,
        content: body.results.content.map(({ description, ...rest }: AppointmentRequestRecord) => ({
          ...rest,
          comment: description,
        })),
      },
    })),
  },
  'appt-line-breaks-stripped': {
    clause: 'APPT-LINE-BREAKS',
    description: 'The comment is sanitised to one line: line breaks become spaces.',
    overlay: editRequest('POST', CREATE, (ctx) =>
      withBody(ctx, (b) => {
        const oneLine = (v: unknown) => (typeof v === 'string' ? v.replace(/\r\n|\r|\n/g, ' ') : v);
        return { ...b, description: oneLine(b.description), notes: oneLine(b.notes) };
      }),
    ),
  },
  'appt-vehicle-name-accepted': {
    clause: 'APPT-REJECT-VEHICLE-NAME',
    description: 'A create body with vehicle.name is accepted (the name is silently regenerated).',
    overlay: editRequest('POST', CREATE, (ctx) =>
      withBody(ctx, (b) => (isObject(b.vehicle) ? { ...b, vehicle: withoutKey(b.vehicle, 'name') } : b)),
    ),
  },
  // "" is a value of the key §4.5 forbids (S-4.5-forbidden-fields, corrected 2026-12-02).
  'appt-vehicle-name-empty-accepted': {
    clause: 'APPT-REJECT-VEHICLE-NAME',
    description:
      'The create validator tests vehicle.name for truthiness: an empty name is taken as absent and the body accepted (a non-empty one is still refused).',
    overlay: editRequest('POST', CREATE, (ctx) =>
      withBody(ctx, (b) =>
        isObject(b.vehicle) && b.vehicle.name === '' ? { ...b, vehicle: withoutKey(b.vehicle, 'name') } : b,
      ),
    ),
  },
  'appt-service-id-accepted': {
    clause: 'APPT-REJECT-SERVICE-ID',
    description: 'A create body with services[].serviceId is accepted.',
    overlay: editRequest('POST', CREATE, servicesWithout('serviceId')),
  },
  'appt-service-title-accepted': {
    clause: 'APPT-REJECT-SERVICE-TITLE',
    description: 'A create body with services[].title is accepted.',
    overlay: editRequest('POST', CREATE, servicesWithout('title')),
  },
  'appt-vehicle-name-not-returned': {
    clause: 'APPT-VEHICLE-NAME-GENERATED',
    description: 'The create response leaves out vehicle.name (it is generated later, asynchronously).',
    overlay: editReply('POST', CREATE, (body) => ({
      ...body,
      data: { ...body.data, vehicle: withoutKey(body.data.vehicle, 'name') },
    })),
  },
  'appt-appointment-end-ignored': {
    clause: 'APPT-FILTER-APPOINTMENT-DATE',
    description: 'The list never reads appointmentDateEnd, so requests after the window come back.',
    overlay: editRequest('GET', LIST, (ctx) => withoutQuery(ctx, 'appointmentDateEnd')),
  },
  'appt-updated-end-ignored': {
    clause: 'APPT-FILTER-UPDATED-DATE',
    description: 'The list never reads updatedDateEnd, so requests updated after the window come back.',
    overlay: editRequest('GET', LIST, (ctx) => withoutQuery(ctx, 'updatedDateEnd')),
  },
  'appt-legacy-alias-ignored': {
    clause: 'APPT-LEGACY-ALIAS',
    description: 'The legacy names appointmentStartDate/appointmentEndDate are no longer read.',
    overlay: editRequest('GET', LIST, (ctx) => withoutQuery(ctx, 'appointmentStartDate', 'appointmentEndDate')),
  },
  'appt-legacy-alias-wins': {
    clause: 'APPT-STANDARD-WINS',
    description: 'When a standard date name and its legacy alias are both sent, the legacy alias wins.',
    overlay: editRequest('GET', LIST, (ctx) =>
      withQuery(ctx, (q) => {
        for (const [standard, legacy] of appointmentDateNames) if (sent(q, legacy)) q.set(standard, q.get(legacy)!);
      }),
    ),
  },
  'appt-startdate-honoured': {
    clause: 'APPT-STARTDATE-IGNORED',
    description: 'startDate/endDate filter the list on the request start, as a last-resort alias.',
    overlay: editRequest('GET', LIST, (ctx) =>
      withQuery(ctx, (q) => {
        const lastResort = { appointmentDateStart: 'startDate', appointmentDateEnd: 'endDate' } as const;
        for (const [standard, legacy] of appointmentDateNames) {
          if (!sent(q, standard) && !sent(q, legacy) && sent(q, lastResort[standard]))
            q.set(standard, q.get(lastResort[standard])!);
        }
      }),
    ),
  },
  'appt-datetime-filter-rejected': {
    clause: 'APPT-DATE-FORMS',
    description: 'The appointment-date filters go through a date-only parser: an ISO 8601 datetime gets 400.',
    overlay: editRequest('GET', LIST, (ctx) => {
      for (const names of appointmentDateNames) {
        const name = names.find((n) => sent(ctx.query, n));
        if (name) dateParam(ctx.query, name, { allowDateTime: false });
      }
      return ctx;
    }),
  },
  'appt-updated-date-only-rejected': {
    clause: 'APPT-DATE-FORMS',
    description: 'The updated-date filters go through a datetime-only parser: a YYYY-MM-DD value gets 400.',
    overlay: editRequest('GET', LIST, (ctx) => {
      for (const name of ['updatedDateStart', 'updatedDateEnd']) {
        if (sent(ctx.query, name) && !ctx.query.get(name)!.includes('T'))
          badRequest(`${name} must be an ISO 8601 datetime`);
      }
      return ctx;
    }),
  },
  'appt-updated-null-included': {
    clause: 'APPT-UPDATED-NULL-EXCLUDED',
    description:
      'The updated-date filters fall back to createdAt when updatedAt is null (COALESCE), so untouched requests match.',
    overlay: replaceRoute('GET', LIST, (ctx) => {
      const company = companyOf(ctx);
      const filters = appointmentFilters(ctx, company);
      const updated = updatedWindow(ctx.query);
      return appointmentListReply(ctx, company, {
        ...filters,
        updatedDate: (r) => !updated || inWindow(r.updatedAt ?? r.createdAt, updated.start, updated.end),
      });
    }),
  },
  // §8 pages with size and page; limit/offset in their place is not conforming (S-4.5-list-params, corrected 2026-12-02).
  'appt-list-pages-by-offset': {
    clause: 'APPT-PAGING',
    description:
      'GET /appointmentRequests pages with limit and offset of its own: page and size are ignored, every page is the first one at the default size.',
    overlay: replaceRoute('GET', LIST, (ctx) => {
      const company = companyOf(ctx);
      return appointmentListReply(ctx, company, appointmentFilters(ctx, company), (all) => {
        const offset = Math.max(0, Number(ctx.query.get('offset')) || 0);
        return all.slice(offset, offset + (Number(ctx.query.get('limit')) || 20));
      });
    }),
  },
  'appt-page-overlap': {
    clause: 'APPT-PAGING',
    description:
      'Page offsets are off by one: pages after the first start one request early, repeating the last one of the page before.',
    overlay: replaceRoute('GET', LIST, (ctx) => {
      const company = companyOf(ctx);
      return appointmentListReply(ctx, company, appointmentFilters(ctx, company), (all, p) => {
        const start = (p.page - 1) * p.size - (p.page > 1 ? 1 : 0);
        return all.slice(start, start + p.size);
      });
    }),
  },
  'tenant-appt-list-all-companies': {
    clause: 'TENANT-LIST-ISOLATION',
    description:
      'GET /appointmentRequests drops the company condition from its query and lists the requests of every company.',
    overlay: replaceRoute('GET', LIST, (ctx) => {
      const company = companyOf(ctx);
      const everyRequest = new Map(
        acrossCompanies(ctx.store, (c) => c.appointmentRequests).map((r) => [r.appointmentRequestId, r]),
      );
      return appointmentListReply(
        ctx,
        { ...company, appointmentRequests: everyRequest },
        appointmentFilters(ctx, company),
      );
    }),
  },
  'slots-iso-datetime-accepted': {
    clause: 'SLOTS-ISO-REJECTED',
    description: 'availableSlots accepts an ISO 8601 datetime and truncates it to its date.',
    overlay: slotsQuery((q) => {
      for (const name of [...standardPair, ...legacyPair]) {
        const v = q.get(name);
        if (v !== null && /^\d{4}-\d{2}-\d{2}T/.test(v)) q.set(name, v.slice(0, 10));
      }
    }),
  },
  'slots-slotdate-accepted': {
    clause: 'SLOTS-SLOTDATE-REJECTED',
    description: 'availableSlots reads slotDateStart/slotDateEnd as a third date pair.',
    overlay: slotsQuery((q) => {
      const third = ['slotDateStart', 'slotDateEnd'] as const;
      const otherPairSent = [...standardPair, ...legacyPair].some((n) => sent(q, n));
      third.forEach((name, i) => {
        if (!otherPairSent && sent(q, name)) q.set(standardPair[i]!, q.get(name)!);
        q.delete(name);
      });
    }),
  },
  'slots-window-defaulted': {
    clause: 'SLOTS-WINDOW-REQUIRED',
    description: 'availableSlots without any date pair answers the next 7 days instead of 400.',
    overlay: slotsQuery((q) => {
      if ([...standardPair, ...legacyPair, 'slotDateStart', 'slotDateEnd'].some((n) => sent(q, n))) return;
      const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
      q.set(standardPair[0], day(0));
      q.set(standardPair[1], day(6));
    }),
  },
  'slots-legacy-pair-rejected': {
    clause: 'SLOTS-LEGACY-PAIR',
    description: 'availableSlots dropped the legacy startDate/endDate pair: alone it gets 400 missing required fields.',
    overlay: slotsQuery((q) => legacyPair.forEach((n) => q.delete(n))),
  },
  'slots-legacy-pair-wins': {
    clause: 'SLOTS-STANDARD-WINS',
    description: 'With both pairs sent, availableSlots uses startDate/endDate.',
    overlay: slotsQuery((q) => {
      if (legacyPair.some((n) => sent(q, n))) standardPair.forEach((n) => q.delete(n));
    }),
  },
  'slots-show-all-default-false': {
    clause: 'SLOTS-SHOW-ALL-DEFAULT',
    description: 'showAllSlots defaults to false: days without availability are left out unless asked for.',
    overlay: slotsQuery((q) => {
      if (!sent(q, 'showAllSlots')) q.set('showAllSlots', 'false');
    }),
  },
  'appt-legacy-alias-days-only': {
    clause: 'APPT-DATE-FORMS',
    description:
      'The legacy aliases appointmentStartDate/EndDate still take YYYY-MM-DD only: a datetime there is a 400.',
    overlay: editRequest('GET', LIST, (ctx) => {
      for (const name of ['appointmentStartDate', 'appointmentEndDate'])
        if (/T/.test(ctx.query.get(name) ?? '')) badRequest(`${name} must be YYYY-MM-DD`);
      return ctx;
    }),
  },
  'slots-plain-text': {
    clause: 'PLATFORM-JSON-ANSWERS',
    description: 'availableSlots answers plain text, one "date start-end" line per open slot, instead of JSON.',
    overlay: wrapRoute('GET', SLOTS, (next) => async (ctx) => {
      const reply = await next(ctx);
      if (!isSuccess(reply)) return reply;
      const days = (reply.body as { data: { date: string; slots: { startTime: string; endTime: string }[] }[] }).data;
      const raw = days.flatMap((d) => d.slots.map((s) => `${d.date} ${s.startTime}-${s.endTime}`)).join('\n');
      return { status: 200, raw, headers: { 'content-type': 'text/plain; charset=utf-8' } };
    }),
  },
  'appt-comment-html-escaped': {
    clause: 'APPT-COMMENT-PLAIN-TEXT',
    description: 'The create escapes the comment for HTML (&, <, > stored as entities), so it lists as &lt; and &amp;.',
    overlay: editRequest('POST', CREATE, (ctx) =>
      withBody(ctx, (b) => {
        const escape = (v: unknown) =>
          typeof v === 'string' ? v.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;') : v;
        return {
          ...b,
          ...('description' in b ? { description: escape(b.description) } : {}),
          ...('notes' in b ? { notes: escape(b.notes) } : {}),
        };
      }),
    ),
  },
  'slots-half-pair-defaulted': {
    clause: 'SLOTS-HALF-PAIR-REJECTED',
    description: 'availableSlots given a start without its end answers the week from the start instead of 400.',
    overlay: slotsQuery((q) => {
      for (const [start, end] of slotDatePairs) {
        const from = q.get(start);
        if (from && !sent(q, end) && /^\d{4}-\d{2}-\d{2}$/.test(from))
          q.set(end, new Date(Date.parse(`${from}T00:00:00Z`) + 6 * 86_400_000).toISOString().slice(0, 10));
      }
    }),
  },
  'slots-window-whole-weeks': {
    clause: 'SLOTS-WINDOW-BOUNDED',
    description:
      'availableSlots rounds the window up to two whole weeks from its start, serving days after the end asked for.',
    overlay: slotsQuery((q) => {
      const [start, end] = standardPair;
      const from = q.get(start);
      // Both bounds are parsed first: a bound in another form is still refused.
      if (!from || !sent(q, end) || !/^\d{4}-\d{2}-\d{2}$/.test(from) || !/^\d{4}-\d{2}-\d{2}$/.test(q.get(end)!))
        return;
      const fortnight = new Date(Date.parse(`${from}T00:00:00Z`) + 20 * 86_400_000).toISOString().slice(0, 10);
      if (q.get(end)! < fortnight) q.set(end, fortnight);
    }),
  },
  'slots-show-all-presence-filters': {
    clause: 'SLOTS-SHOW-ALL-TRUE',
    description:
      'showAllSlots is read by presence: sent at all, even as true, it leaves out days without availability.',
    overlay: slotsQuery((q) => {
      if (sent(q, 'showAllSlots')) q.set('showAllSlots', 'false');
    }),
  },
} as const satisfies Record<string, FaultDef>;
