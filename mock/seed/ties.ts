import type { CompanyData } from '../model.js';

/** mulberry32: a generator of its own, so the faker sequence of the untied data stays the same. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Groups of 2-4 neighbouring records take their leader's values of one sort key (fields that move
 * together are copied together, so every record stays consistent: an update never before its create).
 */
function tie<T extends object>(records: Iterable<T>, next: () => number, keys: readonly (keyof T)[][]): void {
  const list = [...records];
  for (const group of keys) {
    for (let i = 0; i < list.length;) {
      const size = 2 + Math.floor(next() * 3);
      if (next() < 0.5) {
        const leader = list[i]!;
        for (const r of list.slice(i + 1, i + size)) for (const k of group) r[k] = structuredClone(leader[k]);
      }
      i += size;
    }
  }
}

/**
 * Ties on every key a list may be sorted by or filtered on by range (§4.1 sort, §4.5/§4.6 date
 * windows): the spec leaves the order of equal keys open, so a conforming server may show them in any
 * order, and the data that reach a partner's server have them.
 */
export function tieSortKeys(company: CompanyData, seed: number): void {
  const next = prng(seed ^ 0x7e3a11);
  tie(company.items.values(), next, [['createdDate', 'updatedDate'], ['itemName'], ['category']]);
  tie(company.customers.values(), next, [['createdDate', 'updatedDate'], ['lastName'], ['firstName']]);
  tie(company.vehicles.values(), next, [
    ['createdDate', 'updatedDate'],
    ['year', 'make', 'model', 'vehicleName'],
    ['mileage', 'mileageUnit'],
  ]);
  tie(company.inventoryLevels.values(), next, [['updatedDate']]);
  tie(company.appointmentRequests.values(), next, [
    ['startDateTime', 'endDateTime'],
    ['createdAt', 'updatedAt'],
  ]);
  tie(company.purchaseOrders.values(), next, [
    ['createdDate', 'updatedDate', 'invoiceDate', 'paymentDueDate'],
    ['supplier'],
    ['status'],
  ]);
}
