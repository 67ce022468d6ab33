import type { SeedSizeOptions } from '../../mock/seed/index.js';

/** The knobs of the production-like server; every timing can be tuned, every default is its choice. */
export interface ProductionOptions {
  port?: number;
  host?: string;
  /** Seed of the generated data (the same seed gives the same records). */
  seed?: number;
  /** Records per company; see productionSeedSizes. */
  seedSizes?: SeedSizeOptions;
  /** How long the replica trails the primary, drawn per write in [min, max] ms. */
  replicaLagMs?: { min: number; max: number };
  /** How long an accepted inventory update waits before it is applied. */
  inventoryDelayMs?: { min: number; max: number };
  /** Requests one partner may send within one second; 0 turns the burst limit off. */
  burstPerSecond?: number;
  /** Per-minute limits per partner (0 or unset: none). */
  perMinute?: { get?: number; write?: number };
  /** Idle keep-alive connections are closed after this many ms. */
  keepAliveTimeoutMs?: number;
  defaultPageSize?: number;
  maxPageSize?: number;
  /** Bodies at least this long are gzipped when the client accepts it. */
  gzipMinBytes?: number;
  /** Mock faults under both backends (the fault self-check on production habits). */
  faults?: string[];
}

/** Real-size data per company; the defaults stay the mock's documented seed. */
export const productionSeedSizes = {
  vehicles: 3000,
  items: 2500,
  customers: 2000,
  appointmentRequests: 400,
  purchaseOrders: { inventory: 200, online: 250, orders: 200 },
} as const satisfies SeedSizeOptions;

export type Settings = Required<Omit<ProductionOptions, 'port' | 'host' | 'seed' | 'perMinute' | 'faults'>> & {
  perMinute: { get: number; write: number };
};

export function settingsFrom(o: ProductionOptions): Settings {
  return {
    seedSizes: o.seedSizes ?? productionSeedSizes,
    replicaLagMs: o.replicaLagMs ?? { min: 1000, max: 2000 },
    inventoryDelayMs: o.inventoryDelayMs ?? { min: 1000, max: 2000 },
    burstPerSecond: o.burstPerSecond ?? 10,
    perMinute: { get: o.perMinute?.get ?? 0, write: o.perMinute?.write ?? 0 },
    keepAliveTimeoutMs: o.keepAliveTimeoutMs ?? 1000,
    defaultPageSize: o.defaultPageSize ?? 25,
    maxPageSize: o.maxPageSize ?? 100,
    gzipMinBytes: o.gzipMinBytes ?? 1024,
  };
}

/** A delay drawn uniformly from a range. */
export const drawMs = (r: { min: number; max: number }) => r.min + Math.random() * Math.max(0, r.max - r.min);
