import { filterVerdict, leaked, shownOutside, targetTimeOfWrite, type Failure } from '../../harness/checks/index.js';
import { conformance, type CheckContext } from '../../harness/conformance.js';
import type { Rec } from '../common/adapter.js';
import { answersOf, precondition, verdict, type JudgedCase } from '../common/judge.js';
import { collect, DAY_MS, isoSeconds, type Listing } from '../common/listing.js';
import { appointmentRequests } from './adapter.js';
import { appointmentSample, citeFixture, fixtureView, roles, updatedMiddle } from './fixtures.js';
import { locate, updatedAtOf } from './records.js';

const nullsIn = (l: Listing, what: string) =>
  l.records
    .filter((r) => updatedAtOf(r) === null)
    .map((r) => ({
      id: appointmentRequests.idOf(r),
      message: `${what} lists ${appointmentRequests.idOf(r) ?? '(no id)'}, whose updatedAt is null`,
    }));

// §4.5 list rule 4: the updated-date filters match only requests whose updatedAt is non-null; a new
// request may have it null and is then left out. Judged on the requests shown with updatedAt null:
// - the run's own, never updated, against a window a day either side of their creation on the
//   target's clock (ISO, so no zone or day reading matters): they stay out;
// - the sampled ones, against the updated window APPT-FILTER-UPDATED-DATE reads (shared);
// and no request of either listing shows updatedAt null. A request whose updatedAt is not null
// is not judged here; none shown null at all leaves the rule unexercised (inconclusive).
conformance('APPT-UPDATED-NULL-EXCLUDED', { needs: ['location'] }, async (ctx: CheckContext) => {
  const cases: JudgedCase[] = [];
  const middle = await updatedMiddle(ctx);
  const sample = await appointmentSample(ctx);
  precondition(ctx, sample, 'GET /appointmentRequests');
  await ctx.cite(sample, ...(middle.listing?.responses ?? []));
  if (middle.listing?.ok && middle.window) {
    const what = `updatedDateStart=${middle.window.start}&updatedDateEnd=${middle.window.end}`;
    // Told apart by their content (§2.5 shows no id): a sampled request updated between the reads
    // (shared data) comes back with another content, so it is not taken for the null one.
    cases.push({
      expected: [],
      excluded: middle.nulls.map((x) => ({ id: x.key, why: 'the plain list shows its updatedAt null' })),
      returned: middle.listing.ids,
      complete: middle.listing.complete,
      mismatched: nullsIn(middle.listing, what),
      ...answersOf(middle.listing, appointmentRequests),
    });
  }
  let fresh: Rec[] = [];
  if (ctx.run.mode === 'full' && ctx.target.locationId) {
    const view = await fixtureView(ctx);
    await citeFixture(ctx, view);
    const mine = roles.filter((r) => view.seen[r].record && updatedAtOf(view.seen[r].record!) === null);
    ctx.observe(
      'updatedAt of the new requests',
      Object.fromEntries(
        roles.map((r) => [
          r,
          view.seen[r].record ? (updatedAtOf(view.seen[r].record!) ?? '(not shown)') : '(not found)',
        ]),
      ),
    );
    if (mine.length) {
      // A day either side of the creates on the target's clock (S-TIME-clock-skew): its stamps, else its Date header.
      const { at } = targetTimeOfWrite({
        records: mine.map((r) => view.seen[r].record!),
        answer: view.fx.creates[mine[0]!],
        sentAt: view.fx.writtenAt,
      });
      const run = { updatedDateStart: isoSeconds(at.lo - DAY_MS), updatedDateEnd: isoSeconds(at.hi + DAY_MS) };
      const what = `updatedDateStart=${run.updatedDateStart}&updatedDateEnd=${run.updatedDateEnd}`;
      const got = await collect(ctx, appointmentRequests, run);
      precondition(ctx, got.first, `GET /appointmentRequests?${what}`);
      fresh = mine.map((r) => view.seen[r].record!);
      cases.push({
        expected: [],
        excluded: mine.map((r) => ({ id: r, why: `the run created it and the list shows its updatedAt null` })),
        returned: mine.filter((r) => locate(got.records, view.fx.planned[r])),
        complete: got.complete,
        mismatched: nullsIn(got, what),
        ...answersOf(got, appointmentRequests),
      });
    }
  }
  if (!cases.some((c) => c.excluded.length > 0)) {
    ctx.inconclusive(
      `no request is shown with updatedAt null (${middle.nulls.length} in the plain list, ${fresh.length} of the run's own): the rule was not exercised`,
    );
  }
  // The rule has one half: null requests stay out (what comes back is APPT-FILTER-UPDATED-DATE's concern).
  const vs = cases.map(filterVerdict);
  const violations: Failure[] = cases.flatMap((c, i) => [
    ...(c.mismatched ?? []).map((m) => shownOutside(m, (m.id && c.pageOf?.get(m.id)) || c.res)),
    ...vs[i]!.leaked.map((x) => leaked(x.id, x.why, c.pageOf?.get(x.id) ?? c.res)),
  ]);
  const stayedOut = vs.reduce((n, v) => n + v.negatives, 0);
  if (!violations.length && stayedOut === 0)
    ctx.inconclusive(
      `no listing was read to its end, so no absence is shown (${vs.flatMap((v) => v.unproven).join('; ')})`,
    );
  verdict(
    ctx,
    violations,
    'the updated-date filters match requests whose updatedAt is null',
    stayedOut,
    'requests shown with updatedAt null left out of an updated-date window',
  );
});
