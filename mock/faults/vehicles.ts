import { bulkArray, companyOf, isObject } from '../context.js';
import { notFound } from '../http.js';
import type { VehicleRecord } from '../model.js';
import { replaceRoute, wrapRoute, type RouteOverlay } from '../overlay.js';
import { dateParam, pageRequest, slice, type PageRequest } from '../query.js';
import {
  blankVehicle,
  existingVehicles,
  vehicleFilter,
  vehicleListReply,
  vehicleOrder,
  vehicleReply,
  vehiclesArchivedReply,
  vehiclesToArchive,
  vehiclesUpdatedReply,
  vehicleUpdates,
} from '../resources/vehicles.js';
import type { RequestContext } from '../types.js';
import {
  acrossCompanies,
  editReply,
  editRequest,
  findInAnyCompany,
  isSuccess,
  withoutQuery,
  withQuery,
  type Json,
} from './edit.js';
import type { FaultDef } from './fault.js';

/** A serialiser regression: every full vehicle record in an answer (create, update, list, get) goes through `edit`. */
function everyVehicleShown(edit: (v: VehicleRecord) => VehicleRecord): RouteOverlay[] {
  return [
    editReply(['POST', 'PUT'], '/vehicles', (body) => ({
      ...body,
      data: { ...body.data, vehicles: body.data.vehicles.map(edit) },
    })),
    editReply('GET', ['/vehicles', '/vehicles/:vehicleId'], (body) => ({
      ...body,
      results: { ...body.results, content: body.results.content.map(edit) },
    })),
  ];
}

/** A read serialiser regression: every vehicle record that GET /vehicles and GET /vehicles/{id} answer goes through `edit`. */
function everyVehicleRead(edit: (v: VehicleRecord) => Json): RouteOverlay {
  return editReply('GET', ['/vehicles', '/vehicles/:vehicleId'], (body) => ({
    ...body,
    results: { ...body.results, content: body.results.content.map(edit) },
  }));
}

/** GET /vehicles over the given records, with the reference filter and order; `pageOf` cuts the page. */
function listOf(
  ctx: RequestContext,
  records: VehicleRecord[],
  pageOf: (all: VehicleRecord[], p: PageRequest) => VehicleRecord[] = slice,
) {
  const keep = vehicleFilter(ctx.query);
  const order = vehicleOrder(ctx.query);
  const page = pageRequest(ctx.query);
  const matching = records.filter(keep).sort(order);
  return vehicleListReply(matching, pageOf(matching, page), page);
}

