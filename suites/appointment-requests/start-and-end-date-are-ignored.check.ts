import { ContractViolation, describeResponse, isSuccess } from '../../harness/checks/index.js';
import { conformance, type CheckContext } from '../../harness/conformance.js';
import { collect } from '../common/listing.js';
import { appointmentRequests } from './adapter.js';
import { citeFixture, fixtureView } from './fixtures.js';
import { knownRoles } from './windows.js';
import { locate } from './records.js';

// §4.5 list rule 3: startDate and endDate are silently ignored. Sent with only the start bound of the
// standard filter (appointmentDateStart = two days before A), on A's days, they would cut B and C
// (one and two weeks later) out if they were read as the missing end bound or as an extra window;
// ignored, the list is the one without them, which holds every known request from that day on.
// A refusal is judged against the same query without them: refused too, a lone start bound is
// the target's choice (not shown) and the check is inconclusive; accepted, they were not ignored.
conformance('APPT-STARTDATE-IGNORED', { needs: ['write', 'location'] }, async (ctx: CheckContext) => {
  const view = await fixtureView(ctx);
  const known = knownRoles(view);
  if (!known.some((r) => r !== 'A')) ctx.inconclusive('precondition: neither B nor C (a week and two after A) was found in any listing');
  const w = view.fx.windows.a;
  const control = { appointmentDateStart: w.start };
  const what = `appointmentDateStart=${w.start}&startDate=${w.start}&endDate=${w.end}`;
  const got = await collect(ctx, appointmentRequests, { ...control, startDate: w.start, endDate: w.end });
  await citeFixture(ctx, view);
  if (!got.ok) {
    const without = await appointmentRequests.list(ctx, { ...control, size: 100, page: 1 });
    if (isSuccess(without)) throw new ContractViolation(`${what} was refused (${describeResponse(got.first)}) while the same query without startDate/endDate answers: they were not ignored`);
    ctx.inconclusive(`the query was refused with and without startDate/endDate (${describeResponse(without)}): a lone appointmentDateStart is refused, which §4.5 leaves open`);
  }
  const problems: string[] = [];
  let came = 0;
  for (const r of known) {
    const p = view.fx.planned[r];
    if (locate(got.records, p)) came += 1;
    else if (got.complete) problems.push(`${r} (starting ${p.body.startDateTime}, after appointmentDateStart=${w.start}) is left out: startDate/endDate narrowed the list`);
  }
  if (problems.length) throw new ContractViolation(`${what}:\n  - ${problems.join('\n  - ')}`);
  if (!known.filter((r) => r !== 'A').some((r) => locate(got.records, view.fx.planned[r]))) {
    ctx.inconclusive(`neither B nor C was on the ${got.responses.length} page(s) read of ${what}, and the list goes on`);
  }
  ctx.saw(came, `known requests returned though startDate/endDate (${w.start}..${w.end}) would leave ${came > 1 ? 'some of them' : 'it'} out`);
});
