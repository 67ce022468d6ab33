import type { CheckContext } from '../../harness/conformance.js';
import {
  ContractViolation,
  describeResponse,
  isSuccess,
  rangeCase,
  rangePlacement,
  unexpectedStatus,
  type KnownTime,
  type Range,
} from '../../harness/checks/index.js';
import { answersOf, type JudgedCase } from '../common/judge.js';
import type { Listing } from '../common/listing.js';
import { showSpan } from '../common/ranges.js';
import { appointmentRequests } from './adapter.js';
import { roles, type FixtureView, type Role } from './fixtures.js';
import { instantOf, locate, startOf, startsOutsideDays, type Findable, type Window } from './records.js';

/**
 * Judging listings of the appointment-date filters against the fixture's requests (§4.5 list):
 * the requests known to lie inside a window come back, the ones known to lie outside stay out
 * (only a listing read to its end shows that), and no returned request starts outside it.
 */

/** Requests of the fixture that are known: created and seen in some listing. */
export const knownRoles = (view: FixtureView): Role[] => roles.filter((r) => view.seen[r].record);

const dayOf = (view: FixtureView, r: Role) => `${r} starting ${view.fx.planned[r].body.startDateTime}`;

/** One listing as a filter case over the fixture's known requests, by role. */
export function roleCase(
  view: FixtureView,
  listing: Listing,
  inside: readonly Role[],
  w: Window | undefined,
  what: string,
): JudgedCase {
  const known = knownRoles(view);
  const returned = roles.filter((r) => locate(listing.records, view.fx.planned[r]));
  const shown = w ? listing.records.filter((r) => startOf(r)) : [];
  return {
    expected: known
      .filter((r) => inside.includes(r))
      .map((r) => ({ id: r, why: `${dayOf(view, r)} lies inside ${what}` })),
    excluded: known
      .filter((r) => !inside.includes(r))
      .map((r) => ({ id: r, why: `${dayOf(view, r)} lies a week or more outside ${what}` })),
    returned,
    complete: listing.complete,
    mismatched: w
      ? shown
          .filter((r) => startsOutsideDays(startOf(r)!, w))
          .map((r) => ({
            id: appointmentRequests.idOf(r),
            message: `${appointmentRequests.idOf(r) ?? '(no id)'} starts ${new Date(startOf(r)!.utc).toISOString()}, outside ${what} under any zone`,
          }))
      : [],
    ...answersOf(listing, appointmentRequests),
  };
}

/**
 * The precondition of the alias, precedence and form clauses: the standard filter alone on W_A
 * lists A and leaves B and C out (APPT-FILTER-APPOINTMENT-DATE judges it). Without it there is
 * nothing to compare with.
 */
export function standardSeparates(ctx: CheckContext, view: FixtureView): void {
  const a = view.fx.listings.a;
  if (!a?.ok)
    ctx.inconclusive(
      `precondition: appointmentDateStart/End on ${view.fx.windows.a.start}..${view.fx.windows.a.end} was ${a ? `refused (${describeResponse(a.first)})` : 'not read'}`,
    );
  const known = knownRoles(view);
  const others = known.filter((r) => r !== 'A');
  if (!view.seen.A.listedIn.a || others.length === 0 || !a.complete || others.some((r) => view.seen[r].listedIn.a)) {
    ctx.inconclusive(
      `precondition: appointmentDateStart/End alone on ${view.fx.windows.a.start}..${view.fx.windows.a.end} does not show A in and the requests a week later out ` +
        `(A listed: ${view.seen.A.listedIn.a}; later ones known: ${others.join(', ') || 'none'}; listed: ${others.filter((r) => view.seen[r].listedIn.a).join(', ') || 'none'}; read to its end: ${a.complete}). ` +
        'APPT-FILTER-APPOINTMENT-DATE judges that; there is nothing to compare with',
    );
  }
}

/**
 * A listing of documented date parameters must answer. Its refusal fails the clause when the plain
 * list (same company and location parameters) answers; when that is refused too, the guessed
 * parameters are the likelier cause, so inconclusive.
 */
export function expectListed(
  ctx: CheckContext,
  view: FixtureView,
  listing: Listing | undefined,
  what: string,
): asserts listing is Listing {
  if (!listing) ctx.inconclusive(`precondition: ${what} was not read (nothing was created)`);
  if (listing.ok) return;
  if (isSuccess(view.sample))
    throw new ContractViolation(
      `${what} was refused while the plain list answers`,
      unexpectedStatus(listing.first, 'a 2xx status', what),
    );
  ctx.inconclusive(
    `precondition: ${what} and the plain list were both refused (${describeResponse(view.sample)}); the company/location parameters are guesses (profile.appointmentRequests)`,
  );
}

/** Whether a listing read to its end shows A and none of the later requests known to the run. */
export function separatesA(view: FixtureView, listing: Listing): boolean {
  const others = knownRoles(view).filter((r) => r !== 'A');
  return (
    listing.ok &&
    listing.complete &&
    others.length > 0 &&
    !!locate(listing.records, view.fx.planned.A) &&
    others.every((r) => !locate(listing.records, view.fx.planned[r]))
  );
}

// ── The one range judge over the fixture (both bounds, alone and together) ─────────────────

/** The fixture's requests known to the run (A, B, C and L, each seen in some listing), by what was sent. */
function knownRequests(
  view: FixtureView,
): { id: string; planned: Findable & { body: { startDateTime: string; endDateTime: string } } }[] {
  const known = knownRoles(view).map((r) => ({ id: r, planned: view.fx.planned[r] }));
  return view.long.record ? [...known, { id: 'L', planned: view.long.planned }] : known;
}

/** Each known request with the instants its start may be (§2.5: sent without a zone). */
export function knownStarts(view: FixtureView): KnownTime[] {
  return knownRequests(view).map(({ id, planned }) => ({
    id,
    at: instantOf(planned.body.startDateTime)!,
    why: `${id} (${planned.tag}) starts ${planned.body.startDateTime} and ends ${planned.body.endDateTime}`,
  }));
}

/** The known requests (A, B, C, L) that start inside a range under every reading. */
export const startingInside = (view: FixtureView, range: Range): string[] =>
  knownStarts(view)
    .filter((k) => rangePlacement(k.at, range) === 'inside')
    .map((k) => k.id);

/**
 * A listing of the appointment-date range as a filter case (§4.5 list: both bounds on the
 * request's start): the known requests placed by their start, and every listed request that
 * shows a start judged by it.
 */
export function windowCase(view: FixtureView, listing: Listing, range: Range, what: string): JudgedCase {
  const returned = knownRequests(view)
    .filter((k) => locate(listing.records, k.planned))
    .map((k) => k.id);
  const shown = listing.records.map((r) => ({
    id: appointmentRequests.idOf(r),
    label: `${appointmentRequests.idOf(r) ?? '(no id)'} starting ${showSpan(startOf(r))}`,
    at: startOf(r),
  }));
  return {
    ...rangeCase({ range, what, known: knownStarts(view), returned, complete: listing.complete, shown }),
    ...answersOf(listing, appointmentRequests),
  };
}