/** Vehicle faults (§2.1, §3, §4.1) and the vehicles' tenancy faults. */
export const vehicleFaults = {
  'vehicles-create-data-array': {
    clause: 'VEHICLE-CREATE-ENVELOPE',
    description: 'POST /vehicles returns the created vehicles as a bare array in data instead of an object.',
    overlay: editReply('POST', '/vehicles', (body) => ({ ...body, data: body.data.vehicles })),
  },
  'vehicles-create-drops-customer': {
    clause: 'VEHICLE-CREATE-OWNER',
    description: 'POST /vehicles validates customerId but never stores it: the vehicle has no owner.',
    overlay: editReply('POST', '/vehicles', (body, ctx) => {
      const vehicles = (body.data.vehicles as VehicleRecord[]).map((v) => {
        ctx.store.company(v.companyId)!.vehicles.get(v.vehicleId)!.customerId = '';
        return { ...v, customerId: '' };
      });
      return { ...body, data: { ...body.data, vehicles } };
    }),
  },
  'vehicles-list-results-array': {
    clause: 'VEHICLE-LIST-ENVELOPE',
    description: 'GET /vehicles puts the records straight into results (an array) and drops pagination.',
    overlay: editReply('GET', '/vehicles', ({ message, results }) => ({ message, results: results.content })),
  },
  'vehicles-get-content-missing': {
    clause: 'VEHICLE-GET-ENVELOPE',
    description: 'GET /vehicles/{id} spreads the vehicle into results, without the content key.',
    overlay: editReply('GET', '/vehicles/:vehicleId', (body) => ({
      ...body,
      results: { ...body.results.content[0], pagination: body.results.pagination },
    })),
  },
  // §2.7 types content as an array for get-by-id too (S-2.7-get-by-id-envelope, corrected 2026-12-02).
  'vehicles-get-content-object': {
    clause: 'VEHICLE-GET-ENVELOPE',
    description: 'GET /vehicles/{id} answers the vehicle itself as results.content, not an array holding it.',
    overlay: editReply('GET', '/vehicles/:vehicleId', (body) => ({
      ...body,
      results: { ...body.results, content: body.results.content[0] },
    })),
  },
  'vehicles-update-no-message': {
    clause: 'VEHICLE-UPDATE-ENVELOPE',
    description: 'PUT /vehicles answers { success, data } without message.',
    overlay: editReply('PUT', '/vehicles', ({ message: _dropped, ...rest }) => rest),
  },
  'vehicles-create-first-only': {
    clause: 'VEHICLE-CREATE-BULK',
    description: 'POST /vehicles stores only the first vehicle of the array but reports them all as created.',
    overlay: editReply('POST', '/vehicles', (body, ctx) => {
      for (const v of (body.data.vehicles as VehicleRecord[]).slice(1))
        ctx.store.company(v.companyId)!.vehicles.delete(v.vehicleId);
      return body;
    }),
  },
  // An empty imgUrl read as null is a choice (S-2.1-imgUrl): not a fault.
  'vehicles-mileage-unit-defaulted': {
    clause: 'VEHICLE-CREATE-ROUNDTRIP',
    description:
      'The read serialiser maps mileageUnit through a lookup that knows only "miles": every vehicle reads back in miles (list and get).',
    overlay: everyVehicleRead((v) => (v.mileageUnit ? { ...v, mileageUnit: 'miles' } : v)),
  },
  'vehicles-update-first-only': {
    clause: 'VEHICLE-UPDATE-PARTIAL',
    description: 'PUT /vehicles validates every entry but applies only the first one.',
    overlay: replaceRoute('PUT', '/vehicles', (ctx) => {
      const { targets, changes } = vehicleUpdates(ctx);
      Object.assign(targets[0]!, changes[0], { updatedDate: ctx.store.now() });
      return vehiclesUpdatedReply(targets);
    }),
  },
  'vehicles-update-without-id-ignored': {
    clause: 'VEHICLE-UPDATE-NEEDS-ID',
    description:
      'PUT /vehicles silently skips entries without vehicleId; a body of only such entries answers success with nothing updated.',
    overlay: wrapRoute('PUT', '/vehicles', (next) => async (ctx) => {
      const body = ctx.body;
      if (!isObject(body) || !Array.isArray(body.vehicles)) return next(ctx);
      const withId = body.vehicles.filter((e: unknown) => !isObject(e) || e.vehicleId !== undefined);
      if (withId.length === body.vehicles.length) return next(ctx);
      if (withId.length > 0) return next({ ...ctx, body: { ...body, vehicles: withId } });
      bulkArray(ctx, 'vehicles');
      companyOf(ctx);
      return vehiclesUpdatedReply([]);
    }),
  },
  'vehicles-update-resets-unsent': {
    clause: 'VEHICLE-UPDATE-PARTIAL',
    description: 'PUT /vehicles maps the body onto a fresh entity, so every field not sent is reset to empty.',
    overlay: replaceRoute('PUT', '/vehicles', (ctx) => {
      const { targets, changes } = vehicleUpdates(ctx);
      const now = ctx.store.now();
      targets.forEach((v, i) =>
        Object.assign(v, blankVehicle(v.customerId), { vehicleStatus: v.vehicleStatus }, changes[i], {
          updatedDate: now,
        }),
      );
      return vehiclesUpdatedReply(targets);
    }),
  },
  'vehicles-archive-no-content': {
    clause: 'VEHICLE-ARCHIVE-ENVELOPE',
    description: 'PATCH /vehicles archives correctly but answers 204 with no body.',
    overlay: wrapRoute('PATCH', '/vehicles', (next) => async (ctx) => {
      const reply = await next(ctx);
      return isSuccess(reply) ? { status: 204 } : reply;
    }),
  },
  'vehicles-archive-deletes': {
    clause: 'VEHICLE-ARCHIVE-INACTIVE',
    description: 'PATCH /vehicles deletes the vehicles instead of setting vehicleStatus Inactive.',
    overlay: replaceRoute('PATCH', '/vehicles', (ctx) => {
      const { company, vehicles } = vehiclesToArchive(ctx);
      for (const v of vehicles) company.vehicles.delete(v.vehicleId);
      return vehiclesArchivedReply(vehicles);
    }),
  },
  'vehicles-archive-does-nothing': {
    clause: 'VEHICLE-ARCHIVE-INACTIVE',
    description: 'PATCH /vehicles answers success but leaves vehicleStatus unchanged.',
    overlay: replaceRoute('PATCH', '/vehicles', (ctx) => vehiclesArchivedReply(vehiclesToArchive(ctx).vehicles)),
  },
  'vehicles-archive-first-only': {
    clause: 'VEHICLE-ARCHIVE-INACTIVE',
    description: 'PATCH /vehicles validates every entry but archives only the first one.',
    overlay: replaceRoute('PATCH', '/vehicles', (ctx) => {
      const { vehicles } = vehiclesToArchive(ctx);
      Object.assign(vehicles[0]!, { vehicleStatus: 'Inactive', updatedDate: ctx.store.now() });
      return vehiclesArchivedReply(vehicles);
    }),
  },
  'vehicles-archive-toggles': {
    clause: 'VEHICLE-ARCHIVE-INACTIVE',
    description:
      'PATCH /vehicles toggles vehicleStatus: archiving a vehicle that is already Inactive makes it Active again.',
    overlay: replaceRoute('PATCH', '/vehicles', (ctx) => {
      const { vehicles } = vehiclesToArchive(ctx);
      const now = ctx.store.now();
      for (const v of vehicles)
        Object.assign(v, { vehicleStatus: v.vehicleStatus === 'Inactive' ? 'Active' : 'Inactive', updatedDate: now });
      return vehiclesArchivedReply(vehicles);
    }),
  },
  'vehicles-archive-customer-not-required': {
    clause: 'VEHICLE-ARCHIVE-NEEDS-IDS',
    description:
      'PATCH /vehicles no longer validates customerId: an entry without it archives by vehicleId alone (vehicleId is still required).',
    overlay: replaceRoute('PATCH', '/vehicles', (ctx) => {
      const company = companyOf(ctx);
      const vehicles = existingVehicles(company, bulkArray(ctx, 'vehicles'));
      const now = ctx.store.now();
      for (const v of vehicles) Object.assign(v, { vehicleStatus: 'Inactive', updatedDate: now });
      return vehiclesArchivedReply(vehicles);
    }),
  },
  'vehicles-filter-customer-ignored': {
    clause: 'VEHICLE-FILTER-CUSTOMER',
    description: 'GET /vehicles ignores customerId and lists every vehicle of the company.',
    overlay: editRequest('GET', '/vehicles', (ctx) => withoutQuery(ctx, 'customerId')),
  },
  'vehicles-search-ignored': {
    clause: 'VEHICLE-FILTER-SEARCH',
    description: 'GET /vehicles drops the search parameter: every vehicle matches.',
    overlay: editRequest('GET', '/vehicles', (ctx) => withoutQuery(ctx, 'search')),
  },
  'vehicles-updated-filter-ignored': {
    clause: 'VEHICLE-FILTER-UPDATED',
    description: 'GET /vehicles ignores updatedDateStart and updatedDateEnd.',
    // Still parsed (a bad date is still a 400), then never applied.
    overlay: editRequest('GET', '/vehicles', (ctx) => {
      dateParam(ctx.query, 'updatedDateStart');
      dateParam(ctx.query, 'updatedDateEnd');
      return withoutQuery(ctx, 'updatedDateStart', 'updatedDateEnd');
    }),
  },
  'vehicles-sort-asc-descending': {
    clause: 'VEHICLE-SORT',
    description: 'GET /vehicles with sortDirection=ASC sorts descending (inverted comparator).',
    overlay: editRequest('GET', '/vehicles', (ctx) =>
      withQuery(ctx, (q) => {
        if ((q.get('sortDirection') || 'ASC').toUpperCase() === 'ASC') q.set('sortDirection', 'DESC');
      }),
    ),
  },
  'vehicles-page-overlap': {
    clause: 'VEHICLE-PAGING',
    description:
      'GET /vehicles starts page 2 and later one record early, repeating the last record of the page before.',
    overlay: replaceRoute('GET', '/vehicles', (ctx) =>
      listOf(ctx, [...companyOf(ctx).vehicles.values()], (all, p) => {
        const start = (p.page - 1) * p.size - (p.page > 1 ? 1 : 0);
        return all.slice(start, start + p.size);
      }),
    ),
  },
  'vehicles-tag-color-hash': {
    clause: 'VEHICLE-TAG-COLOR',
    description: 'Vehicle tag colors are returned in CSS form, with a leading #.',
    overlay: everyVehicleShown((v) => ({ ...v, tags: v.tags.map((t) => ({ ...t, color: `#${t.color}` })) })),
  },
  'vehicles-mileage-unit-lowercased': {
    clause: 'VEHICLE-MILEAGE-UNIT',
    description: 'mileageUnit is returned lowercased (miles, km) instead of as sent.',
    overlay: everyVehicleShown((v) => ({ ...v, mileageUnit: v.mileageUnit.toLowerCase() })),
  },
  'tenant-vehicles-list-all-companies': {
    clause: 'TENANT-LIST-ISOLATION',
    description: 'GET /vehicles lists the vehicles of every company, ignoring companyId.',
    overlay: replaceRoute('GET', '/vehicles', (ctx) => {
      companyOf(ctx);
      return listOf(
        ctx,
        acrossCompanies(ctx.store, (c) => c.vehicles),
      );
    }),
  },
  'tenant-vehicles-get-any-company': {
    clause: 'TENANT-GET-ISOLATION',
    description: 'GET /vehicles/{id} finds a vehicle of any company, not only the one asked for.',
    overlay: replaceRoute('GET', '/vehicles/:vehicleId', (ctx) => {
      companyOf(ctx);
      return vehicleReply(
        findInAnyCompany(ctx.store, (c) => c.vehicles, ctx.params.vehicleId!) ?? notFound('vehicle not found'),
      );
    }),
  },
} as const satisfies Record<string, FaultDef>;
