import { ContractViolation, describeResponse, isClientError, isSuccess } from '../../harness/checks/index.js';
import { conformance } from '../../harness/conformance.js';
import { buildStockedPart, levelEntry, newQuantity } from '../../generators/inventory-levels.js';
import { seededFaker } from '../../generators/random.js';
import { createItemForCheck } from '../items/support.js';
import { getItemLevels, levelsIn, listLevels, putLevels, sampleItemIds } from './support.js';

// §4.4 PUT /inventoryLevels (bulk) then GET /inventoryLevels/{itemId}: the new level shows.
// The level belongs to a stocked part this check creates, so no real stock is ever changed.
conformance('INVENTORY-UPDATE-VISIBLE', { needs: ['write', 'location'] }, async (ctx) => {
  const f = seededFaker(ctx.seed, 'inventory-update');
  const locationId = ctx.target.locationId!;
  const itemId = await createItemForCheck(ctx, buildStockedPart(f, ctx.marker));
  const quantity = newQuantity(f);
  const put = await putLevels(ctx, [levelEntry(ctx.profile.inventoryLevels, itemId, locationId, quantity)]);
  if (isClientError(put)) ctx.inconclusive(`PUT /inventoryLevels refused the profile's body (${describeResponse(put)}); set inventoryLevels.* in CONFORMANCE_PROFILE`);
  if (!isSuccess(put)) throw new ContractViolation(`PUT /inventoryLevels: ${describeResponse(put)}`);
  const read = await getItemLevels(ctx, itemId);
  if (!isSuccess(read)) {
    // Tell "not visible" apart from a single-item read that never works (its own clause).
    const list = await listLevels(ctx);
    const other = isSuccess(list) ? sampleItemIds(levelsIn(ctx, list.json), 1)[0] : undefined;
    const control = other ? await getItemLevels(ctx, other) : undefined;
    if (!control || !isSuccess(control)) ctx.inconclusive(`GET /inventoryLevels/{itemId} does not answer for any item (${describeResponse(read)})`);
    throw new ContractViolation(`after a successful PUT, the levels of item ${itemId} are not readable: ${describeResponse(read)}`);
  }
  const levels = levelsIn(ctx, read.json).filter((l) => l.itemId === undefined || l.itemId === itemId);
  const atLocation = levels.filter((l) => l.locationId === locationId);
  const candidates = atLocation.length ? atLocation : levels.filter((l) => l.locationId === undefined);
  if (!candidates.some((l) => l.quantity === quantity)) {
    throw new ContractViolation(`PUT set item ${itemId} at ${locationId} to ${quantity}, but the next read shows ${JSON.stringify(candidates.map((l) => l.quantity))} there`);
  }
});
