import { isSuccess, inconsistencies } from '../../harness/checks/index.js';
import { conformance, type CheckContext } from '../../harness/conformance.js';
import { precondition, verdict } from '../common/judge.js';
import { vehicles } from './adapter.js';
import { vehicleFixture, vehicleRoles } from './fixtures.js';

// §4.1 POST /vehicles takes an array: every vehicle of it is created and readable by its id, not only the first.
conformance('VEHICLE-CREATE-BULK', { needs: ['write', 'customer'] }, async (ctx: CheckContext) => {
  const fx = await vehicleFixture(ctx);
  precondition(ctx, fx.create, `POST /vehicles with ${vehicleRoles.length} vehicles`);
  await ctx.cite(fx.create, ...Object.values(fx.reads));
  const problems: string[] = [];
  let readable = 0;
  for (const role of vehicleRoles) {
    const id = fx.ids[role];
    const read = fx.reads[role];
    if (!id) {
      const why = fx.unlocated[role];
      if (why?.proven) problems.push(`the vehicle sent as entry "${role}" does not exist after the create: ${why.why}`);
      else
        ctx.inconclusive(
          `precondition: the vehicle of entry "${role}" could not be located (${why?.why ?? 'unknown'})`,
        );
    } else if (!read || !isSuccess(read) || !vehicles.recordIn(read, id)) {
      problems.push(`vehicle ${id} (entry "${role}") is not readable by its id: HTTP ${read?.status ?? 'none'}`);
    } else readable += 1;
  }
  verdict(
    ctx,
    inconsistencies(problems),
    `POST /vehicles accepted ${vehicleRoles.length} vehicles but not all of them exist`,
    readable,
    'created vehicles read back by id',
  );
});
