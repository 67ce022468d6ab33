import type { Clause } from './clause.js';
import { appointmentRequests } from './clauses/appointmentRequests.js';
import { customers } from './clauses/customers.js';
import { inventoryLevels } from './clauses/inventoryLevels.js';
import { items } from './clauses/items.js';
import { platform } from './clauses/platform.js';
import { purchaseOrders } from './clauses/purchaseOrders.js';
import { vehicles } from './clauses/vehicles.js';

/**
 * Every documented rule of Partner Service API v2, one entry each, from the area files in
 * contract/clauses/ (one per area of contract/clause.ts). Ids are metadata (test262 style): checks
 * name them, the report groups by them. `as const satisfies` makes a mistyped id a compile error
 * everywhere it is used. Each clause names the spec units it checks (`spec`, by fingerprint).
 */
export const clauses = {
  ...platform,
  ...vehicles,
  ...items,
  ...customers,
  ...inventoryLevels,
  ...appointmentRequests,
  ...purchaseOrders,
} as const satisfies Record<string, Clause>;

export type ClauseId = keyof typeof clauses;
export const clauseIds = Object.keys(clauses) as ClauseId[];

export function clauseOf(id: ClauseId): Clause {
  return clauses[id];
}

export function isStrict(id: ClauseId): boolean {
  const c: Clause = clauses[id];
  return c.strictness === 'strict' && !c.notTestable;
}
