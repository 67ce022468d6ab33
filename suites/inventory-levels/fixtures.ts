import type { ApiResponse } from '../../harness/client.js';
import type { CheckContext } from '../../harness/conformance.js';
import { isSuccess } from '../../harness/checks/index.js';
import { levelEntry, newQuantity } from '../../generators/inventory-levels.js';
import { seededFaker } from '../../generators/random.js';
import { fixtureItem, itemFixture } from '../items/fixtures.js';
import { getItemLevels, levelsIn, listLevels, putLevels } from './adapter.js';

/**
 * §4.4 bulk update, once per run: the levels of the run's two stocked parts at LOCATION_ID, in one
 * PUT with two entries, each read back. Only parts the run created are touched: no real stock.
 */
export interface LevelUpdate {
  put: ApiResponse;
  items: { a: string; b: string };
  sent: { a: number; b: number };
  after: { a?: ApiResponse; b?: ApiResponse };
}

export function levelUpdate(ctx: CheckContext): Promise<LevelUpdate> {
  return ctx.shared('inventory:update', async (s) => {
    const locationId = s.need(s.target.locationId, 'LOCATION_ID is not set');
    const fx = await itemFixture(s);
    const a = fixtureItem(s, fx, 'stocked-a').id;
    const b = fixtureItem(s, fx, 'stocked-b').id;
    const f = seededFaker(s.seed, 'inventory-update');
    const sent = { a: newQuantity(f), b: newQuantity(f) };
    if (sent.b === sent.a) sent.b += 1;
    const names = s.profile.inventoryLevels;
    const put = await putLevels(s, [levelEntry(names, a, locationId, sent.a), levelEntry(names, b, locationId, sent.b)]);
    if (!isSuccess(put)) return { put, items: { a, b }, sent, after: {} };
    // An update may be applied after its answer (202 Accepted): each item is read until its new level shows, within the window.
    const readBack = (itemId: string, quantity: number) =>
      s.eventually(`PUT /inventoryLevels: item ${itemId} shows ${quantity} at ${locationId}`, () => getItemLevels(s, itemId), (res) =>
        !isSuccess(res) || levelsIn(s, res.json).some((l) => (l.itemId === undefined || l.itemId === itemId) && (l.locationId === undefined || l.locationId === locationId) && l.quantity === quantity),
      );
    const [afterA, afterB] = await Promise.all([readBack(a, sent.a), readBack(b, sent.b)]);
    return { put, items: { a, b }, sent, after: { a: afterA.value, b: afterB.value } };
  });
}

/** GET /inventoryLevels once per run, after the run's own update when it makes one. */
export function levelList(ctx: CheckContext): Promise<ApiResponse> {
  return ctx.shared('inventory:list', async (s) => {
    if (s.run.mode === 'full' && s.target.locationId) await levelUpdate(s).catch(() => undefined);
    return listLevels(s);
  });
}
