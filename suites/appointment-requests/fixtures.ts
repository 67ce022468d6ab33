import type { ApiResponse, Query } from '../../harness/client.js';
import type { CheckContext } from '../../harness/conformance.js';
import { addDays, describeResponse, isSuccess } from '../../harness/checks/index.js';
import {
  bodyParts,
  bookingDay,
  endingDaysLater,
  multiLineComment,
  notesFirstComment,
  PLAIN_TEXT_LINE,
  requestBody,
  startTimeFor,
  taggedComment,
  type AppointmentRequestInput,
  type BodyParts,
  type Comment,
} from '../../generators/appointment-requests.js';
import { seededFaker } from '../../generators/random.js';
import type { Rec } from '../common/adapter.js';
import { collect, collectShowing, isoSeconds, type Listing } from '../common/listing.js';
import { appointmentRequests, postAppointmentRequest } from './adapter.js';
import {
  instantOf,
  learnStart,
  learnStartByValue,
  locate,
  updatedAtOf,
  type Findable,
  type Instant,
  type Window,
} from './records.js';

/**
 * The appointment requests a run creates, once per target, for every appointment-request clause:
 * three creates (§4.5 takes one request per call), each with one way of sending the comment, on
 * days a week apart so that windows around them tell them apart.
 *
 *   A  day D      description of several lines   (comment listed, line breaks, plain-text line)
 *   B  day D+7    the comment only as notes       (notes alias)
 *   C  day D+14   description and notes           (description wins)
 *
 *   L  day D to D+6  notes first, then description (both bounds: its start lies in W_A, its end in W_B;
 *                    precedence: description wins whichever field comes first)
 *
 * They are read back once, through two windows of the documented filter (W_A, two days either
 * side of A; W_B, from two days before B to two days after C) and the first page of the plain list. A request counts as
 * known once it is seen in any of them, so a fault of one filter never hides a record from the
 * checks of another rule: the filter checks then judge the known requests on both halves.
 */

export const roles = ['A', 'B', 'C'] as const;
export type Role = (typeof roles)[number];

export interface Planned extends Findable {
  role: Role;
  day: string;
  body: AppointmentRequestInput;
}

/** A request the fixture makes beside the roles, judged only by the clauses that name it. */
export type Extra = Omit<Planned, 'role'>;

/** How long L lasts: from day D in W_A to day D+6 in W_B, each end well inside its window under any zone. */
export const LONG_DAYS = 6;

export interface AppointmentFixture {
  planned: Record<Role, Planned>;
  /** L: starts in W_A and ends in W_B (§4.5 list: both bounds judge the start), its comment notes first. */
  long: { planned: Extra; create: ApiResponse };
  /** The create answer per role: APPT-CREATE-DATETIME-FORMAT and APPT-VEHICLE-NAME-GENERATED judge them. */
  creates: Record<Role, ApiResponse>;
  windows: { a: Window; b: Window };
  /** The documented filter on each window, read to its end (at most 3 pages); absent when nothing was created. */
  listings: { a?: Listing; b?: Listing };
  /** The parts every body shares: the forbidden-field bodies are built from them, so the fixture is their valid twin. */
  parts: BodyParts;
  /** When the creates were sent (Date.now()): later listings wait for them until CONSISTENCY_WINDOW_MS after. */
  writtenAt: number;
}

export const standardWindow = (w: Window): Query => ({ appointmentDateStart: w.start, appointmentDateEnd: w.end });
export const legacyWindow = (w: Window): Query => ({ appointmentStartDate: w.start, appointmentEndDate: w.end });

/**
 * The legacy aliases alone on W_A as plain days, read once: APPT-LEGACY-ALIAS judges it, and
 * APPT-DATE-FORMS compares the aliases' datetime form with it.
 */
