import { describeResponse, inconsistency, isSuccess, unexpectedStatus } from '../../harness/checks/index.js';
import { fail } from '../common/judge.js';
import { conformance, type CheckContext } from '../../harness/conformance.js';
import { isoDateTime } from '../../generators/appointment-requests.js';
import { postAppointmentRequest } from './adapter.js';
import { appointmentFixture, roles } from './fixtures.js';

// §2.5, §4.5 create rule 1: startDateTime and endDateTime as YYYY-MM-DD HH:mm. Judged on the
// fixture's three creates, which all use that form. Only when every one was refused with a 4xx is
// one more create sent: the same body in ISO 8601 tells a refused format (ISO accepted) from a
// refused guess of the body or the location parameter (ISO refused too: inconclusive).
conformance('APPT-CREATE-DATETIME-FORMAT', { needs: ['write', 'location'] }, async (ctx: CheckContext) => {
  const fx = await appointmentFixture(ctx);
  await ctx.cite(...roles.map((r) => fx.creates[r]));
  const accepted = roles.filter((r) => isSuccess(fx.creates[r]));
  for (const r of roles.filter((x) => !accepted.includes(x)))
    ctx.observe(`create ${r} refused`, describeResponse(fx.creates[r]));
  if (accepted.length) {
    ctx.saw(
      accepted.length,
      `creates with ${accepted.map((r) => fx.planned[r].body.startDateTime).join(', ')} (YYYY-MM-DD HH:mm) accepted`,
    );
    return;
  }
  const a = fx.planned.A;
  const crashed = roles.find((r) => fx.creates[r].status >= 500);
  if (crashed)
    fail(
      'a create in the documented form failed',
      unexpectedStatus(
        fx.creates[crashed],
        'a 2xx status',
        `a create with ${fx.planned[crashed].body.startDateTime} .. ${fx.planned[crashed].body.endDateTime}`,
      ),
    );
  const [day, time] = a.body.startDateTime.split(' ') as [string, string];
  const [h, m] = time.split(':').map(Number) as [number, number];
  const iso = { ...a.body, startDateTime: isoDateTime(day, h, m), endDateTime: isoDateTime(day, h + 1, m) };
  const probe = await postAppointmentRequest(ctx, iso);
  if (isSuccess(probe)) {
    ctx.ledger.created('appointmentRequest', undefined, { locator: { keys: { term: `${a.tag}` } } });
    fail(
      'the documented datetime form was refused',
      inconsistency(
        `the documented form ${a.body.startDateTime} was refused (HTTP ${fx.creates.A.status}) while ${iso.startDateTime} was accepted`,
        fx.creates.A,
        { expected: 'a 2xx status', actual: fx.creates.A.status },
      ),
    );
  }
  ctx.observe('create refused in both forms', describeResponse(probe));
  ctx.inconclusive(
    `every create was refused with YYYY-MM-DD HH:mm and with ISO 8601 alike (${describeResponse(fx.creates.A)}): a guessed part of the body or the location parameter is likely wrong`,
  );
});
