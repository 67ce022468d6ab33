import {
  describeResponse,
  fieldMismatch,
  leftOut,
  unexpectedStatus,
  type Failure,
  fieldValue,
  isSuccess,
} from '../../harness/checks/index.js';
import { conformance, type CheckContext } from '../../harness/conformance.js';
import { verdict } from '../common/judge.js';
import { vehicles } from './adapter.js';
import { fixtureRecord, vehicleArchive, vehicleFixture } from './fixtures.js';

// §3: PATCH /vehicles sets vehicleStatus to Inactive on each listed vehicle; no deletion is stated, so it stays readable.
conformance('VEHICLE-ARCHIVE-INACTIVE', { needs: ['write', 'customer'] }, async (ctx: CheckContext) => {
  const [fx, ar] = await Promise.all([vehicleFixture(ctx), vehicleArchive(ctx)]);
  if (!isSuccess(ar.patch))
    ctx.inconclusive(
      `PATCH /vehicles was refused (${describeResponse(ar.patch)}); VEHICLE-ARCHIVE-ENVELOPE judges that`,
    );
  await ctx.cite(ar.patch);
  const problems: Failure[] = [];
  for (const entry of ['a', 'b'] as const) {
    const { id } = fixtureRecord(ctx, fx, entry === 'a' ? 'archive-a' : 'archive-b');
    const after = ctx.need(ar.after[entry], `precondition: vehicle ${id} was not read after the archive`);
    await ctx.cite(after);
    const record = isSuccess(after) ? vehicles.recordIn(after, id) : undefined;
    if (!isSuccess(after)) problems.push(unexpectedStatus(after, 'a 2xx status', `archived vehicle ${id} read by id`));
    else if (!record) problems.push(leftOut(id, `archived vehicles stay readable by id`, after));
    else if (fieldValue(record, ['vehicleStatus']) !== 'Inactive')
      problems.push(
        fieldMismatch(
          `archived vehicle ${id}`,
          'vehicleStatus',
          'Inactive',
          fieldValue(record, ['vehicleStatus']),
          after,
          'vehicleStatus',
        ),
      );
  }
  verdict(ctx, problems, 'PATCH /vehicles did not inactivate every vehicle listed', 2, 'archived vehicles read back');
});