export function legacyListing(ctx: CheckContext, view: FixtureView): Promise<Listing> {
  const inside = [...(view.seen.A.record ? ['A'] : []), ...(view.long.record ? ['L'] : [])];
  return ctx.shared('appointmentRequests:legacy-days', (s) =>
    listingShowing(
      s,
      { ...view.fx.planned, L: view.long.planned },
      legacyWindow(view.fx.windows.a),
      inside,
      'the legacy aliases on W_A',
      view.fx.writtenAt,
    ),
  );
}
/**
 * The days around `day` a window spans: two each side. A request booked on `day` lies inside under
 * any zone the server reads the booking or the bounds in (§2.5, §4.5 show none), even when both
 * differ and a date-only end is exclusive; a request a week later lies outside under all of them.
 */
export const MARGIN_DAYS = 2;
export const windowAround = (day: string): Window => ({
  start: addDays(day, -MARGIN_DAYS),
  end: addDays(day, MARGIN_DAYS),
});

/** The first day the run books on: a Tuesday to Thursday 3 to 8 weeks ahead, from the run marker. */
export const fixtureDay = (ctx: CheckContext) => bookingDay(ctx.run.marker, 'appointment-fixture');

/** A tagged body for `label` on `day` from the shared parts; the start time comes from the tag. */
export function plan(
  ctx: CheckContext,
  parts: BodyParts,
  label: string,
  day: string,
  comment: (tag: string) => Comment,
): Omit<Planned, 'role'> {
  // Delimited, so no tag is a prefix of another.
  const tag = `#${ctx.marker}-${label}#`;
  const body = requestBody(parts, day, startTimeFor(tag), comment(tag));
  return { tag, day, body, startUtc: instantOf(body.startDateTime)!.utc };
}

export function appointmentFixture(ctx: CheckContext): Promise<AppointmentFixture> {
  return ctx.shared('appointmentRequests', async (s) => {
    const f = seededFaker(s.seed, 'appointment-fixture');
    const parts = bodyParts(f);
    const d = fixtureDay(s);
    const planned: Record<Role, Planned> = {
      A: {
        role: 'A',
        ...plan(s, parts, 'A', d, (tag) => ({ description: `${multiLineComment(f, tag, 3)}\n${PLAIN_TEXT_LINE}` })),
      },
      B: { role: 'B', ...plan(s, parts, 'B', addDays(d, 7), (tag) => ({ notes: taggedComment(f, tag) })) },
      // The tag in both, so C is found whichever text the list shows.
      C: {
        role: 'C',
        ...plan(s, parts, 'C', addDays(d, 14), (tag) => ({
          description: taggedComment(f, tag),
          notes: `${tag} notes sent beside description: ${f.lorem.words(5)}`,
        })),
      },
    };
    const fl = seededFaker(s.seed, 'appointment-fixture-long');
    const longPlan = plan(s, parts, 'L', d, (tag) => notesFirstComment(fl, tag));
    const longPlanned: Extra = { ...longPlan, body: endingDaysLater(longPlan.body, LONG_DAYS) };
    const writtenAt = Date.now();
    const [longCreate, ...answers] = await Promise.all(
      [longPlanned, ...roles.map((r) => planned[r])].map((p) => postAppointmentRequest(s, p.body)),
    );
    const creates = Object.fromEntries(roles.map((r, i) => [r, answers[i]!])) as Record<Role, ApiResponse>;
    const long = { planned: longPlanned, create: longCreate! };
    // No archive is documented (§3): ledgered by the tag their comment carries, so ledger.json lists them.
    for (const p of [
      ...roles.filter((r) => isSuccess(creates[r])).map((r) => planned[r]),
      ...(isSuccess(long.create) ? [longPlanned] : []),
    ]) {
      s.ledger.created('appointmentRequest', undefined, { locator: { keys: { term: p.tag } } });
    }
    const windows = {
      a: windowAround(d),
      b: { start: addDays(d, 7 - MARGIN_DAYS), end: addDays(d, 14 + MARGIN_DAYS) },
    };
    if (!answers.some(isSuccess)) return { planned, long, creates, windows, listings: {}, parts, writtenAt };
    // Lists may show the creates late: each window is read until the requests created inside it show, within the window.
    const accepted = roles.filter((r) => isSuccess(creates[r]));
    const findable = { ...planned, L: longPlanned };
    const [a, b] = await Promise.all([
      listingShowing(
        s,
        findable,
        standardWindow(windows.a),
        [...accepted.filter((r) => r === 'A'), ...(isSuccess(long.create) ? ['L'] : [])],
        'W_A',
        writtenAt,
      ),
      listingShowing(
        s,
        findable,
        standardWindow(windows.b),
        accepted.filter((r) => r !== 'A'),
        'W_B',
        writtenAt,
      ),
    ]);
    return { planned, long, creates, windows, listings: { a, b }, parts, writtenAt };
  });
}

