import { statedFields, type StatedKind, type StatedType } from '../../../contract/stated-fields.js';
import { editReply, type Json } from '../edit.js';
import { generated, type JudgedRoute, type OperatorOutput, type Unreached } from './operator.js';
import { copy, objectsWhere } from './records.js';

/**
 * Operator `type`: each field whose JSON type §2 states (contract/stated-fields.ts) answered as
 * another JSON type, on each route that returns it, one fault per field and route. The other type is
 * the one a backend most often slips into for that stated type.
 */
const swaps: Record<StatedType, { to: string; swap: (v: Json) => Json }> = {
  integer: { to: 'its decimal string', swap: (v) => String(v) },
  number: { to: 'its numeric string', swap: (v) => String(v) },
  boolean: { to: '1 or 0', swap: (v) => (v ? 1 : 0) },
  string: {
    to: 'a number',
    swap: (v) => (typeof v === 'string' && v.trim() !== '' && !Number.isNaN(Number(v)) ? Number(v) : String(v).length),
  },
  object: { to: 'an array', swap: (v) => (v && typeof v === 'object' ? Object.values(v) : []) },
  array: { to: 'an object keyed by index', swap: (v) => (Array.isArray(v) ? { ...v } : {}) },
  'string|null': { to: '"" where it is null (unset)', swap: (v) => (v === null ? '' : v) },
  null: { to: '"" instead of null', swap: (v) => (v === null ? '' : v) },
};

/** Where each kind's records sit in an answer, and how nested kinds hang off their parent. */
const recordsOf: Record<StatedKind, (body: Json) => Record<string, Json>[]> = {
  vehicle: (b) => objectsWhere(b, (o) => 'vehicleId' in o),
  vehicleTag: (b) => recordsOf.vehicle(b).flatMap((v) => (Array.isArray(v.tags) ? v.tags : [])),
  item: (b) => objectsWhere(b, (o) => 'itemId' in o && 'itemType' in o),
  partDetails: (b) => recordsOf.item(b).flatMap((i) => (i.itemType === 'part' && i.details ? [i.details] : [])),
  tireDetails: (b) => recordsOf.item(b).flatMap((i) => (i.itemType === 'tire' && i.details ? [i.details] : [])),
  purchaseOrder: (b) => objectsWhere(b, (o) => 'orderItems' in o && 'source' in o),
  poLine: (b) => recordsOf.purchaseOrder(b).flatMap((p) => (Array.isArray(p.orderItems) ? p.orderItems : [])),
};

const vehicleRoutes: JudgedRoute[] = [
  { name: 'list', method: 'GET', path: '/vehicles', clause: 'VEHICLE-LIST-ENVELOPE' },
  { name: 'get', method: 'GET', path: '/vehicles/:vehicleId', clause: 'VEHICLE-GET-ENVELOPE' },
  { name: 'create', method: 'POST', path: '/vehicles', clause: 'VEHICLE-CREATE-ENVELOPE' },
  { name: 'update', method: 'PUT', path: '/vehicles', clause: 'VEHICLE-UPDATE-ENVELOPE' },
];
const itemList: JudgedRoute = { name: 'list', method: 'GET', path: '/items', clause: 'ITEM-LIST-PAGE-OBJECT' };
const poList = { name: 'list', method: 'GET', path: '/purchaseOrders' } as const;
const poGet = { name: 'get', method: 'GET', path: '/purchaseOrders/:id' } as const;

