import type { Faker } from '@faker-js/faker';
import type { ApiResponse } from '../../harness/client.js';
import { describeResponse, isSuccess } from '../../harness/checks/index.js';
import type { CheckContext } from '../../harness/conformance.js';
import { addDays } from '../../harness/checks/index.js';
import { taggedComment, type AppointmentRequestInput } from '../../generators/appointment-requests.js';
import { seededFaker } from '../../generators/random.js';
import { expectStatus } from '../common/judge.js';
import { expectRefusedAtEveryPosition, type Deal } from '../common/positions.js';
import { postAppointmentRequest } from './adapter.js';
import { appointmentFixture, plan, roles, type AppointmentFixture } from './fixtures.js';

/**
 * §4.5 create rule 3, §7 row 3: a body with one forbidden field gets 400. Its valid twin is the
 * fixture: bodies of the same parts, accepted; when none was, a 400 proves nothing (the body beyond
 * §2.5 and the location parameter are guesses), so the check is inconclusive without sending.
 * Each body books three weeks after the fixture's first day, so that a server that wrongly accepts
 * it adds nothing to the fixture's windows.
 */

/** The fixture, and the accepted create that is the probe's valid twin. */
async function twinOf(ctx: CheckContext, field: string): Promise<{ fx: AppointmentFixture; twin: ApiResponse }> {
  const fx = await appointmentFixture(ctx);
  const role = roles.find((r) => isSuccess(fx.creates[r]));
  if (!role)
    ctx.inconclusive(
      `precondition: the fixture's valid bodies (the same parts without ${field}) were refused too (${describeResponse(fx.creates.A)})`,
    );
  await ctx.cite(fx.creates[role]);
  return { fx, twin: fx.creates[role] };
}

/** A body of the fixture's parts for `label`, tagged, three weeks after the fixture's first day. */
function probeBody(ctx: CheckContext, fx: AppointmentFixture, label: string, f: Faker) {
  return plan(ctx, fx.parts, label, addDays(fx.planned.A.day, 21), (tag) => ({ description: taggedComment(f, tag) }));
}

/** A create the server wrongly accepted: ledgered by its tag (no archive is documented, §3), so ledger.json lists it. */
const ledgerAccepted = (ctx: CheckContext, res: ApiResponse, tag: string) => {
  if (isSuccess(res)) ctx.ledger.created('appointmentRequest', undefined, { locator: { keys: { term: tag } } });
};

/** A forbidden field outside the services array (vehicle.name): one body, the field added. */
export async function expectForbiddenFieldRejected(
  ctx: CheckContext,
  field: string,
  add: (body: AppointmentRequestInput, f: Faker) => AppointmentRequestInput,
): Promise<void> {
  const { fx, twin } = await twinOf(ctx, field);
  const label = `forbidden-${field.replace(/[^A-Za-z]/g, '')}`;
  const f = seededFaker(ctx.seed, label);
  const placed = probeBody(ctx, fx, label, f);
  const res = await postAppointmentRequest(ctx, add(placed.body, f));
  ledgerAccepted(ctx, res, placed.tag);
  ctx.observe(`answer to ${field}`, describeResponse(res));
  expectStatus(
    ctx,
    res,
    400,
    `POST /appointmentRequests/create with ${field} (the same body without it: HTTP ${twin.status})`,
  );
}

/**
 * A forbidden field of one service (services[].serviceId, services[].title), at every position of
 * the services array: the fixture's three services, the field added to the first, the middle or
 * the last one. The same body without it is the fixture's.
 */
export async function expectForbiddenServiceFieldRejected(
  ctx: CheckContext,
  field: 'serviceId' | 'title',
  add: (service: Record<string, unknown>, f: Faker) => Record<string, unknown>,
  deal: Deal,
): Promise<void> {
  const { fx, twin } = await twinOf(ctx, `services[].${field}`);
  const [s0, s1, s2] = fx.parts.services;
  if (!s0 || !s1 || !s2) ctx.inconclusive('precondition: the fixture sends fewer than three services');
  const label = (position: string) => `forbidden-service-${field}-${position}`;
  const tags = new Map<string, string>();
  const services = [s0, s1, s2];
  ctx.observe('valid twin', `the fixture's body, the same three services without ${field}: HTTP ${twin.status}`);
  await expectRefusedAtEveryPosition<Record<string, unknown>>(ctx, {
    write: 'POST /appointmentRequests/create',
    bad: `services[].${field}`,
    deal,
    refusal: 400,
    build: (position) => {
      const f = seededFaker(ctx.seed, label(position));
      const at = position === 'first' ? 0 : position === 'middle' ? 1 : 2;
      const [a, b] = services.filter((_, i) => i !== at).map((s) => ({ ...s }));
      return { bad: add({ ...services[at]! }, f), valid: [a!, b!] };
    },
    send: (services, position) => {
      const placed = probeBody(ctx, fx, label(position), seededFaker(ctx.seed, `${label(position)}-comment`));
      tags.set(position, placed.tag);
      return postAppointmentRequest(ctx, { ...placed.body, services });
    },
    ledger: (res, _entries, position) => ledgerAccepted(ctx, res, tags.get(position)!),
  });
}
