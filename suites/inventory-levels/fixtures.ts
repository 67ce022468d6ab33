import type { ApiResponse } from '../../harness/client.js';
import type { CheckContext } from '../../harness/conformance.js';
import { describeResponse, isClientError, isSuccess } from '../../harness/checks/index.js';
import { levelEntry, newQuantity } from '../../generators/inventory-levels.js';
import { seededFaker } from '../../generators/random.js';
import { fixtureItem, itemFixture } from '../items/fixtures.js';
import { getItemLevels, levelsIn, listLevels, putLevels, quantitiesAt } from './adapter.js';

/**
 * §4.4 bulk update, once per run: the levels of the run's two stocked parts at LOCATION_ID, in one
 * PUT with two entries, each read back. Only parts the run created are touched: no real stock.
 * With SECOND_LOCATION_ID a third entry sets the first part there too, so two entries share an
 * item (a bulk keyed by item would drop one); its read back is the first part's own read.
 */
export interface LevelUpdate {
  put: ApiResponse;
  items: { a: string; b: string };
  sent: { a: number; b: number };
  /** The first part's entry at SECOND_LOCATION_ID, when the run has one; absent: one item at two locations was not exercised. */
  second?: { locationId: string; quantity: number };
  after: { a?: ApiResponse; b?: ApiResponse };
}

/** Whether a read of an item's levels shows `quantity` at `locationId` (or at no stated location). */
const showsLevel = (ctx: CheckContext, body: unknown, itemId: string, locationId: string, quantity: number) =>
  levelsIn(ctx, body).some(
    (l) =>
      (l.itemId === undefined || l.itemId === itemId) &&
      (l.locationId === undefined || l.locationId === locationId) &&
      l.quantity === quantity,
  );

export function levelUpdate(ctx: CheckContext): Promise<LevelUpdate> {
  return ctx.shared('inventory:update', async (s) => {
    const locationId = s.need(s.target.locationId, 'LOCATION_ID is not set');
    const fx = await itemFixture(s);
    const a = fixtureItem(s, fx, 'stocked-a').id;
    const b = fixtureItem(s, fx, 'stocked-b').id;
    const f = seededFaker(s.seed, 'inventory-update');
    const sent = { a: newQuantity(f), b: newQuantity(f) };
    if (sent.b === sent.a) sent.b += 1;
    // A third quantity at the second location, unlike both others, so a read shows which entry won.
    const secondAt = s.target.secondLocationId;
    const second = secondAt ? { locationId: secondAt, quantity: newQuantity(f) } : undefined;
    while (second && (second.quantity === sent.a || second.quantity === sent.b)) second.quantity += 1;
    const names = s.profile.inventoryLevels;
    const put = await putLevels(s, [
      levelEntry(names, a, locationId, sent.a),
      levelEntry(names, b, locationId, sent.b),
      ...(second ? [levelEntry(names, a, second.locationId, second.quantity)] : []),
    ]);
    const items = { a, b };
    if (!isSuccess(put)) return { put, items, sent, ...(second ? { second } : {}), after: {} };
    // An update may be applied after its answer (202 Accepted): each item is read until its new level shows, within the window.
    // The first part's one read waits for both of its levels: the second location costs no read of its own.
    const readBack = (itemId: string, levels: [string, number][]) =>
      s.eventually(
        `PUT /inventoryLevels: item ${itemId} shows ${levels.map(([at, q]) => `${q} at ${at}`).join(' and ')}`,
        () => getItemLevels(s, itemId),
        (res) => !isSuccess(res) || levels.every(([at, q]) => showsLevel(s, res.json, itemId, at, q)),
      );
    const [afterA, afterB] = await Promise.all([
      readBack(a, [
        [locationId, sent.a],
        ...(second ? [[second.locationId, second.quantity] as [string, number]] : []),
      ]),
      readBack(b, [[locationId, sent.b]]),
    ]);
    return { put, items, sent, ...(second ? { second } : {}), after: { a: afterA.value, b: afterB.value } };
  });
}