/** W_A from its first to its last second in ISO 8601 (UTC), the datetime form of §4.5 list rule 1. */
export const isoWindow = (w: Window): Window => ({ start: `${w.start}T00:00:00Z`, end: `${w.end}T23:59:59Z` });

/**
 * The standard names on W_A as ISO 8601 datetimes, read once: APPT-DATE-FORMS judges that the form
 * is taken, APPT-FILTER-APPOINTMENT-DATE judges both bounds in that form.
 */
export function isoListing(ctx: CheckContext, view: FixtureView): Promise<Listing> {
  return ctx.shared('appointmentRequests:iso-window', (s) => {
    const inside = [...(view.seen.A.record ? ['A'] : []), ...(view.long.record ? ['L'] : [])];
    return listingShowing(
      s,
      { ...view.fx.planned, L: view.long.planned },
      standardWindow(isoWindow(view.fx.windows.a)),
      inside,
      'W_A in ISO 8601',
      view.fx.writtenAt,
    );
  });
}

/**
 * A listing after the fixture's creates, read until it shows the requests created inside its
 * window (by the tag they carry, else their start), within CONSISTENCY_WINDOW_MS.
 */
export function listingShowing(
  ctx: CheckContext,
  planned: Record<string, Findable>,
  query: Query,
  inside: readonly string[],
  what: string,
  writtenAt: number,
  // A listing longer than maxPages may hold them on a page not read: reading it again would not tell, so `cut` ends the wait.
  o: { maxPages?: number; cut?: boolean } = {},
): Promise<Listing> {
  const pages = { maxPages: o.maxPages };
  if (!inside.length) return collect(ctx, appointmentRequests, query, pages);
  const q = Object.entries(query)
    .map(([k, v]) => `${k}=${String(v)}`)
    .join('&');
  return collectShowing(
    ctx,
    appointmentRequests,
    query,
    `POST /appointmentRequests/create (${inside.join(', ')}) shown in ${what}: GET /appointmentRequests?${q}`,
    (l) => inside.every((r) => locate(l.records, planned[r]!)) || (!!o.cut && !l.complete),
    { writtenAt, ...pages },
  );
}

/**
 * The first page of the plain list (size 100), read once: the updated-date clauses choose their
 * windows from it, and read-only runs judge what it shows. With writes it is read after the
 * fixture's creates, so it may show them too.
 */
export async function appointmentSample(ctx: CheckContext): Promise<ApiResponse> {
  const sample = await ctx.shared('appointmentRequests:sample', async (s) => {
    if (s.run.mode === 'full') await appointmentFixture(s).catch(() => undefined);
    return appointmentRequests.list(s, { size: 100, page: 1 });
  });
  await learnFields(ctx, sample);
  return sample;
}

/**
 * Where this target's records hold their start, when no usual name does (§2.5 shows no field): by
 * the values the run sent, found again in the listings it read; read-only, by value in the sample.
 */
