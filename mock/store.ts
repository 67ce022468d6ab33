import type { CompanyData } from './model.js';

/** Milliseconds since the epoch; Date.now unless an instance is given another clock. */
export type Clock = () => number;

/** In-memory state of one mock instance: strictly per company. */
export class Store {
  private counter = 0;
  constructor(
    readonly companies: Map<string, CompanyData>,
    private readonly clock: Clock = Date.now,
  ) {}

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
    const t = Math.max(this.clock(), this.lastNow + 1);
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
export function storeFrom(seed: ReadonlyMap<string, CompanyData>, clock?: Clock): Store {
  return new Store(new Map([...seed].map(([id, c]) => [id, cloneCompany(c)])), clock);
}
