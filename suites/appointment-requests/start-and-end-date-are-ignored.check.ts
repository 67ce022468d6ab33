import { describeResponse, inconsistency, leftOut } from '../../harness/checks/index.js';
import { answerOf, fail } from '../common/judge.js';
import { conformance, type CheckContext } from '../../harness/conformance.js';
import { collect } from '../common/listing.js';
import { appointmentRequests } from './adapter.js';
import { citeFixture, fixtureView } from './fixtures.js';
import { knownRoles } from './windows.js';
import { locate } from './records.js';

// §4.5 list rule 3: startDate and endDate are silently ignored. Sent beside a lone start bound of the
// standard filter (appointmentDateStart = two days before A), on A's days, they would cut B and C
// (one and two weeks later) out if they were read as the missing end bound or as an extra window.
// Ignored, the answer is the one to the same query without them (the control, read beside it:
// what a lone start bound lists is not shown): every known request the control lists comes back.
conformance('APPT-STARTDATE-IGNORED', { needs: ['write', 'location'] }, async (ctx: CheckContext) => {
  const view = await fixtureView(ctx);
  const known = knownRoles(view);
  if (!known.some((r) => r !== 'A'))
    ctx.inconclusive('precondition: neither B nor C (a week and two after A) was found in any listing');
  const w = view.fx.windows.a;
  const control = { appointmentDateStart: w.start };
  const what = `appointmentDateStart=${w.start}&startDate=${w.start}&endDate=${w.end}`;
  const [got, without] = await Promise.all([
    collect(ctx, appointmentRequests, { ...control, startDate: w.start, endDate: w.end }),
    collect(ctx, appointmentRequests, control),
  ]);
  await citeFixture(ctx, view);
  await ctx.cite(...got.responses, ...without.responses);
  if (got.ok !== without.ok) {
    fail(
      'startDate/endDate were not ignored',
      inconsistency(
        `${what} was ${got.ok ? 'answered' : 'refused'} while the same query without startDate/endDate was ${without.ok ? 'answered' : 'refused'}`,
        got.first,
        { expected: without.first.status, actual: got.first.status },
      ),
    );
  }
  if (!got.ok)
    ctx.inconclusive(
      `the query was refused with and without startDate/endDate (${describeResponse(without.first)}): a lone appointmentDateStart is refused, which §4.5 leaves open`,
    );
  const listedWithout = known.filter((r) => locate(without.records, view.fx.planned[r]));
  const later = listedWithout.filter((r) => r !== 'A');
  if (later.length === 0)
    ctx.inconclusive(
      `appointmentDateStart=${w.start} alone lists neither B nor C (its reach is not shown), so nothing shows whether startDate/endDate would cut them`,
    );
  const problems = got.complete
    ? listedWithout
        .filter((r) => !locate(got.records, view.fx.planned[r]))
        .map((r) =>
          leftOut(
            `request ${r} (starting ${view.fx.planned[r].body.startDateTime})`,
            'it is listed without startDate/endDate, so they narrowed the list',
            answerOf(got),
          ),
        )
    : [];
  if (problems.length) fail(`${what} narrowed the list`, ...problems);
  const came = later.filter((r) => locate(got.records, view.fx.planned[r]));
  if (came.length === 0)
    ctx.inconclusive(
      `neither B nor C was on the ${got.responses.length} page(s) read of ${what}, and the list goes on`,
    );
  ctx.saw(
    came.length,
    `known request(s) after the window returned though startDate/endDate (${w.start}..${w.end}) would leave them out`,
  );
});