/** A second update, of one entry only, after the bulk one: what it must leave alone is known. */
export interface OneLevelUpdate {
  /** The PUT /inventoryLevels answer; undefined when the bulk update before it was refused. */
  put?: ApiResponse;
  /** The item it sets (the bulk's first) and the one it leaves alone (the bulk's second). */
  items: { set: string; kept: string };
  sent: number;
  /** Both items' levels read after it: the set one once its new level shows. */
  after: { set?: ApiResponse; kept?: ApiResponse };
}

/**
 * §4.4 PUT with one entry: the first stocked part at LOCATION_ID again, to a third quantity. The
 * bulk update's reads are the levels before it; after it the part is read until the new level
 * shows, then the other part once (it must still show the level the bulk gave it).
 */
export function levelUpdateOne(ctx: CheckContext): Promise<OneLevelUpdate> {
  return ctx.shared('inventory:update-one', async (s) => {
    const up = await levelUpdate(s);
    const locationId = s.need(s.target.locationId, 'LOCATION_ID is not set');
    const items = { set: up.items.a, kept: up.items.b };
    let sent = newQuantity(seededFaker(s.seed, 'inventory-update-one'));
    while (sent === up.sent.a || sent === up.sent.b) sent += 1;
    if (!isSuccess(up.put)) return { items, sent, after: {} };
    const put = await putLevels(s, [levelEntry(s.profile.inventoryLevels, items.set, locationId, sent)]);
    if (!isSuccess(put)) return { put, items, sent, after: {} };
    const { value: set } = await s.eventually(
      `PUT /inventoryLevels: item ${items.set} shows ${sent} at ${locationId}`,
      () => getItemLevels(s, items.set),
      (res) => !isSuccess(res) || showsLevel(s, res.json, items.set, locationId, sent),
    );
    return { put, items, sent, after: { set, kept: await getItemLevels(s, items.kept) } };
  });
}

/** The boundary quantity 0: one stocked part taken from the level the bulk update gave it down to 0. */
export interface LevelZero {
  put: ApiResponse;
  itemId: string;
  /** The level the bulk update set and a read showed, before this one. */
  before: number;
  /** GET /inventoryLevels/{itemId} after the PUT, read until 0 showed (or the window ended). */
  after?: ApiResponse;
}

/**
 * Once per run, after the bulk update: the level of its second part set to 0 (a level shown
 * non-zero first, so a server that skips a zero cannot pass by leaving it as it was), read back.
 * It waits for the one-entry update, which reads that part as the bulk left it (frame condition).
 */
export function levelZero(ctx: CheckContext): Promise<LevelZero> {
  return ctx.shared('inventory:zero', async (s) => {
    const locationId = s.need(s.target.locationId, 'LOCATION_ID is not set');
    const up = await levelUpdate(s);
    await levelUpdateOne(s).catch(() => undefined);
    const itemId = up.items.b;
    const before = up.sent.b;
    if (isClientError(up.put))
      s.guessRefused(
        'inventoryLevels.arrayField / inventoryLevels.quantityField',
        `PUT /inventoryLevels refused the profile's body (${describeResponse(up.put)}); §4.4 shows none`,
      );
    const shown =
      up.after.b && isSuccess(up.after.b) ? quantitiesAt(s, up.after.b.json, itemId, locationId) : undefined;
    if (!shown?.includes(before))
      s.inconclusive(
        `precondition: item ${itemId} was not shown at ${before} after the bulk update (INVENTORY-UPDATE-VISIBLE judges that)`,
      );
    const put = await putLevels(s, [levelEntry(s.profile.inventoryLevels, itemId, locationId, 0)]);
    if (!isSuccess(put)) return { put, itemId, before };
    const after = await s.eventually(
      `PUT /inventoryLevels to 0: item ${itemId} shows 0 at ${locationId}`,
      () => getItemLevels(s, itemId),
      (res) => !isSuccess(res) || !!quantitiesAt(s, res.json, itemId, locationId)?.includes(0),
    );
    return { put, itemId, before, after: after.value };
  });
}

/** GET /inventoryLevels once per run, after the run's own updates when it makes them (none is in flight while it reads). */
export function levelList(ctx: CheckContext): Promise<ApiResponse> {
  return ctx.shared('inventory:list', async (s) => {
    if (s.run.mode === 'full' && s.target.locationId) await levelZero(s).catch(() => undefined);
    return listLevels(s);
  });
}
