import type { Faker } from '@faker-js/faker';
import type { CompanyData } from '../model.js';
import { seedContext, type SeedContext } from './profile.js';
import { defaultSeedSizes, type SeedSizes } from './sizes.js';

/** Levels for every stocked part item at every location of the company (§4.4); runs after the items step. */
export function seedInventoryLevels(
  f: Faker,
  company: CompanyData,
  _sizes: SeedSizes = defaultSeedSizes,
  ctx: SeedContext = seedContext(),
): void {
  for (const item of company.items.values()) {
    if (item.itemType !== 'part' || item.details.isStockItem !== true) continue;
    for (const { locationId } of company.locations) {
      const quantityOnHand = f.number.int({ min: 0, max: 48 });
      company.inventoryLevels.set(`${item.itemId}|${locationId}`, {
        itemId: item.itemId,
        locationId,
        quantityOnHand,
        quantityReserved: f.number.int({ min: 0, max: Math.min(4, quantityOnHand) }),
        reorderPoint: f.number.int({ min: 2, max: 8 }),
        updatedDate: new Date(ctx.anchor - ctx.days(f.number.int({ min: 1, max: 90 })) * 86_400_000).toISOString(),
      });
    }
  }
}
