import { boundOf, type Range } from '../../harness/checks/index.js';
import { conformance, type CheckContext } from '../../harness/conformance.js';
import { judgeFilter } from '../common/judge.js';
import { citeFixture, fixtureView, legacyWindow, listingShowing, standardWindow } from './fixtures.js';
import type { Window } from './records.js';
import { expectListed, standardSeparates, startingInside, windowCase } from './windows.js';

const days = (w: Window): Range => ({ start: boundOf('start', w.start), end: boundOf('end', w.end) });

// §4.5 list rule 2: with a standard name and its alias both sent, the standard one wins. Judged
// both ways, so that no rule other than precedence passes by chance (the earlier value, the
// narrower window, the first name): the standard names on W_A with the aliases on W_B list A and
// L and not B or C; the standard names on W_B with the aliases on W_A list B and C and not A or L.
conformance('APPT-STANDARD-WINS', { needs: ['write', 'location'] }, async (ctx: CheckContext) => {
  const view = await fixtureView(ctx);
  standardSeparates(ctx, view);
  const { a: wa, b: wb } = view.fx.windows;
  const findable = { ...view.fx.planned, L: view.long.planned };
  const ways = [
    { standard: wa, legacy: wb },
    { standard: wb, legacy: wa },
  ].map((w) => ({
    ...w,
    what: `appointmentDateStart/End ${w.standard.start}..${w.standard.end} with appointmentStartDate/EndDate ${w.legacy.start}..${w.legacy.end}`,
  }));
  const got = await Promise.all(
    ways.map((w) =>
      listingShowing(
        ctx,
        findable,
        { ...standardWindow(w.standard), ...legacyWindow(w.legacy) },
        startingInside(view, days(w.standard)),
        'the standard names beside their aliases',
        view.fx.writtenAt,
      ),
    ),
  );
  await citeFixture(ctx, view);
  got.forEach((l, i) => expectListed(ctx, view, l, `GET /appointmentRequests with ${ways[i]!.what}`));
  judgeFilter(
    ctx,
    'the standard names against their legacy aliases',
    ...got.map((l, i) => windowCase(view, l, days(ways[i]!.standard), ways[i]!.what)),
  );
});
