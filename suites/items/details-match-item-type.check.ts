import { partDetails, tireDetails } from '../../contract/schemas.js';
import { isSuccess, shapeViolations, type Failure } from '../../harness/checks/index.js';
import { conformance, type CheckContext } from '../../harness/conformance.js';
import { verdict } from '../common/judge.js';
import { items } from './adapter.js';
import { itemSample, readableItems } from './fixtures.js';

const detailsSchema = { part: partDetails, tire: tireDetails } as const;

// §2.2 details mapping: a part carries PartDetails, a tire TireDetails, in the documented types.
for (const type of ['part', 'tire'] as const) {
  conformance('ITEM-DETAILS-MATCH-TYPE', type, async (ctx: CheckContext) => {
    let reads = (await readableItems(ctx)).filter(
      ({ id, read }) => isSuccess(read) && items.recordIn(read, id)?.itemType === type,
    );
    if (!reads.length && ctx.run.mode !== 'full') {
      // Read-only: a listed item of the type, read by id (a list record need not show itemType).
      const sample = await itemSample(ctx);
      const id = isSuccess(sample)
        ? items
            .records(sample)
            .filter((r) => r.itemType === type)
            .map(items.idOf)
            .find(Boolean)
        : undefined;
      if (id) reads = [{ id, read: await items.get(ctx, id) }];
    }
    if (!reads.length) ctx.skip(`no ${type} item to read`);
    const problems: Failure[] = [];
    for (const { id, read } of reads) {
      await ctx.cite(read);
      problems.push(...shapeViolations(detailsSchema[type], items.recordIn(read, id)?.details, read, 'details'));
    }
    verdict(
      ctx,
      problems,
      `details of a ${type} do not have the §2.2 structure`,
      reads.length,
      `${type} details judged`,
    );
  });
}
