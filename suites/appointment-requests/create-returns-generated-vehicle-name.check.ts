import {
  describeResponse,
  fieldMismatch,
  isRecord,
  isSuccess,
  objectsWithKey,
  type Failure,
} from '../../harness/checks/index.js';
import { conformance, type CheckContext } from '../../harness/conformance.js';
import { verdict } from '../common/judge.js';
import { appointmentFixture, roles } from './fixtures.js';

// §2.5: vehicle.name is the service's to generate (the bodies send none) and comes back in the
// create answer. Every accepted create of the fixture is judged; where in the answer the vehicle
// sits is not shown, so any `vehicle` object of it counts (S-4.5-create-response). Its text is the
// service's choice, "" included where the inputs are missing (S-2.5-generated-vehicle-name): only a
// string under vehicle.name is asked for.
conformance('APPT-VEHICLE-NAME-GENERATED', { needs: ['write', 'location'] }, async (ctx: CheckContext) => {
  const fx = await appointmentFixture(ctx);
  const accepted = roles.filter((r) => isSuccess(fx.creates[r]));
  if (!accepted.length)
    ctx.inconclusive(`precondition: every create of the fixture was refused (${describeResponse(fx.creates.A)})`);
  await ctx.cite(...accepted.map((r) => fx.creates[r]));
  const problems: Failure[] = [];
  for (const r of accepted) {
    const names = objectsWithKey(fx.creates[r].json, 'vehicle')
      .map((o) => o.vehicle)
      .filter(isRecord)
      .map((v) => v.name);
    ctx.observe(`vehicle.name returned for ${r}`, names);
    if (!names.some((n) => typeof n === 'string'))
      problems.push(
        fieldMismatch(`the answer to create ${r}`, 'vehicle.name', 'a generated name', names, fx.creates[r]),
      );
  }
  verdict(
    ctx,
    problems,
    'the create answer leaves out vehicle.name',
    accepted.length,
    'create answers with a generated vehicle.name',
  );
});
