import type { PoSource } from '../../contract/schemas.js';

/** How many records each company is seeded with; the defaults are the mock's documented data. */
export interface SeedSizes {
  items: number;
  customers: number;
  vehicles: number;
  appointmentRequests: number;
  /** Per backend (§2.6). */
  purchaseOrders: Record<PoSource, number>;
}

export const defaultSeedSizes: SeedSizes = {
  items: 260,
  customers: 160,
  vehicles: 240,
  appointmentRequests: 140,
  // §4.6 paging needs more than one page of 100 for `all`.
  purchaseOrders: { inventory: 90, online: 100, orders: 95 },
};

/** Some of the counts; the others keep their defaults. */
export type SeedSizeOptions = Partial<Omit<SeedSizes, 'purchaseOrders'>> & {
  purchaseOrders?: Partial<Record<PoSource, number>>;
};

/** The defaults with the sizes given; an unset count keeps its default. */
export function seedSizesWith(sizes: SeedSizeOptions = {}): SeedSizes {
  return {
    ...defaultSeedSizes,
    ...sizes,
    purchaseOrders: { ...defaultSeedSizes.purchaseOrders, ...sizes.purchaseOrders },
  };
}
