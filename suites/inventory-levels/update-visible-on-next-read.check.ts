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
// Two entries in one PUT, on stocked parts the run created, so no real stock is ever changed. With
// SECOND_LOCATION_ID, a third entry sets the first part at that location as well: two entries of one
// item, which a bulk keyed by item alone would collapse into one (§4.4: levels "across one or more locations").
conformance('INVENTORY-UPDATE-VISIBLE', { needs: ['write', 'location'] }, async (ctx: CheckContext) => {
  const up = await levelUpdate(ctx);
  await ctx.cite(up.put);
  const entries = up.second ? 'three valid entries' : 'two valid entries';
  if (isClientError(up.put))
    ctx.guessRefused(
      'inventoryLevels.arrayField / inventoryLevels.quantityField',
      `PUT /inventoryLevels refused the profile's body (${describeResponse(up.put)}); §4.4 shows none${up.second ? `; one entry was at SECOND_LOCATION_ID ${up.second.locationId}: a token limited to LOCATION_ID refuses it, leave SECOND_LOCATION_ID unset then` : ''}`,
    );
  if (!isSuccess(up.put))
    fail(
      `PUT /inventoryLevels with ${entries} was not accepted`,
      unexpectedStatus(up.put, 'a 2xx status', `PUT /inventoryLevels with ${entries}`),
    );
  const locationId = ctx.need(ctx.target.locationId, 'LOCATION_ID is not set');
  const levels: { entry: 'a' | 'b'; locationId: string; quantity: number }[] = [
    { entry: 'a', locationId, quantity: up.sent.a },
    { entry: 'b', locationId, quantity: up.sent.b },
    ...(up.second ? [{ entry: 'a' as const, ...up.second }] : []),
  ];
  const problems: Failure[] = [];
  for (const { entry, locationId: at, quantity } of levels) {
    const [itemId, read] = [up.items[entry], up.after[entry]];
    await ctx.cite(read);
    if (!read || !isSuccess(read))
      ctx.inconclusive(
        `precondition: GET /inventoryLevels/${itemId} after the update was refused (${read ? describeResponse(read) : 'not sent'}); INVENTORY-ITEM-AGREES judges single reads`,
      );
    const shown = quantitiesAt(ctx, read.json, itemId, at);
    // The level's fields are not shown (§2.4): a read with no quantity under the profile's names says nothing.
    if (!shown) ctx.inconclusive(noQuantity(ctx, itemId));
    if (!shown.includes(quantity))
      problems.push(fieldMismatch(`item ${itemId} at ${at}, read after the update`, 'quantity', quantity, shown, read));
  }
  // Without a second location no two entries share an item: said in the certificate, never counted as judged.
  if (!up.second)
    ctx.partial(
      'one location per item',
      'one item at two locations not exercised: no two entries of the bulk update share an item',
      'SECOND_LOCATION_ID',
    );
  verdict(
    ctx,
    problems,
    'PUT /inventoryLevels is not visible on the next read of every entry',
    levels.length,
    up.second ? 'updated levels read back, one item at two locations' : 'updated levels read back',
  );
});
