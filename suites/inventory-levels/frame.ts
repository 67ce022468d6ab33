import type { ApiResponse } from '../../harness/client.js';
import { describeResponse, isSuccess } from '../../harness/checks/index.js';
import type { CheckContext } from '../../harness/conformance.js';
import type { Rec } from '../common/adapter.js';
import type { FrameRecord, FrameScope } from '../common/frame.js';
import { inventoryLevels, levelsIn } from './adapter.js';
import { levelUpdate, levelUpdateOne } from './fixtures.js';

/** Where a level shows no location: an item-wide figure (a total may follow any location's change). */
const NO_LOCATION = '(no location)';
/** Location ids as field names of the frame's records (a dot would read as nesting). */
const keyOf = (locationId: string | undefined) =>
  locationId === undefined ? NO_LOCATION : locationId.replaceAll('.', '_');

/**
 * An item's levels as one record, quantity by location (§2.4 shows no field beyond itemId: the
 * quantities are located as the other inventory checks locate them), so the frame of an update is
 * judged like any record's. Undefined when the read was refused.
 */
export function levelsByLocation(ctx: CheckContext, res: ApiResponse | undefined, itemId: string): Rec | undefined {
  if (!res || !isSuccess(res)) return undefined;
  const out: Record<string, number[]> = {};
  for (const l of levelsIn(ctx, res.json))
    if (l.itemId === undefined || l.itemId === itemId) (out[keyOf(l.locationId)] ??= []).push(l.quantity);
  return Object.fromEntries(Object.entries(out).map(([k, qs]) => [k, qs.length === 1 ? qs[0]! : qs]));
}

/**
 * §4.4 PUT changes the levels its entries name and no other: after a second update of one entry
 * (the first part at LOCATION_ID), that part keeps its levels at the other locations, and the other
 * part, set by the bulk update just before, keeps all of its own. The bulk update's reads are the
 * levels before; two reads after (INVENTORY-UPDATE-VISIBLE judges the bulk's own effect).
 */
export const inventoryUpdateFrame: FrameScope = {
  adapter: inventoryLevels,
  clause: 'INVENTORY-UPDATE-ONLY-NAMED',
  needs: ['write', 'location'],
  write: 'PUT /inventoryLevels with one entry',
  applied: 'precondition',
  async touched(ctx) {
    const [bulk, one] = await Promise.all([levelUpdate(ctx), levelUpdateOne(ctx)]);
    const reads = [bulk.after.a, bulk.after.b, one.after.set, one.after.kept];
    if (!one.put)
      return {
        answer: bulk.put,
        unjudged: `precondition: the bulk PUT /inventoryLevels refused the profile's body (${describeResponse(bulk.put)}); INVENTORY-UPDATE-VISIBLE judges that`,
        records: [],
        reads,
      };
    const locationId = ctx.need(ctx.target.locationId, 'LOCATION_ID is not set');
    const { set, kept } = one.items;
    const records: FrameRecord[] = [
      {
        id: set,
        before: ctx.need(
          levelsByLocation(ctx, bulk.after.a, set),
          `precondition: the levels of item ${set} were not read after the bulk update`,
        ),
        after: levelsByLocation(ctx, one.after.set, set),
        afterRead: one.after.set,
        intent: { sets: { [keyOf(locationId)]: one.sent }, mayMove: (path) => path === NO_LOCATION },
      },
      {
        id: kept,
        before: ctx.need(
          levelsByLocation(ctx, bulk.after.b, kept),
          `precondition: the levels of item ${kept} were not read after the bulk update`,
        ),
        after: levelsByLocation(ctx, one.after.kept, kept),
        afterRead: one.after.kept,
        intent: { sets: {} },
      },
    ];
    return { answer: one.put, records, reads };
  },
};

export const inventoryFrames: readonly FrameScope[] = [inventoryUpdateFrame];
