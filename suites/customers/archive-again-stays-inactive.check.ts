import { fieldMismatch } from '../../harness/checks/index.js';
import { conformance, type CheckContext } from '../../harness/conformance.js';
import { verdict } from '../common/judge.js';
import { inactiveState } from './adapter.js';
import { customerArchiveAgain } from './fixtures.js';

// §3: archiving applies from any state; a customer archived again stays inactive. The second
// PATCH's answer is not judged (it may report the customer already archived).
conformance('CUSTOMER-ARCHIVE-INACTIVE', { variant: 'again', needs: ['write'] }, async (ctx: CheckContext) => {
  const again = await customerArchiveAgain(ctx);
  await ctx.cite(again.patch, again.read);
  ctx.observe('second archive answered', again.patch.status);
  const after = ctx.need(
    again.after,
    `customer ${again.id} is not readable after a second archive, so its state cannot be read`,
  );
  const state = inactiveState(after);
  if (state === undefined) ctx.inconclusive('the customer record shows no status-like field to judge by');
  verdict(
    ctx,
    state ? [] : [fieldMismatch(`customer ${again.id} archived twice`, 'status', 'inactive', 'active', again.read)],
    'a second archive did not leave the customer inactive',
    1,
    'customer archived twice read back',
  );
});