async function learnFields(ctx: CheckContext, sample: ApiResponse): Promise<void> {
  const plain = isSuccess(sample) ? appointmentRequests.records(sample) : [];
  if (ctx.run.mode === 'full') {
    const fx = await appointmentFixture(ctx).catch(() => undefined);
    if (fx) {
      const read = [...(fx.listings.a?.records ?? []), ...(fx.listings.b?.records ?? []), ...plain];
      const sent = [...roles.map((r) => fx.planned[r]), fx.long.planned];
      learnStart(
        sent.flatMap((p) => {
          const record = locate(read, p, { byStart: false });
          return record ? [{ record, sent: p.body.startDateTime }] : [];
        }),
      );
    }
  }
  learnStartByValue(plain);
}

export interface Seen {
  planned: Planned;
  create: ApiResponse;
  /** The record as a listing shows it, and which listing. */
  record?: Rec;
  where?: 'W_A' | 'W_B' | 'the plain list';
  /** The page that shows the record: the exchange a failure about the listed record names. */
  shownIn?: ApiResponse;
  listedIn: { a: boolean; b: boolean };
}

export interface FixtureView {
  fx: AppointmentFixture;
  sample: ApiResponse;
  seen: Record<Role, Seen>;
  /** L located the same way (W_A first, where it starts). */
  long: Omit<Seen, 'planned'> & { planned: Extra };
}

/** The fixture with each request located in the listings the run read (W_A, W_B, the plain list). */
export async function fixtureView(ctx: CheckContext): Promise<FixtureView> {
  const [fx, sample] = await Promise.all([appointmentFixture(ctx), appointmentSample(ctx)]);
  const inA = fx.listings.a?.ok ? fx.listings.a.records : [];
  const inB = fx.listings.b?.ok ? fx.listings.b.records : [];
  const plain = isSuccess(sample) ? appointmentRequests.records(sample) : [];
  // The page of a listing that shows a request (the plain list is one page), byStart as located there.
  const pageShowing = (where: Seen['where'], planned: Planned | Extra): ApiResponse | undefined => {
    if (!where) return undefined;
    if (where === 'the plain list') return sample;
    const l = where === 'W_A' ? fx.listings.a : fx.listings.b;
    return l?.responses.find((res) => isSuccess(res) && locate(appointmentRequests.records(res), planned));
  };
  const seen = Object.fromEntries(
    roles.map((role): [Role, Seen] => {
      const planned = fx.planned[role];
      const create = fx.creates[role];
      if (!isSuccess(create)) return [role, { planned, create, listedIn: { a: false, b: false } }];
      const [a, b, p] = [locate(inA, planned), locate(inB, planned), locate(plain, planned, { byStart: false })];
      // Where the record is expected first: the shared window meant for it.
      const order: [Rec | undefined, Seen['where']][] =
        role === 'A'
          ? [
              [a, 'W_A'],
              [b, 'W_B'],
              [p, 'the plain list'],
            ]
          : [
              [b, 'W_B'],
              [a, 'W_A'],
              [p, 'the plain list'],
            ];
      const hit = order.find(([r]) => r);
      const shownIn = hit && pageShowing(hit[1], planned);
      return [role, { planned, create, record: hit?.[0], where: hit?.[1], shownIn, listedIn: { a: !!a, b: !!b } }];
    }),
  ) as Record<Role, Seen>;
  const { planned, create } = fx.long;
  const [la, lb, lp] = [locate(inA, planned), locate(inB, planned), locate(plain, planned, { byStart: false })];
  const where: Seen['where'] = la ? 'W_A' : lb ? 'W_B' : lp ? 'the plain list' : undefined;
  const long = {
    planned,
    create,
    record: isSuccess(create) ? (la ?? lb ?? lp) : undefined,
    where: isSuccess(create) ? where : undefined,
    shownIn: isSuccess(create) ? pageShowing(where, planned) : undefined,
    listedIn: { a: !!la, b: !!lb },
  };
  return { fx, sample, seen, long };
}

