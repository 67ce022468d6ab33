import { bulkArray, companyOf, isObject } from '../context.js';
import type { VehicleRecord } from '../model.js';
import { replaceRoute, wrapRoute } from '../overlay.js';
import { idField } from '../resources/fields.js';
import { createItems, detailsReaders, type DetailsReader } from '../resources/items.js';
import { writeReply } from '../resources/results-envelope.js';
import { existingVehicles, vehiclesArchivedReply } from '../resources/vehicles.js';
import { editReply, editRequest, isSuccess, withBody, type Json } from './edit.js';
import type { FaultDef } from './fault.js';

/**
 * Faults of the techniques every-position, required-field and boundary (contract/techniques.ts):
 * a rule kept where a casual test looks (the first entry of a bulk, a field present, a value not
 * zero, a list not empty) and broken just beside it.
 */

const noDetails: DetailsReader = () => ({});
const uncreatable = ['labor', 'discount', 'fee'];
/** POST /items that creates any type of item: what the bulk after its first entry meets below. */
const anyTypeCreate = createItems({ ...detailsReaders, labor: noDetails, discount: noDetails, fee: noDetails });
const itemsOf = (body: unknown): unknown[] => (isObject(body) && Array.isArray(body.items) ? body.items : []);

/** The entries of a body array after the first, edited; the first one is left as sent. */
const afterFirst = (list: unknown, edit: (entry: Json) => Json): unknown =>
  Array.isArray(list) ? list.map((e, i) => (i === 0 || !isObject(e) ? e : edit(e))) : list;

