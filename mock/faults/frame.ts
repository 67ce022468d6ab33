import { companyOf } from '../context.js';
import { errorReply } from '../http.js';
import type { InventoryLevelRecord } from '../model.js';
import { wrapRoute } from '../overlay.js';
import { customersToArchive, customerUpdates } from '../resources/customers.js';
import { isStockedItem, levelOf } from '../resources/inventory-levels.js';
import { itemsToArchive } from '../resources/items.js';
import { vehiclesToArchive, vehicleUpdates } from '../resources/vehicles.js';
import { isSuccess, type Json } from './edit.js';
import type { FaultDef } from './fault.js';

/**
 * Faults of the techniques `frame-condition` (a write that also moves what it should leave alone)
 * and `read-after-transition` (an archived record that no longer reads by id): the side effects a
 * casual test misses because it reads back only the field under test.
 */

/** Rewrites one level of a stocked part at a location, from its stored (or derived) value. */
function setLevel(
  ctx: Parameters<typeof companyOf>[0],
  itemId: string,
  locationId: string,
  edit: (l: InventoryLevelRecord) => InventoryLevelRecord,
): void {
  const company = companyOf(ctx);
  const item = company.items.get(itemId);
  const location = company.locations.find((l) => l.locationId === locationId);
  if (!item || !location) return;
  const { itemNumber: _n, itemName: _m, quantityAvailable: _a, ...stored } = levelOf(company, item, location);
  company.inventoryLevels.set(`${itemId}|${locationId}`, edit(stored));
}

/** The entries of a PUT /inventoryLevels body the reference accepted, as it stored them. */
const storedEntries = (reply: { body?: unknown }): InventoryLevelRecord[] => (reply.body as Json).data.inventoryLevels;

/** A GET by id that answers 404 for a record the archive made inactive (a query filtered on the active status). */
function hidingInactive(path: string, inactive: (body: Json) => boolean, what: string) {
  return wrapRoute('GET', path, (next) => async (ctx) => {
    const reply = await next(ctx);
    return isSuccess(reply) && inactive(reply.body) ? errorReply(404, `${what} not found`) : reply;
  });
}

