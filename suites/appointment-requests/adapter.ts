import type { ApiResponse, Query } from '../../harness/client.js';
import type { CheckContext } from '../../harness/conformance.js';
import { firstRecordArray, isRecord, recordArrayWith, reportedTotal } from '../../harness/checks/index.js';
import type { AppointmentRequestInput } from '../../generators/appointment-requests.js';
import type { Rec, ResourceAdapter } from '../common/adapter.js';
import { requestKeyOf } from './records.js';
import { onBase } from '../common/page-base.js';

/**
 * Appointment requests (§2.5, §4.5). The list is documented for "a company and location", but the
 * location parameter's name is not shown, nor the list envelope or the record fields: the names
 * come from ctx.profile.appointmentRequests (a refusal of them is inconclusive, never failed) and
 * the records are located tolerantly. There is no documented read by id.
 */

/** Company and location as the profile places them. The location belongs to COMPANY_ID, so it is sent only for that company. */
function where(ctx: CheckContext, companyId: string): { query: Query; body: Record<string, unknown> } {
  const p = ctx.profile.appointmentRequests;
  const company = { [ctx.profile.companyParam]: companyId };
  const locationId = companyId === ctx.companyId ? ctx.target.locationId : undefined;
  const location = locationId ? { [p.locationParam]: locationId } : {};
  return {
    query: { ...company, ...(p.locationInQuery ? location : {}) },
    body: { ...company, ...(p.locationInBody ? location : {}) },
  };
}

/**
 * The records of a list answer: the outermost array whose records carry `description` (§4.5 create
 * rule 2: lists return the comment there) or `updatedAt` (list rule 4), so that another array of
 * the envelope (warnings, links) is never taken for them; else the first array of objects.
 */
/** The list with its page sent as given, for observing the base. */
const rawRequests = (ctx: CheckContext, query: Query) =>
  ctx.api.get('/appointmentRequests', { ...where(ctx, ctx.companyId).query, ...query });

function records(res: ApiResponse): Rec[] {
  return (
    recordArrayWith(res.json, 'description') ??
    recordArrayWith(res.json, 'updatedAt') ??
    firstRecordArray(res.json) ??
    []
  );
}

/** The body without its records, so a count-like field of a record is never read as the list total. */
function withoutRecords(body: unknown, recs: readonly Rec[]): unknown {
  const walk = (v: unknown, depth: number): unknown => {
    if (depth > 8) return v;
    if (Array.isArray(v))
      return recs.length > 0 && v.some((x) => recs.includes(x as Rec)) ? [] : v.map((x) => walk(x, depth + 1));
    if (isRecord(v)) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x, depth + 1)]));
    return v;
  };
  return walk(body, 0);
}

export const appointmentRequests = {
  name: 'appointmentRequests',
  path: '/appointmentRequests',
  /**
   * §2.5 shows no field of the record, so no id name is guessed: a request is known by its content
   * (idOf), and this name only labels the generic messages.
   */
  idKey: 'appointmentRequest',
  documentedList: false,
  // page counts from 1 here; the list's own base is observed (S-PAGE-base).
  list: async (ctx, query = {}, companyId = ctx.companyId) =>
    ctx.api.get('/appointmentRequests', {
      ...where(ctx, companyId).query,
      ...(await onBase(ctx, 'appointmentRequests', query, rawRequests, { records, idOf: requestKeyOf })),
    }),
  records,
  total: (res) => {
    const body = res.json;
    return Array.isArray(body) ? undefined : reportedTotal(withoutRecords(body, records(res)));
  },
  idOf: (r) => requestKeyOf(r),
} as const satisfies ResourceAdapter;

/** §4.5 POST /appointmentRequests/create, with company and location where the profile puts them. */
export function postAppointmentRequest(ctx: CheckContext, body: AppointmentRequestInput): Promise<ApiResponse> {
  // §3 gives appointment requests no archive: a -t or path selection on a live target leaves none unasked.
  if (ctx.run.unarchivable === 'refused')
    ctx.skip(
      'creates an appointment request, which has no archive (§3) and would stay on the live target: pass --allow-unarchivable to run it',
    );
  const w = where(ctx, ctx.companyId);
  return ctx.api.post('/appointmentRequests/create', { ...w.body, ...body }, w.query);
}

/** Where the profile says the location parameter goes, for the record-shape observation. */
export function locationPlacement(ctx: CheckContext): string {
  const p = ctx.profile.appointmentRequests;
  return `${p.locationParam} (query: ${p.locationInQuery}, body: ${p.locationInBody})`;
}
