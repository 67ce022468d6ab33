import {
  describeResponse,
  fieldMismatch,
  isClientError,
  isSuccess,
  unexpectedStatus,
  type Failure,
} from '../../harness/checks/index.js';
import { conformance, type CheckContext } from '../../harness/conformance.js';
import { fail, verdict } from '../common/judge.js';
import { noQuantity, quantitiesAt } from './adapter.js';
import { levelUpdate } from './fixtures.js';

// §4.4 PUT /inventoryLevels (bulk) then GET /inventoryLevels/{itemId}: every entry's new level shows.
// Two entries in one PUT, on stocked parts the run created, so no real stock is ever changed.
conformance('INVENTORY-UPDATE-VISIBLE', { needs: ['write', 'location'] }, async (ctx: CheckContext) => {
  const up = await levelUpdate(ctx);
  await ctx.cite(up.put);
  if (isClientError(up.put))
    ctx.guessRefused(
      'inventoryLevels.arrayField / inventoryLevels.quantityField',
      `PUT /inventoryLevels refused the profile's body (${describeResponse(up.put)}); §4.4 shows none`,
    );
  if (!isSuccess(up.put))
    fail(
      'PUT /inventoryLevels with two valid entries was not accepted',
      unexpectedStatus(up.put, 'a 2xx status', 'PUT /inventoryLevels with two valid entries'),
    );
  const locationId = ctx.need(ctx.target.locationId, 'LOCATION_ID is not set');
  const problems: Failure[] = [];
  for (const entry of ['a', 'b'] as const) {
    const [itemId, quantity, read] = [up.items[entry], up.sent[entry], up.after[entry]];
    await ctx.cite(read);
    if (!read || !isSuccess(read))
      ctx.inconclusive(
        `precondition: GET /inventoryLevels/${itemId} after the update was refused (${read ? describeResponse(read) : 'not sent'}); INVENTORY-ITEM-AGREES judges single reads`,
      );
    const shown = quantitiesAt(ctx, read.json, itemId, locationId);
    // The level's fields are not shown (§2.4): a read with no quantity under the profile's names says nothing.
    if (!shown) ctx.inconclusive(noQuantity(ctx, itemId));
    if (!shown.includes(quantity))
      problems.push(
        fieldMismatch(`item ${itemId} at ${locationId}, read after the update`, 'quantity', quantity, shown, read),
      );
  }
  verdict(
    ctx,
    problems,
    'PUT /inventoryLevels is not visible on the next read of every entry',
    2,
    'updated levels read back',
  );
});
