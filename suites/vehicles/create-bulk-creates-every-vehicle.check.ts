import { isSuccess, type Failure } from '../../harness/checks/index.js';
import { conformance, type CheckContext } from '../../harness/conformance.js';
import { notCreated, notReadBack, precondition, verdict } from '../common/judge.js';
import { vehicles } from './adapter.js';
import { vehicleFixture, vehicleRoles } from './fixtures.js';

// §4.1 POST /vehicles takes an array: every vehicle of it is created and readable by its id, not only the first.
conformance('VEHICLE-CREATE-BULK', { needs: ['write', 'customer'] }, async (ctx: CheckContext) => {
  const fx = await vehicleFixture(ctx);
  precondition(ctx, fx.create, `POST /vehicles with ${vehicleRoles.length} vehicles`);
  await ctx.cite(fx.create, ...Object.values(fx.reads));
  const problems: Failure[] = [];
  let readable = 0;
  for (const role of vehicleRoles) {
    const id = fx.ids[role];
    const read = fx.reads[role];
    if (!id) {
      const why = fx.unlocated[role];
      if (why?.proven) problems.push(notCreated(`entry "${role}"`, why.why, fx.create));
      else
        ctx.inconclusive(
          `precondition: the vehicle of entry "${role}" could not be located (${why?.why ?? 'unknown'})`,
        );
    } else if (!read || !isSuccess(read) || !vehicles.recordIn(read, id)) {
      problems.push(notReadBack(id, `vehicle (entry "${role}")`, read, fx.create));
    } else readable += 1;
  }
  verdict(
    ctx,
    problems,
    `POST /vehicles accepted ${vehicleRoles.length} vehicles but not all of them exist`,
    readable,
    'created vehicles read back by id',
  );
});
