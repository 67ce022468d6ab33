import {
  describeResponse,
  fieldMismatch,
  fieldValue,
  isSuccess,
  unexpectedStatus,
  type Failure,
} from '../../harness/checks/index.js';
import { conformance, type CheckContext } from '../../harness/conformance.js';
import { fail, verdict } from '../common/judge.js';
import { customers, inactiveState } from './adapter.js';
import { customerArchive, customerFixture, fixtureCustomer } from './fixtures.js';

// §3, §4.3 PATCH /customers archives (inactivates) every customer listed. The status field is not shown:
// it is located tolerantly (status, active, archived…), and when none is found the check is inconclusive.
// §3 makes the archive a move to the inactive state, not a deletion: a customer that read by id
// before it still reads by id after it (a listed record read instead does not count).
conformance('CUSTOMER-ARCHIVE-INACTIVE', { needs: ['write'] }, async (ctx: CheckContext) => {
  const [fx, ar] = await Promise.all([customerFixture(ctx), customerArchive(ctx)]);
  await ctx.cite(ar.patch, ...ar.reads, ar.shownIn.a, ar.shownIn.b);
  if (ar.owned) await ctx.cite(ar.owned, ...(ar.twin ? [ar.twin] : []));
  ctx.observe('archive-b owned an active vehicle when archived', ar.owned ? isSuccess(ar.owned) : 'not created');
  // §3: no condition beyond being listed; archive-a alone archived shows the body was not the cause.
  if (!isSuccess(ar.patch) && ar.twin && isSuccess(ar.twin))
    fail(
      'PATCH /customers refused a customer that owns an active vehicle',
      unexpectedStatus(
        ar.patch,
        'a 2xx answer: §3 archives every customer listed, from any state',
        'PATCH /customers of archive-a and archive-b, which owns an active vehicle (archive-a alone was archived)',
      ),
    );
  if (!isSuccess(ar.patch))
    ctx.inconclusive(`PATCH /customers refused the profile's body (${describeResponse(ar.patch)})`);
  const problems: Failure[] = [];
  for (const [entry, i] of [
    ['a', 0],
    ['b', 1],
  ] as const) {
    const before = await fixtureCustomer(ctx, fx, entry === 'a' ? 'archive-a' : 'archive-b');
    const was = inactiveState(before.record);
    if (was === undefined)
      ctx.inconclusive(
        'the customer record shows no status-like field (status, active, archived…) to judge inactivation by',
      );
    if (was) ctx.inconclusive('a newly created customer already reads as inactive, so archiving cannot be told apart');
    const read = ar.reads[i];
    if (before.read && read && !(isSuccess(read) && customers.recordIn(read, before.id))) {
      problems.push(
        unexpectedStatus(
          read,
          'a 2xx answer holding the customer',
          `GET /customers/${before.id} after PATCH /customers archived it (it read by id before)`,
        ),
      );
      continue;
    }
    const after = ctx.need(
      ar.after[entry],
      `customer ${before.id} could not be read by id nor found listed after PATCH /customers, so its state cannot be read`,
    );
    if (inactiveState(after) !== true) {
      problems.push(
        fieldMismatch(
          `customer ${before.id} after PATCH /customers`,
          'status',
          'inactive',
          fieldValue(after, ['status', 'customerStatus', 'active', 'isActive', 'archived', 'isArchived']),
          // Shown whenever `after` is: the read by id, else the listed page.
          ar.shownIn[entry]!,
        ),
      );
    }
  }
  verdict(
    ctx,
    problems,
    'PATCH /customers did not leave every customer listed inactive and readable',
    2,
    'archived customers read back by id',
  );
});
