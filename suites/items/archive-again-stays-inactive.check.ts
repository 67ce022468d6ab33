import { fieldMismatch, isSuccess, leftOut, unexpectedStatus } from '../../harness/checks/index.js';
import { conformance, type CheckContext } from '../../harness/conformance.js';
import { verdict } from '../common/judge.js';
import { archiveItems, items } from './adapter.js';
import { fixtureItem, itemArchive, itemFixture } from './fixtures.js';

// §3: the item row's trigger applies in any state, so an item the run already archived (and read
// back Inactive) stays Inactive when archived again. Whether the second PATCH answers 2xx or refuses
// it as already done is not shown (§7): only the state is judged, read until it shows Inactive.
conformance('ITEM-ARCHIVE-FROM-ANY-STATE', { needs: ['write'] }, async (ctx: CheckContext) => {
  const [fx, first] = await Promise.all([itemFixture(ctx), itemArchive(ctx)]);
  const { id } = fixtureItem(ctx, fx, 'archive-a');
  const before = first.after.a;
  const inactive = (res: typeof before) => !!res && isSuccess(res) && items.recordIn(res, id)?.status === 'Inactive';
  if (!inactive(before))
    ctx.inconclusive(
      `precondition: item ${id} was not shown Inactive after the first archive; ITEM-ARCHIVE-INACTIVE judges that`,
    );
  await ctx.cite(first.patch, before);
  const patch = await archiveItems(ctx, [id]);
  ctx.observe('second archive answered', patch.status);
  const after = await ctx.eventually(
    `a second PATCH /items: item ${id} still Inactive`,
    () => items.get(ctx, id),
    inactive,
  );
  const record = isSuccess(after.value) ? items.recordIn(after.value, id) : undefined;
  verdict(
    ctx,
    !isSuccess(after.value)
      ? [unexpectedStatus(after.value, 'a 2xx status', `item ${id} read after a second archive`)]
      : !record
        ? [leftOut(id, 'an item archived twice stays readable by id', after.value)]
        : record.status !== 'Inactive'
          ? [fieldMismatch(`item ${id} archived twice`, 'status', 'Inactive', record.status, after.value, 'status')]
          : [],
    'a second archive did not leave the item Inactive',
    1,
    'item archived twice read back',
  );
});