/** The routes answering each kind's records, with the clause judging the field there (§2.7, §4). */
const routesOf: Record<StatedKind, (field: string) => JudgedRoute[]> = {
  vehicle: () => vehicleRoutes,
  vehicleTag: () => vehicleRoutes,
  item: () => [
    itemList,
    { name: 'get', method: 'GET', path: '/items/:itemId', clause: 'ITEM-GET-BARE' },
    { name: 'create', method: 'POST', path: '/items', clause: 'ITEM-CREATE-ENVELOPE' },
  ],
  partDetails: () => [
    itemList,
    { name: 'get', method: 'GET', path: '/items/:itemId', clause: 'ITEM-DETAILS-MATCH-TYPE' },
  ],
  tireDetails: () => [
    itemList,
    { name: 'get', method: 'GET', path: '/items/:itemId', clause: 'ITEM-DETAILS-MATCH-TYPE' },
  ],
  purchaseOrder: (f) => {
    const clause =
      f === 'orderItems' ? 'PO-ORDER-ITEMS-ARRAY' : f.endsWith('Date') ? 'PO-DATES-ISO' : 'PO-SOURCE-VALUES';
    // PO-ORDER-ITEMS-ARRAY judges reads by id; a listed order's orderItems is the list envelope's (§2.6, §2.7).
    return [
      { ...poList, clause: f === 'orderItems' ? 'PO-LIST-ENVELOPE' : clause },
      { ...poGet, clause },
    ];
  },
  poLine: (f) => {
    const clause = f === 'brand' ? 'PO-LINE-BRAND' : 'PO-LINE-RESERVED-NULL';
    return [
      { ...poList, clause },
      { ...poGet, clause },
    ];
  },
};

/** Fields the operator leaves to another: identifiers are the identifier operator's, companyId the tenancy checks'. */
const leftOut: Partial<Record<StatedKind, Record<string, string>>> = {
  vehicle: {
    vehicleId: 'an identifier: the identifier operator renames it; a number for it is silences S-ID-json-type-drift',
    customerId: 'an identifier (owner): the identifier operator and VEHICLE-CREATE-OWNER cover it',
  },
  item: {
    itemId: 'an identifier: the identifier operator renames it',
    companyId: 'the tenancy field: ITEM-COMPANY-MATCHES and the tenancy checks cover it',
  },
};

/** Purchase orders: few fields, each judged by its own clause, so every field on every route. */
const perField = new Set<StatedKind>(['purchaseOrder', 'poLine']);

/** The first field of a kind's table with a stated type, the one that stands for the type off the get route. */
const firstOfType = (kind: StatedKind, type: StatedType) =>
  (Object.entries(statedFields[kind].fields) as [string, StatedType][]).find(
    ([f, t]) => t === type && !leftOut[kind]?.[f],
  )?.[0];

export function typeOperator(): OperatorOutput {
  const out: OperatorOutput = { faults: [], unreached: [] as Unreached[] };
  for (const kind of Object.keys(statedFields) as StatedKind[]) {
    const table = statedFields[kind];
    for (const [field, type] of Object.entries(table.fields) as [string, StatedType][]) {
      const why = leftOut[kind]?.[field];
      if (why) {
        out.unreached.push({ operator: 'type', target: `${kind}.${field}`, why });
        continue;
      }
      for (const route of routesOf[kind](field))
        if (route.name !== 'get' && !perField.has(kind) && firstOfType(kind, type) !== field)
          out.unreached.push({
            operator: 'type',
            target: `${kind}.${field}@${route.name}`,
            why: `stands with ${kind}.${firstOfType(kind, type)}@${route.name}: one field per stated type off the get route`,
          });
      const { to, swap } = swaps[type];
      // Every field on the route that answers the whole record; one field per stated type elsewhere
      // (the judge reads every route's records by the same table, so one field per type proves the route).
      for (const route of routesOf[kind](field).filter(
        (r) => r.name === 'get' || perField.has(kind) || firstOfType(kind, type) === field,
      )) {
        out.faults.push(
          generated(
            'type',
            `${kind}.${field}@${route.name}`,
            route.clause,
            `${route.method} ${route.path} answers ${kind}.${field} (${table.section}: ${type}) as ${to}.`,
            editReply(route.method, route.path, (body) => {
              const b = copy(body);
              for (const r of recordsOf[kind](b)) if (r[field] !== undefined) r[field] = swap(r[field]);
              return b;
            }),
          ),
        );
      }
    }
  }
  return out;
}
