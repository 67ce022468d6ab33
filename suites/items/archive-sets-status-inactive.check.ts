import {
  describeResponse,
  fieldMismatch,
  leftOut,
  unexpectedStatus,
  type Failure,
  isSuccess,
} from '../../harness/checks/index.js';
import { conformance, type CheckContext } from '../../harness/conformance.js';
import { verdict } from '../common/judge.js';
import { items } from './adapter.js';
import { fixtureItem, itemArchive, itemFixture } from './fixtures.js';

// §3, §4.2: PATCH /items sets status Inactive on every item listed, which stays readable by id.
conformance('ITEM-ARCHIVE-INACTIVE', { needs: ['write'] }, async (ctx: CheckContext) => {
  const [fx, ar] = await Promise.all([itemFixture(ctx), itemArchive(ctx)]);
  if (!isSuccess(ar.patch))
    ctx.inconclusive(`PATCH /items was refused (${describeResponse(ar.patch)}); ITEM-ARCHIVE-ENVELOPE judges that`);
  await ctx.cite(ar.patch);
  const problems: Failure[] = [];
  for (const entry of ['a', 'b'] as const) {
    const { id } = fixtureItem(ctx, fx, entry === 'a' ? 'archive-a' : 'archive-b');
    const after = ctx.need(ar.after[entry], `precondition: item ${id} was not read after the archive`);
    await ctx.cite(after);
    const record = isSuccess(after) ? items.recordIn(after, id) : undefined;
    if (!isSuccess(after)) problems.push(unexpectedStatus(after, 'a 2xx status', `archived item ${id} read by id`));
    else if (!record) problems.push(leftOut(id, `archived items stay readable by id`, after));
    else if (record.status !== 'Inactive')
      problems.push(fieldMismatch(`archived item ${id}`, 'status', 'Inactive', record.status, after, 'status'));
  }
  verdict(ctx, problems, 'PATCH /items did not inactivate every item listed', 2, 'archived items read back');
});
