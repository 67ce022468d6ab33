import { conformance, type CheckContext } from '../../harness/conformance.js';
import { judgeFilter } from '../common/judge.js';
import { citeFixture, fixtureView, legacyWindow, listingShowing, standardWindow } from './fixtures.js';
import { expectListed, roleCase, standardSeparates } from './windows.js';

// §4.5 list rule 2: with a standard name and its alias both sent, the standard one wins. The
// standard names on W_A and the aliases on W_B (B's and C's days) select different requests, so
// the winner shows in what comes back: A, and not B or C.
conformance('APPT-STANDARD-WINS', { needs: ['write', 'location'] }, async (ctx: CheckContext) => {
  const view = await fixtureView(ctx);
  standardSeparates(ctx, view);
  const { a: wa, b: wb } = view.fx.windows;
  const what = `appointmentDateStart/End ${wa.start}..${wa.end} with appointmentStartDate/EndDate ${wb.start}..${wb.end}`;
  const got = await listingShowing(ctx, view.fx.planned, { ...standardWindow(wa), ...legacyWindow(wb) }, view.seen.A.record ? ['A'] : [], 'the standard names beside their aliases', view.fx.writtenAt);
  await citeFixture(ctx, view);
  expectListed(ctx, view, got, `GET /appointmentRequests with ${what}`);
  judgeFilter(ctx, 'the standard names against their legacy aliases', roleCase(view, got, ['A'], wa, what));
});
