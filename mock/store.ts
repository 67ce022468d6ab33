import type { CompanyData } from './model.js';

/** In-memory state of one mock instance: strictly per company. */
export class Store {
  private counter = 0;
  constructor(readonly companies: Map<string, CompanyData>) {}

  company(companyId: string): CompanyData | undefined {
    return this.companies.get(companyId);
  }

  /** Deterministic ids, unique across the instance and distinct from seeded ones. */
  nextId(prefix: string): string {
    this.counter += 1;
    return `${prefix}_n${this.counter.toString().padStart(6, '0')}`;
  }

  /** Monotonic clock for updatedDate: two writes never share a timestamp. */
  private lastNow = 0;
  now(): string {
    const t = Math.max(Date.now(), this.lastNow + 1);
    this.lastNow = t;
    return new Date(t).toISOString();
  }
}

function cloneCompany(c: CompanyData): CompanyData {
  return {
    companyId: c.companyId,
    name: c.name,
    locations: structuredClone(c.locations),
    items: new Map([...c.items].map(([k, v]) => [k, structuredClone(v)])),
    vehicles: new Map([...c.vehicles].map(([k, v]) => [k, structuredClone(v)])),
    customers: new Map([...c.customers].map(([k, v]) => [k, structuredClone(v)])),
    inventoryLevels: new Map([...c.inventoryLevels].map(([k, v]) => [k, { ...v }])),
    appointmentRequests: new Map([...c.appointmentRequests].map(([k, v]) => [k, structuredClone(v)])),
    purchaseOrders: new Map([...c.purchaseOrders].map(([k, v]) => [k, structuredClone(v)])),
  };
}

/** A fresh store from seeded companies; the seed itself is never mutated. */
export function storeFrom(seed: ReadonlyMap<string, CompanyData>): Store {
  return new Store(new Map([...seed].map(([id, c]) => [id, cloneCompany(c)])));
}
