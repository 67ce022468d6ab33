import { describeResponse, fieldValue, isSuccess } from '../../harness/checks/index.js';
import { conformance, type CheckContext } from '../../harness/conformance.js';
import { verdict } from '../common/judge.js';
import { inactiveState } from './adapter.js';
import { customerArchive, customerFixture, fixtureCustomer } from './fixtures.js';

// §3, §4.3 PATCH /customers archives (inactivates) every customer listed. The status field is not shown:
// it is located tolerantly (status, active, archived…), and when none is found the check is inconclusive.
conformance('CUSTOMER-ARCHIVE-INACTIVE', { needs: ['write'] }, async (ctx: CheckContext) => {
  const [fx, ar] = await Promise.all([customerFixture(ctx), customerArchive(ctx)]);
  await ctx.cite(ar.patch, ...ar.reads);
  if (!isSuccess(ar.patch)) ctx.inconclusive(`PATCH /customers refused the profile's body (${describeResponse(ar.patch)})`);
  const problems: string[] = [];
  for (const entry of ['a', 'b'] as const) {
    const before = await fixtureCustomer(ctx, fx, entry === 'a' ? 'archive-a' : 'archive-b');
    const was = inactiveState(before.record);
    if (was === undefined) ctx.inconclusive('the customer record shows no status-like field (status, active, archived…) to judge inactivation by');
    if (was) ctx.inconclusive('a newly created customer already reads as inactive, so archiving cannot be told apart');
    // No rule says an archived customer stays readable: an unreadable one cannot be judged.
    const after = ctx.need(ar.after[entry], `customer ${before.id} is no longer readable after PATCH /customers, so its state cannot be read`);
    if (inactiveState(after) !== true) problems.push(`customer ${before.id} still reads as active (${JSON.stringify(fieldValue(after, ['status', 'customerStatus', 'active', 'isActive', 'archived', 'isArchived']))})`);
  }
  verdict(ctx, problems, 'PATCH /customers did not inactivate every customer listed', 2, 'archived customers read back');
});
