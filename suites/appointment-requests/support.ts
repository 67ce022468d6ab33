import type { Faker } from '@faker-js/faker';
import type { ApiResponse, Query } from '../../harness/client.js';
import type { CheckContext } from '../../harness/conformance.js';
import { addDays, ContractViolation, describeResponse, endsList, expectStatus, firstRecordArray, isSuccess, parseDateTime, recordArrayWith } from '../../harness/checks/index.js';
import {
  bookingDay,
  buildAppointmentRequest,
  startTimeFor,
  taggedComment,
  type AppointmentRequestInput,
  type Comment,
} from '../../generators/appointment-requests.js';
import { seededFaker } from '../../generators/random.js';
import { locate, requestIdOf, selection, separates, type Placed, type Window } from './records.js';

export * from './records.js';

/**
 * Helpers shared by the appointment-request checks (§2.5, §4.5). The company and location
 * parameters are only partly shown: their names and places come from ctx.profile.
 */

function companyAndLocation(ctx: CheckContext): { query: Query; body: Record<string, unknown> } {
  const p = ctx.profile.appointmentRequests;
  const company = { [ctx.profile.companyParam]: ctx.companyId };
  const location = { [p.locationParam]: ctx.target.locationId };
  return {
    query: { ...company, ...(p.locationInQuery ? location : {}) },
    body: { ...company, ...(p.locationInBody ? location : {}) },
  };
}

export function postAppointmentRequest(ctx: CheckContext, body: AppointmentRequestInput): Promise<ApiResponse> {
  const where = companyAndLocation(ctx);
  return ctx.api.post('/appointmentRequests/create', { ...where.body, ...body }, where.query);
}

export function listAppointmentRequests(ctx: CheckContext, query: Query = {}): Promise<ApiResponse> {
  return ctx.api.get('/appointmentRequests', { ...companyAndLocation(ctx).query, ...query });
}

/**
 * The records of a list page; the list envelope is not shown (§4.5), so they are located: first by
 * the fields §4.5 says a listed request carries (description, rule 2; updatedAt, rule 4), so that
 * another array in the envelope (warnings: [], links) is never taken for the records.
 */
export function listedRecords(res: ApiResponse): Record<string, unknown>[] {
  return recordArrayWith(res.json, 'description') ?? recordArrayWith(res.json, 'updatedAt') ?? firstRecordArray(res.json) ?? [];
}

export type Listing = { ok: true; records: Record<string, unknown>[]; complete: boolean } | { ok: false; res: ApiResponse };

/**
 * Every page of a list query (size 100) until the list ends (endsList: the server may serve fewer
 * per page than asked); `complete` is false when bounded.
 */
export async function listAll(ctx: CheckContext, query: Query, maxPages = 10): Promise<Listing> {
  const size = 100;
  const records: Record<string, unknown>[] = [];
  let firstPageCount = size;
  for (let page = 1; page <= maxPages; page++) {
    const res = await listAppointmentRequests(ctx, { ...query, size, page });
    if (!isSuccess(res)) return { ok: false, res };
    const batch = listedRecords(res);
    records.push(...batch);
    if (page === 1) firstPageCount = batch.length;
    if (endsList(page, batch.length, firstPageCount)) return { ok: true, records, complete: true };
  }
  return { ok: true, records, complete: false };
}

/**
 * The plain list, without filters, must work before a filter can be judged: a refusal means the
 * guessed company or location parameter is wrong, which is inconclusive, never a failure.
 */
export async function requireListAnswers(ctx: CheckContext): Promise<ApiResponse> {
  const res = await listAppointmentRequests(ctx, { size: 1, page: 1 });
  if (!isSuccess(res)) {
    ctx.observe('list without filters', describeResponse(res));
    ctx.inconclusive(`GET /appointmentRequests without filters was refused (${describeResponse(res)}); the company/location parameters are guesses (profile.appointmentRequests)`);
  }
  return res;
}

// ── Windows and the records a check creates ───────────────────────────────────────────────

/** A window of three days around `day`: wide enough for any time-zone reading of a date-only bound. */
export function windowAround(day: string): Window {
  return { start: addDays(day, -1), end: addDays(day, 1) };
}

export const standardWindow = (w: Window): Query => ({ appointmentDateStart: w.start, appointmentDateEnd: w.end });
export const legacyWindow = (w: Window): Query => ({ appointmentStartDate: w.start, appointmentEndDate: w.end });

/** Builds a tagged body for `label`: a booking day from the marker, a start time from the tag. */
export function plan(ctx: CheckContext, label: string, comment: (tag: string) => Comment, day = bookingDay(ctx.marker, label)): Placed {
  // Delimited, so no tag is a prefix of another.
  const tag = `#${ctx.marker}-${label}#`;
  const at = startTimeFor(tag);
  const body = buildAppointmentRequest(seededFaker(ctx.seed, `appt-${label}`), day, at, comment(tag));
  return { tag, day, at, body, startMs: parseDateTime(body.startDateTime)! };
}

