import type { ClauseId } from '../../../contract/clauses.js';
import { editRequest, withBody, type Json } from '../edit.js';
import { generated, type OperatorOutput } from './operator.js';

/**
 * Operator `bulk` over the bulk writes of §4 ("bulk bodies carry companyId and an array"): each
 * applying only its first or only its last entry, giving every entry one entry's value of a field,
 * or keying its entries so that two sharing a key collapse into the last.
 */
const writes: {
  name: string;
  method: 'POST' | 'PUT' | 'PATCH';
  path: string;
  clause: ClauseId;
  /** Fields whose first value spread to every entry breaks a stated rule, with the clause judging it. */
  spread?: Record<string, ClauseId>;
  /** The key entries are wrongly merged by. */
  keyedBy?: string;
}[] = [
  {
    name: 'vehicles.create',
    method: 'POST',
    path: '/vehicles',
    clause: 'VEHICLE-CREATE-BULK',
    spread: { customerId: 'VEHICLE-CREATE-OWNER', year: 'VEHICLE-CREATE-ROUNDTRIP', make: 'VEHICLE-CREATE-ROUNDTRIP' },
    keyedBy: 'customerId',
  },
  { name: 'vehicles.update', method: 'PUT', path: '/vehicles', clause: 'VEHICLE-UPDATE-PARTIAL' },
  { name: 'vehicles.archive', method: 'PATCH', path: '/vehicles', clause: 'VEHICLE-ARCHIVE-INACTIVE' },
  {
    name: 'items.create',
    method: 'POST',
    path: '/items',
    clause: 'ITEM-CREATE-BULK',
    spread: { itemName: 'ITEM-CREATE-ROUNDTRIP', taxable: 'ITEM-CREATE-ROUNDTRIP' },
    keyedBy: 'itemType',
  },
  { name: 'items.archive', method: 'PATCH', path: '/items', clause: 'ITEM-ARCHIVE-INACTIVE' },
  { name: 'customers.create', method: 'POST', path: '/customers', clause: 'CUSTOMER-CREATE-BULK' },
  { name: 'customers.update', method: 'PUT', path: '/customers', clause: 'CUSTOMER-UPDATE-PARTIAL' },
  { name: 'customers.archive', method: 'PATCH', path: '/customers', clause: 'CUSTOMER-ARCHIVE-INACTIVE' },
  {
    name: 'inventoryLevels.update',
    method: 'PUT',
    path: '/inventoryLevels',
    clause: 'INVENTORY-UPDATE-VISIBLE',
    spread: { quantityOnHand: 'INVENTORY-UPDATE-VISIBLE' },
    keyedBy: 'itemId',
  },
];

/** The body with its entry array (the first array of objects: its name is not shown for every resource) changed. */
const withEntries = (edit: (entries: Json[]) => Json[]) => (body: Record<string, Json>) => {
  const key = Object.keys(body).find(
    (k) => Array.isArray(body[k]) && body[k].some((x: Json) => x && typeof x === 'object'),
  );
  return key ? { ...body, [key]: edit(body[key]) } : body;
};

export function bulkOperator(): OperatorOutput {
  const out: OperatorOutput = { faults: [], unreached: [] };
  for (const w of writes) {
    const fault = (variant: string, clause: ClauseId, description: string, edit: (entries: Json[]) => Json[]) =>
      out.faults.push(
        generated(
          'bulk',
          `${w.name}:${variant}`,
          clause,
          `${w.method} ${w.path} ${description}`,
          editRequest(w.method, w.path, (ctx) => withBody(ctx, withEntries(edit))),
        ),
      );
    fault('first-only', w.clause, 'applies only the first entry of its array.', (e) => e.slice(0, 1));
    fault('last-only', w.clause, 'applies only the last entry of its array.', (e) => e.slice(-1));
    for (const [field, clause] of Object.entries(w.spread ?? {}))
      fault(`spread-${field}`, clause, `gives every entry the first entry's ${field}.`, (e) =>
        e.map((x) =>
          x && typeof x === 'object' && field in x && e[0] && field in e[0] ? { ...x, [field]: e[0][field] } : x,
        ),
      );
    if (w.keyedBy) {
      const key = w.keyedBy;
      fault(
        `keyed-by-${key}`,
        w.clause,
        `keys its entries by ${key}, so entries sharing one collapse into the last.`,
        (e) => [
          ...new Map(
            e.map((x, i) => [x && typeof x === 'object' && key in x ? JSON.stringify(x[key]) : `#${i}`, x]),
          ).values(),
        ],
      );
    }
  }
  return out;
}
