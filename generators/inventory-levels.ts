import type { Faker } from '@faker-js/faker';
import fc from 'fast-check';
import type { ItemCreateInput } from '../contract/schemas.js';
import type { Profile } from '../harness/core/profile.js';
import { buildPart } from './items.js';

/**
 * Builders for inventory levels (§4.4). The bulk body is not shown: its field names come from the
 * profile (array field, quantity field); itemId is the one documented name (§2.4).
 */

export type LevelNames = Pick<Profile['inventoryLevels'], 'quantityField'>;

/** One entry of a bulk PUT /inventoryLevels. */
export function levelEntry(
  names: LevelNames,
  itemId: string,
  locationId: string,
  quantity: number,
): Record<string, unknown> {
  return { itemId, locationId, [names.quantityField]: quantity };
}

/** A stocked part of the run's own, so a level update never touches real stock (§2.2 isStockItem). */
export function buildStockedPart(f: Faker, marker: string): ItemCreateInput {
  const part = buildPart(f, marker);
  return { ...part, partDetails: { ...part.partDetails!, isStockItem: true } };
}

/** A new on-hand quantity, different from `current`. */
export function newQuantity(f: Faker, current?: number): number {
  const q = f.number.int({ min: 1, max: 500 });
  return q === current ? q + 1 : q;
}

export const quantityArbitrary = fc.integer({ min: 0, max: 10_000 });

// ── Invalid variants: the spec shows no validation rule for levels, so nothing asserts a rejection. ─
export const negativeQuantityArbitrary = fc.integer({ min: -10_000, max: -1 });
export const fractionalQuantityArbitrary = fc
  .double({ min: 0.01, max: 100, noNaN: true })
  .filter((q) => !Number.isInteger(q));