/** The default comment: a one-line description carrying the tag. */
export const describedBy = (ctx: CheckContext, label: string) => (tag: string): Comment => ({
  description: taggedComment(seededFaker(ctx.seed, `comment-${label}`), tag),
});

/**
 * Ledgers an accepted create and returns the id found in its response. A refusal is inconclusive:
 * the create rules have their own checks, and the body beyond §2.5 is partly guessed.
 */
export function acceptedCreate(ctx: CheckContext, res: ApiResponse, placed: Placed): Placed {
  if (!isSuccess(res)) {
    ctx.observe('create refused', describeResponse(res));
    ctx.inconclusive(`precondition: POST /appointmentRequests/create was refused (${describeResponse(res)}); the body beyond §2.5 and the location parameter are guesses`);
  }
  const id = requestIdOf(res.json);
  ctx.ledger.created('appointmentRequest', id ?? `unidentified:${placed.tag}`);
  return { ...placed, id };
}

/** Creates a planned request as the precondition of another clause. */
export async function createPlaced(ctx: CheckContext, placed: Placed): Promise<Placed> {
  return acceptedCreate(ctx, await postAppointmentRequest(ctx, placed.body), placed);
}

/** Request A on a booking day and request B one week later: windows around each select one. */
export async function createPair(ctx: CheckContext, label: string): Promise<{ a: Placed; b: Placed }> {
  const a = plan(ctx, `${label}-a`, describedBy(ctx, `${label}-a`));
  const b = plan(ctx, `${label}-b`, describedBy(ctx, `${label}-b`), addDays(a.day, 7));
  const [ca, cb] = await Promise.all([createPlaced(ctx, a), createPlaced(ctx, b)]);
  return { a: ca, b: cb };
}


/**
 * §4.5 create rule 3: a valid body plus one forbidden field must get 400. A valid control body is
 * sent alongside; if it is refused too, the 400 proves nothing (the guessed parts), so inconclusive.
 */
export async function expectForbiddenFieldRejected(
  ctx: CheckContext,
  field: string,
  add: (body: AppointmentRequestInput, f: Faker) => AppointmentRequestInput,
): Promise<void> {
  const label = `forbidden-${field.replace(/[^A-Za-z]/g, '')}`;
  const control = plan(ctx, `${label}-control`, describedBy(ctx, `${label}-control`));
  const invalid = plan(ctx, label, describedBy(ctx, label));
  const [controlRes, res] = await Promise.all([
    postAppointmentRequest(ctx, control.body),
    postAppointmentRequest(ctx, add(invalid.body, seededFaker(ctx.seed, label))),
  ]);
  for (const [r, p] of [[controlRes, control], [res, invalid]] as const) {
    if (isSuccess(r)) ctx.ledger.created('appointmentRequest', requestIdOf(r.json) ?? `unidentified:${p.tag}`);
  }
  if (!isSuccess(controlRes)) ctx.inconclusive(`precondition: the same body without ${field} was refused too (${describeResponse(controlRes)})`);
  ctx.observe(`answer to ${field}`, describeResponse(res));
  expectStatus(res, 400, `POST /appointmentRequests/create with ${field}`);
}

/** Creates a request and reads it back from the list of its own days (the comment is listed, §4.5 rule 2). */
export async function createAndFind(ctx: CheckContext, placed: Placed): Promise<{ created: Placed; record: Record<string, unknown> }> {
  const created = await createPlaced(ctx, placed);
  const listing = await listAll(ctx, standardWindow(windowAround(created.day)));
  if (!listing.ok) ctx.inconclusive(`precondition: listing the request's days was refused (${describeResponse(listing.res)})`);
  const record = locate(listing.records, created);
  if (!record) ctx.inconclusive(`precondition: the created request ${created.tag} was not found in the list of ${created.day}`);
  return { created, record: record! };
}

/** A list answer to documented parameters: a refusal is a violation of the clause under test. */
export function expectListed(listing: Listing, what: string): asserts listing is Listing & { ok: true } {
  if (!listing.ok) throw new ContractViolation(`${what} was refused: ${describeResponse(listing.res)}`);
}

/**
 * The standard filter on each request's window, as the reference an alias or a precedence rule is
 * compared with. When it does not separate the two requests, that is the filter's own clause, and
 * the comparison cannot be made: inconclusive.
 */
export async function standardReference(ctx: CheckContext, a: Placed, b: Placed): Promise<void> {
  const [ra, rb] = await Promise.all([listAll(ctx, standardWindow(windowAround(a.day))), listAll(ctx, standardWindow(windowAround(b.day)))]);
  const sep = (l: Listing, x: Placed, y: Placed) => l.ok && separates(selection(l.records, [x, y]), x, y);
  if (!sep(ra, a, b) || !sep(rb, b, a)) {
    ctx.inconclusive('precondition: appointmentDateStart/End alone does not separate two requests a week apart (APPT-FILTER-APPOINTMENT-DATE judges that); nothing to compare with');
  }
}
