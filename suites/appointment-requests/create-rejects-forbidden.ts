import type { Faker } from '@faker-js/faker';
import { describeResponse, isSuccess } from '../../harness/checks/index.js';
import type { CheckContext } from '../../harness/conformance.js';
import { addDays } from '../../harness/checks/index.js';
import { taggedComment, type AppointmentRequestInput } from '../../generators/appointment-requests.js';
import { seededFaker } from '../../generators/random.js';
import { expectStatus } from '../common/judge.js';
import { postAppointmentRequest } from './adapter.js';
import { appointmentFixture, plan, roles } from './fixtures.js';

/**
 * §4.5 create rule 3, §7 row 3: a body with one forbidden field gets 400. Its valid twin is the
 * fixture: bodies of the same parts, accepted; when none was, a 400 proves nothing (the body beyond
 * §2.5 and the location parameter are guesses), so the check is inconclusive without sending.
 * The body books three weeks after the fixture's first day, so that a server that wrongly accepts
 * it adds nothing to the fixture's windows.
 */
export async function expectForbiddenFieldRejected(
  ctx: CheckContext,
  field: string,
  add: (body: AppointmentRequestInput, f: Faker) => AppointmentRequestInput,
): Promise<void> {
  const fx = await appointmentFixture(ctx);
  const twin = roles.find((r) => isSuccess(fx.creates[r]));
  if (!twin) ctx.inconclusive(`precondition: the fixture's valid bodies (the same parts without ${field}) were refused too (${describeResponse(fx.creates.A)})`);
  await ctx.cite(fx.creates[twin]);
  const label = `forbidden-${field.replace(/[^A-Za-z]/g, '')}`;
  const f = seededFaker(ctx.seed, label);
  const placed = plan(ctx, fx.parts, label, addDays(fx.planned.A.day, 21), (tag) => ({ description: taggedComment(f, tag) }));
  const res = await postAppointmentRequest(ctx, add(placed.body, f));
  if (isSuccess(res)) ctx.ledger.created('appointmentRequest', undefined, { locator: { keys: { term: placed.tag } } });
  ctx.observe(`answer to ${field}`, describeResponse(res));
  expectStatus(ctx, res, 400, `POST /appointmentRequests/create with ${field} (the same body without it: HTTP ${fx.creates[twin].status})`);
}
