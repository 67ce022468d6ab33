import { conformance, type CheckContext } from '../../harness/conformance.js';
import { judgeFilter } from '../common/judge.js';
import { citeFixture, fixtureView } from './fixtures.js';
import { expectListed, knownRoles, roleCase } from './windows.js';

const show = (w: { start: string; end: string }) => `appointmentDateStart=${w.start}&appointmentDateEnd=${w.end}`;

// §4.5 list: appointmentDateStart/End filter on the request's start. The fixture's requests lie a
// week apart: W_A (two days either side of A) lists A and not B or C; W_B (two days before B to two
// days after C) lists B and C and not A; and neither lists a request that starts outside it
// under any zone or reading of a date-only end (§4.5 shows neither).
conformance('APPT-FILTER-APPOINTMENT-DATE', { needs: ['write', 'location'] }, async (ctx: CheckContext) => {
  const view = await fixtureView(ctx);
  const { a, b } = view.fx.listings;
  const { windows } = view.fx;
  expectListed(ctx, view, a, `GET /appointmentRequests?${show(windows.a)}`);
  expectListed(ctx, view, b, `GET /appointmentRequests?${show(windows.b)}`);
  if (!knownRoles(view).length) ctx.inconclusive('precondition: none of the requests the run created was found in any listing (W_A, W_B, the plain list)');
  await citeFixture(ctx, view);
  judgeFilter(
    ctx,
    'GET /appointmentRequests with appointmentDateStart/End',
    roleCase(view, a, ['A'], windows.a, show(windows.a)),
    roleCase(view, b, ['B', 'C'], windows.b, show(windows.b)),
  );
});
