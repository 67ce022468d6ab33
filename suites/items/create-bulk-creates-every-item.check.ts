import { isSuccess, type Failure } from '../../harness/checks/index.js';
import { conformance, type CheckContext } from '../../harness/conformance.js';
import { notCreated, notReadBack, precondition, verdict } from '../common/judge.js';
import { items } from './adapter.js';
import { itemFixture, itemRoles } from './fixtures.js';

// §4.2 POST /items takes an array: every item of it is created and readable by its id, not only the first.
conformance('ITEM-CREATE-BULK', { needs: ['write'] }, async (ctx: CheckContext) => {
  const fx = await itemFixture(ctx);
  precondition(ctx, fx.create, `POST /items with ${itemRoles.length} items`);
  await ctx.cite(fx.create, ...Object.values(fx.reads));
  const problems: Failure[] = [];
  let readable = 0;
  for (const role of itemRoles) {
    const [id, read] = [fx.ids[role], fx.reads[role]];
    if (!id) {
      // Shown absent (after the window, a narrowed list read to its end, or the answer's ids unreadable): it was not created.
      const why = fx.unlocated[role];
      if (why?.proven) {
        problems.push(notCreated(`entry "${role}" (itemNumber ${fx.inputs[role].itemNumber})`, why.why, fx.create));
        continue;
      }
      ctx.inconclusive(`precondition: the item of entry "${role}" could not be located (${why?.why ?? 'unknown'})`);
    }
    if (!read || !isSuccess(read) || !items.recordIn(read, id))
      problems.push(
        notReadBack(id, `item (entry "${role}", itemNumber ${fx.inputs[role].itemNumber})`, read, fx.create),
      );
    else readable += 1;
  }
  verdict(
    ctx,
    problems,
    `POST /items accepted ${itemRoles.length} items but not all of them exist`,
    readable,
    'created items read back by id',
  );
});
