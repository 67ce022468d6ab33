import { ContractViolation, describeResponse, isSuccess } from '../../harness/checks/index.js';
import { conformance } from '../../harness/conformance.js';
import { isoDateTime } from '../../generators/appointment-requests.js';
import { describedBy, plan, postAppointmentRequest, requestIdOf } from './support.js';

// §2.5, §4.5 create rule 1: startDateTime and endDateTime as YYYY-MM-DD HH:mm.
conformance('APPT-CREATE-DATETIME-FORMAT', { needs: ['write', 'location'] }, async (ctx) => {
  const placed = plan(ctx, 'minute-format', describedBy(ctx, 'minute-format'));
  const res = await postAppointmentRequest(ctx, placed.body);
  if (isSuccess(res)) {
    ctx.ledger.created('appointmentRequest', requestIdOf(res.json) ?? `unidentified:${placed.tag}`);
    return;
  }
  if (res.status >= 500) throw new ContractViolation(`a create with ${placed.body.startDateTime} .. ${placed.body.endDateTime} failed: ${describeResponse(res)}`);
  // A 4xx may come from a guessed part of the body: the same body in another date format tells them apart.
  const { hour, minute } = placed.at;
  const iso = { ...placed.body, startDateTime: isoDateTime(placed.day, hour, minute), endDateTime: isoDateTime(placed.day, hour + 1, minute) };
  const probe = await postAppointmentRequest(ctx, iso);
  if (isSuccess(probe)) {
    ctx.ledger.created('appointmentRequest', requestIdOf(probe.json) ?? `unidentified:${placed.tag}`);
    throw new ContractViolation(`the documented format ${placed.body.startDateTime} was refused (${describeResponse(res)}) while ${iso.startDateTime} was accepted`);
  }
  ctx.observe('create refused in both date formats', describeResponse(res));
  ctx.inconclusive(`the create was refused with YYYY-MM-DD HH:mm and with ISO 8601 alike (${describeResponse(res)}): a guessed part of the body or the location parameter is likely wrong`);
});