export const positionFaults = {
  // ── every position ───────────────────────────────────────────────────────────────────
  'items-type-checked-on-first-entry-only': {
    clause: 'ITEM-CREATE-ONLY-PART-TIRE',
    description:
      'POST /items checks the type of the first entry only: a labor, discount or fee item later in the array is created.',
    technique: { name: 'every-position', resource: 'items' },
    overlay: wrapRoute('POST', '/items', (next) => async (ctx) => {
      const [first] = itemsOf(ctx.body);
      return isObject(first) && uncreatable.includes(String(first.itemType)) ? next(ctx) : anyTypeCreate(ctx);
    }),
  },
  'vehicles-archive-ids-checked-on-first-entry-only': {
    clause: 'VEHICLE-ARCHIVE-NEEDS-IDS',
    description:
      'PATCH /vehicles checks vehicleId and customerId on the first entry only: a later entry without customerId is archived, one without vehicleId skipped.',
    technique: { name: 'every-position', resource: 'vehicles' },
    overlay: replaceRoute('PATCH', '/vehicles', (ctx) => {
      const company = companyOf(ctx);
      const [first, ...rest] = bulkArray(ctx, 'vehicles');
      idField(first!, 'customerId', 'vehicles[0]');
      const named = [first!, ...rest.filter((e) => typeof e.vehicleId === 'string' && e.vehicleId !== '')];
      const vehicles = existingVehicles(company, named);
      const now = ctx.store.now();
      for (const v of vehicles) Object.assign(v, { vehicleStatus: 'Inactive', updatedDate: now });
      return vehiclesArchivedReply(vehicles);
    }),
  },
  'appt-service-id-checked-on-first-service-only': {
    clause: 'APPT-REJECT-SERVICE-ID',
    description:
      'POST /appointmentRequests/create refuses serviceId in the first service only; later services are stored without it.',
    technique: { name: 'every-position', resource: 'appointmentRequests' },
    overlay: editRequest('POST', '/appointmentRequests/create', (ctx) =>
      withBody(ctx, (b) => ({
        ...b,
        services: afterFirst(b.services, ({ serviceId: _dropped, ...service }) => service),
      })),
    ),
  },

  // ── required fields ──────────────────────────────────────────────────────────────────
  'vehicles-create-customer-optional': {
    clause: 'VEHICLE-CREATE-NEEDS-CUSTOMER',
    description: 'POST /vehicles accepts a vehicle without customerId and stores it without an owner.',
    technique: { name: 'required-field', resource: 'vehicles' },
    overlay: wrapRoute('POST', '/vehicles', (next) => async (ctx) => {
      const body = ctx.body;
      const entries: unknown[] = isObject(body) && Array.isArray(body.vehicles) ? body.vehicles : [];
      const ownerless = entries.flatMap((e, i) => (isObject(e) && e.customerId === undefined ? [i] : []));
      const company = ownerless.length ? companyOf(ctx) : undefined;
      const stand = company ? [...company.customers.keys()][0] : undefined;
      if (!company || !stand) return next(ctx);
      // Any customer passes the reference's checks; the owner is then wiped, as if never required.
      const reply = await next(
        withBody(ctx, (b) => ({
          ...b,
          vehicles: entries.map((e, i) => (ownerless.includes(i) ? { ...(e as Json), customerId: stand } : e)),
        })),
      );
      if (!isSuccess(reply)) return reply;
      const created = (reply.body as Json).data.vehicles as VehicleRecord[];
      for (const i of ownerless) {
        company.vehicles.get(created[i]!.vehicleId)!.customerId = '';
        created[i] = { ...created[i]!, customerId: '' };
      }
      return reply;
    }),
  },
  'items-type-defaults-to-part': {
    clause: 'ITEM-CREATE-NEEDS-TYPE',
    description: 'POST /items takes an entry without itemType for a part.',
    technique: { name: 'required-field', resource: 'items' },
    overlay: editRequest('POST', '/items', (ctx) =>
      withBody(ctx, (b) => ({
        ...b,
        items: Array.isArray(b.items)
          ? b.items.map((e: unknown) => (isObject(e) && e.itemType === undefined ? { ...e, itemType: 'part' } : e))
          : b.items,
      })),
    ),
  },

  // ── boundaries and empties ───────────────────────────────────────────────────────────
  'inventory-zero-quantity-skipped': {
    clause: 'INVENTORY-UPDATE-VISIBLE',
    description: 'PUT /inventoryLevels skips an entry whose quantity is 0 (a falsy check) but reports it updated.',
    technique: { name: 'boundary', resource: 'inventoryLevels' },
    overlay: wrapRoute('PUT', '/inventoryLevels', (next) => async (ctx) => {
      const body = ctx.body;
      const entries: unknown[] = isObject(body) && Array.isArray(body.inventoryLevels) ? body.inventoryLevels : [];
      const kept = entries.filter((e) => !isObject(e) || e.quantityOnHand !== 0);
      if (kept.length === entries.length) return next(ctx);
      if (kept.length) return next(withBody(ctx, (b) => ({ ...b, inventoryLevels: kept })));
      companyOf(ctx);
      return writeReply(`${entries.length} inventory level(s) updated`, { inventoryLevels: entries });
    }),
  },
  'po-empty-list-data-null': {
    clause: 'PO-LIST-ENVELOPE',
    description: 'GET /purchaseOrders answers data: null instead of an empty array when no order matches.',
    technique: { name: 'boundary', resource: 'purchaseOrders' },
    overlay: editReply('GET', '/purchaseOrders', (body) =>
      Array.isArray(body.data) && body.data.length === 0 ? { ...body, data: null } : body,
    ),
  },
  'vehicles-empty-list-content-null': {
    clause: 'VEHICLE-LIST-ENVELOPE',
    description: 'GET /vehicles answers results.content null when no vehicle matches.',
    technique: { name: 'boundary', resource: 'vehicles' },
    overlay: editReply('GET', '/vehicles', (body) =>
      body.results?.content?.length === 0 ? { ...body, results: { ...body.results, content: null } } : body,
    ),
  },
  'vehicles-update-empty-string-ignored': {
    clause: 'VEHICLE-UPDATE-PARTIAL',
    description:
      'PUT /vehicles takes a field sent as the empty string for a field not sent: an image emptied keeps its old URL.',
    technique: { name: 'boundary', resource: 'vehicles' },
    overlay: editRequest('PUT', '/vehicles', (ctx) =>
      withBody(ctx, (b) => ({
        ...b,
        vehicles: Array.isArray(b.vehicles)
          ? b.vehicles.map((e: unknown) =>
              isObject(e) ? Object.fromEntries(Object.entries(e).filter(([, v]) => v !== '')) : e,
            )
          : b.vehicles,
      })),
    ),
  },
  'items-empty-page-content-null': {
    clause: 'ITEM-LIST-PAGE-OBJECT',
    description: 'GET /items answers content: null in the page object when no item matches.',
    technique: { name: 'boundary', resource: 'items' },
    overlay: editReply('GET', '/items', (page) =>
      Array.isArray(page.content) && page.content.length === 0 ? { ...page, content: null } : page,
    ),
  },
  'items-full-last-page-not-last': {
    clause: 'ITEM-PAGE-CONSISTENT',
    description:
      'The items page object derives last from a short page: a last page that is exactly full reports last=false.',
    technique: { name: 'boundary', resource: 'items' },
    overlay: editReply('GET', '/items', (page) => ({ ...page, last: page.content.length < page.size })),
  },
} as const satisfies Record<string, FaultDef>;