/** The record of a role as listed, or inconclusive with why it is missing (a precondition, never this clause). */
export function listedRecord(
  ctx: CheckContext,
  view: FixtureView,
  role: Role,
): { record: Rec; seen: Seen; res: ApiResponse } {
  const seen = view.seen[role];
  const what = `the request ${role} (${seen.planned.tag}, ${seen.planned.body.startDateTime})`;
  if (!isSuccess(seen.create)) {
    ctx.observe(`create of ${role} refused`, describeResponse(seen.create));
    ctx.inconclusive(
      `precondition: creating ${what} was refused (${describeResponse(seen.create)}); the body beyond §2.5 and the location parameter are guesses`,
    );
  }
  if (!seen.record)
    ctx.inconclusive(
      `precondition: ${what} was created but could not be found in W_A, W_B or the first page of the plain list`,
    );
  // The page that showed it; the create's answer only if no page is known (never expected).
  return { record: seen.record, seen, res: seen.shownIn ?? seen.create };
}

/** The listings a check judges, cited as its evidence. */
export async function citeFixture(ctx: CheckContext, view: FixtureView, ...roleCreates: Role[]): Promise<void> {
  await ctx.cite(
    ...roleCreates.map((r) => view.fx.creates[r]),
    ...(view.fx.listings.a?.responses ?? []),
    ...(view.fx.listings.b?.responses ?? []),
    view.sample,
  );
}

// ── The updated-date windows chosen from the sample ─────────────────────────────────────

/** A sampled request with a located update time, known by its content key. */
export interface Stamped {
  record: Rec;
  key: string;
  at: Instant;
}

export interface UpdatedSample {
  /** Why there is nothing to choose windows from: the sample was refused, or too few update times were located. */
  missing?: string;
  /** Sampled records with a located non-null update time, and those whose updatedAt is null. */
  stamped: Stamped[];
  nulls: { record: Rec; key: string }[];
}

/** The update times of the sample (the first page of the plain list), and the requests whose updatedAt is null. */
export async function updatedSample(ctx: CheckContext): Promise<UpdatedSample> {
  const sample = await appointmentSample(ctx);
  if (!isSuccess(sample))
    return { missing: `GET /appointmentRequests was refused (${describeResponse(sample)})`, stamped: [], nulls: [] };
  const stamped: Stamped[] = [];
  const nulls: UpdatedSample['nulls'] = [];
  for (const record of appointmentRequests.records(sample)) {
    const v = updatedAtOf(record);
    const key = appointmentRequests.idOf(record)!;
    if (v === null) nulls.push({ record, key });
    const at = instantOf(v);
    if (at) stamped.push({ record, key, at });
  }
  return { stamped, nulls };
}

export interface UpdatedMiddle extends UpdatedSample {
  window?: { start: string; end: string };
  listing?: Listing;
}

/**
 * The updated-date filter over the middle half of the update times located in the sample (ISO
 * whole seconds, the form §4.5 list rule 1 shows), read to its end: APPT-UPDATED-NULL-EXCLUDED
 * looks in it for the sampled requests whose updatedAt is null.
 */
export function updatedMiddle(ctx: CheckContext): Promise<UpdatedMiddle> {
  return ctx.shared('appointmentRequests:updated-middle', async (s): Promise<UpdatedMiddle> => {
    const sampled = await updatedSample(s);
    if (sampled.missing) return sampled;
    const utc = sampled.stamped.map((x) => x.at.utc).sort((x, y) => x - y);
    if (utc.length < 3)
      return { ...sampled, missing: `only ${utc.length} of the sampled requests show an update time` };
    const q1 = utc[Math.floor(utc.length / 4)]!;
    const q3 = utc[Math.floor((utc.length * 3) / 4)]!;
    const window = { start: isoSeconds(q1), end: isoSeconds(Math.ceil(q3 / 1000) * 1000) };
    const listing = await collect(s, appointmentRequests, {
      updatedDateStart: window.start,
      updatedDateEnd: window.end,
    });
    return { ...sampled, window, listing };
  });
}
