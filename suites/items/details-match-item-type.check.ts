import { z } from 'zod';
import {
  exchangeOf,
  isRecord,
  isSuccess,
  nestedTypeFailures,
  shapeViolations,
  type Failure,
} from '../../harness/checks/index.js';
import { conformance, type CheckContext } from '../../harness/conformance.js';
import { verdict } from '../common/judge.js';
import { items } from './adapter.js';
import { itemSample, readableItems } from './fixtures.js';

const detailsKind = { part: 'partDetails', tire: 'tireDetails' } as const;

// §2.2 details mapping: a part carries PartDetails, a tire TireDetails, in the documented types. Each
// field shown is judged in its stated type; one the run did not set may be null or absent, and totals
// and read-only pricing fields are never computed (S-2.2-unset-fields, S-2.2-derived-pricing).
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
      const details = items.recordIn(read, id)?.details;
      problems.push(
        ...(isRecord(details)
          ? nestedTypeFailures(details, detailsKind[type], read, `GET /items/${id}: details`)
          : [
              {
                kind: 'shape-violation' as const,
                message: `GET /items/${id}: the ${type}'s details are ${JSON.stringify(details) ?? 'absent'}, not an object`,
                issue: `§2.2: a ${type} carries ${detailsKind[type] === 'partDetails' ? 'PartDetails' : 'TireDetails'}`,
                expected: 'object',
                actual: details,
                path: 'details',
                ...exchangeOf(read),
              },
            ]),
      );
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

/** The types §2.2 maps to details objects whose fields it does not show (labor, discount, fee: service items). */
const serviceTypes = new Set(['labor', 'discount', 'fee']);
const anObject = z.record(z.string(), z.unknown());

// §2.2 details mapping: labor, discount and fee give LaborDetails, DiscountDetails and FeeDetails. Their
// fields are not shown, but each is an object: a listed service item read by id that shows details
// shows an object. details null or absent is left alone (S-2.2-unset-fields: {} or null for the types
// whose details are not shown; S-JSON-null-absent-empty); what the list shows is S-2.2-list-element-shape's.
conformance('ITEM-DETAILS-MATCH-TYPE', 'service', async (ctx: CheckContext) => {
  const sample = await itemSample(ctx);
  if (!isSuccess(sample)) ctx.inconclusive(`precondition: GET /items was refused (${sample.status})`);
  await ctx.cite(sample);
  const id = items
    .records(sample)
    .filter((r) => serviceTypes.has(String(r.itemType)))
    .map(items.idOf)
    .find(Boolean);
  if (!id) ctx.skip('no labor, discount or fee item on the first page of GET /items');
  const read = await items.get(ctx, id);
  if (!isSuccess(read))
    ctx.inconclusive(`precondition: GET /items/${id} was refused (${read.status}); ITEM-GET-BARE judges reads by id`);
  const record = ctx.need(
    items.recordIn(read, id),
    `GET /items/${id} does not show the item; ITEM-GET-BARE judges that`,
  );
  if (record.details === undefined || record.details === null)
    ctx.skip(
      `GET /items/${id} shows details ${record.details === null ? 'null' : 'absent'} (S-2.2-unset-fields: left open)`,
    );
  verdict(
    ctx,
    shapeViolations(anObject, record.details, read, 'details'),
    `details of a ${String(record.itemType)} item are not an object`,
    1,
    `${String(record.itemType)} details judged by id`,
  );
});
