import { addDays, dayOf } from '../../harness/checks/index.js';
import { conformance, type CheckContext } from '../../harness/conformance.js';
import { answersOf, judgeFilter } from '../common/judge.js';
import { collect } from '../common/listing.js';
import { appointmentRequests } from './adapter.js';
import {
  citeFixture,
  fixtureView,
  isoListing,
  isoWindow,
  legacyListing,
  legacyWindow,
  listingShowing,
} from './fixtures.js';
import { instantOf, updatedAtOf } from './records.js';
import { expectListed, roleCase, separatesA, standardSeparates } from './windows.js';

// §4.5 list rule 1: the date filters take YYYY-MM-DD or ISO 8601 (YYYY-MM-DDThh:mm:ssZ).
// - appointmentDateStart/End in ISO 8601, over W_A from its first to its last second (UTC): it
//   selects as the date-only form does, A in and B and C out (compared with the shared W_A, which
//   is the precondition: APPT-FILTER-APPOINTMENT-DATE judges the date-only form itself);
// - updatedDateStart/End in YYYY-MM-DD, on two days after tomorrow: accepted, and no request that
//   shows an update time comes back (none can have been updated then, in any zone);
// - the legacy aliases in ISO 8601 over W_A select as the aliases do as plain days (judged only
//   where the plain-day aliases separate A from B and C: APPT-LEGACY-ALIAS judges those).
conformance('APPT-DATE-FORMS', { needs: ['write', 'location'] }, async (ctx: CheckContext) => {
  const view = await fixtureView(ctx);
  standardSeparates(ctx, view);
  const w = view.fx.windows.a;
  const iso = isoWindow(w);
  const today = dayOf(new Date());
  const future = { updatedDateStart: addDays(today, 2), updatedDateEnd: addDays(today, 3) };
  const a = view.seen.A.record ? (['A'] as const) : [];
  const [byIso, byDays, legacyDays, legacyIso] = await Promise.all([
    isoListing(ctx, view),
    collect(ctx, appointmentRequests, future),
    legacyListing(ctx, view),
    listingShowing(ctx, view.fx.planned, legacyWindow(iso), a, 'W_A in ISO 8601, legacy aliases', view.fx.writtenAt),
  ]);
  await citeFixture(ctx, view);
  await ctx.cite(...legacyDays.responses, ...byIso.responses);
  const isoWhat = `appointmentDateStart=${iso.start}&appointmentDateEnd=${iso.end}`;
  const daysWhat = `updatedDateStart=${future.updatedDateStart}&updatedDateEnd=${future.updatedDateEnd}`;
  expectListed(ctx, view, byIso, `GET /appointmentRequests?${isoWhat}`);
  expectListed(ctx, view, byDays, `GET /appointmentRequests?${daysWhat}`);
  const updatedLater = byDays.records
    .filter((r) => {
      const at = instantOf(updatedAtOf(r));
      return at !== undefined && at.hi < Date.parse(`${future.updatedDateStart}T00:00:00Z`) - 14 * 3_600_000;
    })
    .map((r) => ({
      id: appointmentRequests.idOf(r),
      message: `${appointmentRequests.idOf(r) ?? '(no id)'} shows updatedAt ${JSON.stringify(updatedAtOf(r))}, before ${daysWhat}`,
    }));
  ctx.saw(1, `YYYY-MM-DD accepted by ${daysWhat}`);
  const cases = [
    roleCase(view, byIso, ['A'], w, isoWhat),
    {
      expected: [],
      excluded: [],
      returned: [],
      complete: true,
      mismatched: updatedLater,
      ...answersOf(byDays, appointmentRequests),
    },
  ];
  const legacyWhat = `appointmentStartDate=${iso.start}&appointmentEndDate=${iso.end}`;
  if (separatesA(view, legacyDays)) {
    expectListed(ctx, view, legacyIso, `GET /appointmentRequests?${legacyWhat}`);
    cases.push(roleCase(view, legacyIso, ['A'], w, legacyWhat));
  } else
    ctx.observe(
      'legacy aliases in ISO 8601',
      'not judged: the aliases as plain days do not separate A from the later requests (APPT-LEGACY-ALIAS)',
    );
  judgeFilter(ctx, 'the list date filters in both forms', ...cases);
});
