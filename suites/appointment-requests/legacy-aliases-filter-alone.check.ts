import { conformance, type CheckContext } from '../../harness/conformance.js';
import { judgeFilter } from '../common/judge.js';
import { citeFixture, fixtureView, legacyListing } from './fixtures.js';
import { expectListed, roleCase, standardSeparates } from './windows.js';

// §4.5 list: appointmentStartDate/appointmentEndDate are legacy aliases of appointmentDateStart/End.
// Sent alone on W_A, they list A and leave B and C out, as the standard names do (the precondition:
// the standard names alone separate them, which APPT-FILTER-APPOINTMENT-DATE judges).
conformance('APPT-LEGACY-ALIAS', { needs: ['write', 'location'] }, async (ctx: CheckContext) => {
  const view = await fixtureView(ctx);
  standardSeparates(ctx, view);
  const w = view.fx.windows.a;
  const what = `appointmentStartDate=${w.start}&appointmentEndDate=${w.end}`;
  const got = await legacyListing(ctx, view);
  await citeFixture(ctx, view);
  await ctx.cite(...got.responses);
  expectListed(ctx, view, got, `GET /appointmentRequests?${what}`);
  judgeFilter(ctx, `GET /appointmentRequests with the legacy aliases alone`, roleCase(view, got, ['A'], w, what));
});
