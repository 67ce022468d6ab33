import { fieldMismatch, fieldValue, isSuccess, leftOut, unexpectedStatus } from '../../harness/checks/index.js';
import { conformance, type CheckContext } from '../../harness/conformance.js';
import { verdict } from '../common/judge.js';
import { vehicles } from './adapter.js';
import { vehicleArchiveAgain } from './fixtures.js';

// §3: archiving applies from any state; an Inactive vehicle archived again stays Inactive. Whether
// the second PATCH answers 2xx or refuses it as already done is not shown: only the state is judged.
conformance(
  'VEHICLE-ARCHIVE-INACTIVE',
  { variant: 'again', needs: ['write', 'customer'] },
  async (ctx: CheckContext) => {
    const again = await vehicleArchiveAgain(ctx);
    await ctx.cite(again.patch, again.after);
    ctx.observe('second archive answered', again.patch.status);
    const after = ctx.need(again.after, 'precondition: the vehicle was not read after the second archive');
    const record = isSuccess(after) ? vehicles.recordIn(after, again.id) : undefined;
    const status = record ? fieldValue(record, ['vehicleStatus']) : undefined;
    verdict(
      ctx,
      !isSuccess(after)
        ? [unexpectedStatus(after, 'a 2xx status', `vehicle ${again.id} read after a second archive`)]
        : !record
          ? [leftOut(again.id, 'a vehicle archived twice stays readable by id', after)]
          : status !== 'Inactive'
            ? [
                fieldMismatch(
                  `vehicle ${again.id} archived twice`,
                  'vehicleStatus',
                  'Inactive',
                  status,
                  after,
                  'vehicleStatus',
                ),
              ]
            : [],
      'a second archive did not leave the vehicle Inactive',
      1,
      'vehicle archived twice read back',
    );
  },
);