export const frameFaults = {
  // ── frame-condition: a write that moves what it does not name ─────────────────────────────
  'vehicles-archive-stamps-notes': {
    clause: 'VEHICLE-ARCHIVE-ONLY-STATUS',
    description: 'PATCH /vehicles also appends an audit line to the notes of every vehicle it archives.',
    technique: { name: 'frame-condition', resource: 'vehicles' },
    overlay: wrapRoute('PATCH', '/vehicles', (next) => async (ctx) => {
      const reply = await next(ctx);
      if (isSuccess(reply))
        for (const v of vehiclesToArchive(ctx).vehicles) v.notes = `${v.notes} | archived through the partner API`;
      return reply;
    }),
  },
  'vehicles-update-reactivates': {
    clause: 'VEHICLE-UPDATE-PARTIAL',
    description:
      'PUT /vehicles saves an entity whose vehicleStatus defaults to Active: updating an archived vehicle without vehicleStatus reactivates it.',
    technique: { name: 'frame-condition', resource: 'vehicles' },
    overlay: wrapRoute('PUT', '/vehicles', (next) => async (ctx) => {
      const reply = await next(ctx);
      if (!isSuccess(reply)) return reply;
      const { targets, changes } = vehicleUpdates(ctx);
      targets.forEach((v, i) => changes[i]!.vehicleStatus === undefined && (v.vehicleStatus = 'Active'));
      return reply;
    }),
  },
  'items-archive-zeroes-price': {
    clause: 'ITEM-ARCHIVE-ONLY-STATUS',
    description:
      'PATCH /items runs the discontinue routine, which also zeroes the price per unit in the details of every item it archives.',
    technique: { name: 'frame-condition', resource: 'items' },
    overlay: wrapRoute('PATCH', '/items', (next) => async (ctx) => {
      const reply = await next(ctx);
      if (isSuccess(reply)) for (const item of itemsToArchive(ctx).items) (item.details as Json).pricePerUnit = 0;
      return reply;
    }),
  },
  'customers-archive-drops-phones': {
    clause: 'CUSTOMER-ARCHIVE-ONLY-STATUS',
    description:
      'PATCH /customers also removes the phone numbers of every customer it archives (to stop text reminders).',
    technique: { name: 'frame-condition', resource: 'customers' },
    overlay: wrapRoute('PATCH', '/customers', (next) => async (ctx) => {
      const reply = await next(ctx);
      if (isSuccess(reply)) for (const c of customersToArchive(ctx)) c.phones = [];
      return reply;
    }),
  },
  'customers-update-reactivates': {
    clause: 'CUSTOMER-UPDATE-PARTIAL',
    description:
      'PUT /customers writes status Active on every customer it updates whose status was not sent: an archived customer comes back.',
    technique: { name: 'frame-condition', resource: 'customers' },
    overlay: wrapRoute('PUT', '/customers', (next) => async (ctx) => {
      const reply = await next(ctx);
      if (!isSuccess(reply)) return reply;
      const { targets, inputs } = customerUpdates(ctx);
      targets.forEach((c, i) => inputs[i]!.fields.status === undefined && (c.status = 'Active'));
      return reply;
    }),
  },
  'inventory-update-resets-location': {
    clause: 'INVENTORY-UPDATE-ONLY-NAMED',
    description:
      'PUT /inventoryLevels takes its entries as the whole stock of each location named: every other stocked item there is set to zero.',
    technique: { name: 'frame-condition', resource: 'inventoryLevels' },
    overlay: wrapRoute('PUT', '/inventoryLevels', (next) => async (ctx) => {
      const reply = await next(ctx);
      if (!isSuccess(reply)) return reply;
      const sent = storedEntries(reply);
      const company = companyOf(ctx);
      for (const locationId of new Set(sent.map((l) => l.locationId))) {
        for (const item of company.items.values()) {
          if (!isStockedItem(item) || sent.some((l) => l.itemId === item.itemId && l.locationId === locationId))
            continue;
          setLevel(ctx, item.itemId, locationId, (l) => ({ ...l, quantityOnHand: 0, updatedDate: ctx.store.now() }));
        }
      }
      return reply;
    }),
  },
  'inventory-update-every-location': {
    clause: 'INVENTORY-UPDATE-ONLY-NAMED',
    description:
      "PUT /inventoryLevels checks each entry's locationId but writes the quantity at every location of the item.",
    technique: { name: 'frame-condition', resource: 'inventoryLevels' },
    overlay: wrapRoute('PUT', '/inventoryLevels', (next) => async (ctx) => {
      const reply = await next(ctx);
      if (!isSuccess(reply)) return reply;
      for (const entry of storedEntries(reply)) {
        for (const { locationId } of companyOf(ctx).locations) {
          if (locationId !== entry.locationId)
            setLevel(ctx, entry.itemId, locationId, (l) => ({
              ...l,
              quantityOnHand: entry.quantityOnHand,
              updatedDate: entry.updatedDate,
            }));
        }
      }
      return reply;
    }),
  },
  // ── read-after-transition: an archived record that no longer reads by id ────────────────
  'vehicles-get-hides-archived': {
    clause: 'VEHICLE-ARCHIVE-INACTIVE',
    description:
      'GET /vehicles/{id} selects active vehicles only: an archived vehicle answers 404 by id, though the list still shows it.',
    technique: { name: 'read-after-transition', resource: 'vehicles' },
    overlay: hidingInactive(
      '/vehicles/:vehicleId',
      (body) => body.results.content[0]?.vehicleStatus === 'Inactive',
      'vehicle',
    ),
  },
  'items-get-hides-archived': {
    clause: 'ITEM-ARCHIVE-INACTIVE',
    description: 'GET /items/{itemId} selects active items only: an archived item answers 404 by id.',
    technique: { name: 'read-after-transition', resource: 'items' },
    overlay: hidingInactive('/items/:itemId', (body) => body.status === 'Inactive', 'item'),
  },
  'customers-get-hides-archived': {
    clause: 'CUSTOMER-ARCHIVE-INACTIVE',
    description:
      'GET /customers/{id} selects active customers only: an archived customer answers 404 by id, though the list still shows it.',
    technique: { name: 'read-after-transition', resource: 'customers' },
    overlay: hidingInactive(
      '/customers/:customerId',
      (body) => body.results.content[0]?.status === 'Inactive',
      'customer',
    ),
  },
} as const satisfies Record<string, FaultDef>;
