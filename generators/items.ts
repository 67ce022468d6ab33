import type { Faker } from '@faker-js/faker';
import fc from 'fast-check';
import type { ItemCreateInput, PartDetailsInput, TireDetailsInput } from '../contract/schemas.js';
import { plainText } from './text.js';

/**
 * Builders of item create payloads (§4.2, §2.2). They send only the fields §4.2 lists for create (a server may
 * refuse others, S-2.2-create-extra-fields); the run's marker rides in `itemName` and in the unique `itemNumber`.
 */

const money = (f: Faker, min: number, max: number) => Number(f.commerce.price({ min, max, dec: 2 }));

export function partDetails(f: Faker): PartDetailsInput {
  return {
    defaultQuantity: f.number.int({ min: 1, max: 6 }),
    costPerUnit: money(f, 1, 500),
    pricePerUnit: money(f, 1, 800),
    isStockItem: f.datatype.boolean(),
    supplier: plainText(f.company.name()),
    brand: f.helpers.arrayElement(['Bosch', 'ACDelco', 'Denso', 'Moog', 'NGK']),
  };
}

export function tireDetails(f: Faker): TireDetailsInput {
  const width = f.helpers.arrayElement([195, 205, 215, 225, 235]);
  const profile = f.helpers.arrayElement([45, 50, 55, 60, 65]);
  const rim = f.helpers.arrayElement([15, 16, 17, 18]);
  const brand = f.helpers.arrayElement(['Michelin', 'Bridgestone', 'Goodyear']);
  return {
    tireDisplayName: `${brand} ${width}/${profile}R${rim}`,
    model: f.helpers.arrayElement(['Defender', 'Turanza', 'Assurance']),
    brand,
    tireWidth: width,
    tireProfile: profile,
    tireSize: `${width}/${profile}R${rim}`,
    defaultQuantity: 4,
    costPerUnit: money(f, 40, 300),
    pricePerUnit: money(f, 50, 400),
    seasonality: f.helpers.arrayElement([1, 2, 3]),
  };
}

let sequence = 0;
/**
 * Unique per call and per run, and unrelated to every other number the run makes: how the
 * itemNumber filter matches (exactly, by prefix, by substring) is not shown (§4.2), so no number
 * may be a prefix or a part of another. CNF, then ten characters of a hash of marker and sequence.
 */
export function uniqueItemNumber(marker: string): string {
  sequence += 1;
  let h = 2166136261;
  let out = 'CNF';
  for (const c of `${marker}|${sequence}`) h = Math.imul(h ^ c.charCodeAt(0), 16777619) >>> 0;
  for (let i = 0; i < 10; i++) {
    out += 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'[h % 32];
    h = Math.imul(h ^ (h >>> 15), 2246822519) >>> 0;
  }
  return out;
}

export function buildPart(f: Faker, marker: string, overrides: Partial<ItemCreateInput> = {}): ItemCreateInput {
  return {
    itemType: 'part',
    itemName: `${f.commerce.productName()} (conformance ${marker})`,
    itemNumber: uniqueItemNumber(marker),
    status: 'Active',
    taxable: f.datatype.boolean(),
    partDetails: partDetails(f),
    ...overrides,
  };
}

export function buildTire(f: Faker, marker: string, overrides: Partial<ItemCreateInput> = {}): ItemCreateInput {
  return {
    itemType: 'tire',
    itemName: `Tire (conformance ${marker})`,
    itemNumber: uniqueItemNumber(marker),
    status: 'Active',
    taxable: true,
    tireDetails: tireDetails(f),
    ...overrides,
  };
}

// ── Invalid variants: each breaks exactly one documented creation rule ───────────────────

/** §2.2, §4.2: labor, discount and fee exist but cannot be created. */
export function buildUncreatable(f: Faker, marker: string, itemType: 'labor' | 'discount' | 'fee'): ItemCreateInput {
  const { partDetails: _p, ...rest } = buildPart(f, marker);
  return { ...rest, itemType };
}

/** §4.2 rule: a part must carry partDetails. */
export function buildPartWithoutDetails(f: Faker, marker: string): ItemCreateInput {
  const { partDetails: _p, ...rest } = buildPart(f, marker);
  return rest;
}

/** §4.2 rule: a part carrying only the tire's details still lacks partDetails. */
export function buildPartWithTireDetails(f: Faker, marker: string): ItemCreateInput {
  const { partDetails: _p, ...rest } = buildPart(f, marker);
  return { ...rest, tireDetails: tireDetails(f) };
}

/** §4.2 rule: a tire carrying only the part's details still lacks tireDetails. */
export function buildTireWithPartDetails(f: Faker, marker: string): ItemCreateInput {
  const { tireDetails: _t, ...rest } = buildTire(f, marker);
  return { ...rest, partDetails: partDetails(f) };
}

/** §4.2 rule: a tire must carry tireDetails. */
export function buildTireWithoutDetails(f: Faker, marker: string): ItemCreateInput {
  const { tireDetails: _t, ...rest } = buildTire(f, marker);
  return rest;
}

/**
 * A valid part with one field of its entry left out: itemType, which §2.2 and §4.2 require (a
 * created item is a part or a tire), or one of the fields §4.2 lists without calling it required.
 */
export function buildPartWithout(
  f: Faker,
  marker: string,
  field: 'itemType' | 'itemName' | 'status' | 'taxable',
): ItemCreateInput {
  const { [field]: _left, ...rest } = buildPart(f, marker);
  return rest as ItemCreateInput;
}

// ── fast-check arbitraries ────────────────────────────────────────────────────────────────

/** Free text without leading or trailing spaces: whether a server trims them is not shown. */
const text = (max: number) =>
  fc
    .string({
      unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 -éü'.split('')),
      minLength: 1,
      maxLength: max,
    })
    .map(plainText)
    .filter((s) => s.length > 0);
const price = fc.integer({ min: 0, max: 100_000 }).map((c) => c / 100);

export const partDetailsArbitrary: fc.Arbitrary<PartDetailsInput> = fc.record({
  defaultQuantity: fc.integer({ min: 1, max: 50 }),
  costPerUnit: price,
  pricePerUnit: price,
  isStockItem: fc.boolean(),
  supplier: text(40),
  brand: text(30),
});

export const tireDetailsArbitrary: fc.Arbitrary<TireDetailsInput> = fc.record({
  tireDisplayName: text(50),
  model: text(30),
  brand: text(30),
  tireWidth: fc.integer({ min: 125, max: 355 }),
  tireProfile: fc.integer({ min: 25, max: 85 }),
  tireSize: fc
    .tuple(fc.integer({ min: 125, max: 355 }), fc.integer({ min: 25, max: 85 }), fc.integer({ min: 13, max: 24 }))
    .map(([w, p, r]) => `${w}/${p}R${r}`),
  defaultQuantity: fc.integer({ min: 1, max: 8 }),
  costPerUnit: price,
  pricePerUnit: price,
  seasonality: fc.integer({ min: 0, max: 3 }),
});

const commonArbitrary = fc.record({
  itemName: text(60),
  taxable: fc.boolean(),
  // S-3-initial-state: a target may refuse an item created Inactive, or make it Active; the run
  // creates Active items only, whose state it may then judge.
  status: fc.constant('Active'),
});

/** A valid part; its item number is drawn at build time, so it stays unique. */
export function validPartArbitrary(marker: string): fc.Arbitrary<() => ItemCreateInput> {
  return fc.tuple(commonArbitrary, partDetailsArbitrary).map(([c, d]) => () => ({
    itemType: 'part',
    itemNumber: uniqueItemNumber(marker),
    ...c,
    partDetails: d,
  }));
}

/** A valid tire; its item number is drawn at build time. */
export function validTireArbitrary(marker: string): fc.Arbitrary<() => ItemCreateInput> {
  return fc.tuple(commonArbitrary, tireDetailsArbitrary).map(([c, d]) => () => ({
    itemType: 'tire',
    itemNumber: uniqueItemNumber(marker),
    ...c,
    tireDetails: d,
  }));
}

/** A valid part or tire; item numbers stay unique because they are drawn at build time. */
export function validItemArbitrary(marker: string): fc.Arbitrary<() => ItemCreateInput> {
  return fc.oneof(validPartArbitrary(marker), validTireArbitrary(marker));
}

/** `size` valid items (at least 2), a part and a tire among them whatever the seed: a batch that exercises both details. */
export function validItemBatchArbitrary(marker: string, size: number): fc.Arbitrary<(() => ItemCreateInput)[]> {
  const rest = Math.max(0, size - 2);
  return fc
    .tuple(
      validPartArbitrary(marker),
      validTireArbitrary(marker),
      fc.array(validItemArbitrary(marker), { minLength: rest, maxLength: rest }),
    )
    .map(([p, t, more]) => [p, t, ...more]);
}

/** An item that breaks one creation rule, with the rule it breaks. */
export function invalidItemArbitrary(marker: string): fc.Arbitrary<{ rule: string; build: () => ItemCreateInput }> {
  return fc.oneof(
    fc.constantFrom('labor', 'discount', 'fee').map((t) => ({
      rule: `itemType ${t} is not creatable`,
      build: () => ({
        itemType: t,
        itemName: 'x',
        itemNumber: uniqueItemNumber(marker),
        status: 'Active',
        taxable: true,
      }),
    })),
    fc.constant({
      rule: 'part without partDetails',
      build: () => ({
        itemType: 'part',
        itemName: 'x',
        itemNumber: uniqueItemNumber(marker),
        status: 'Active',
        taxable: true,
      }),
    }),
    fc.constant({
      rule: 'tire without tireDetails',
      build: () => ({
        itemType: 'tire',
        itemName: 'x',
        itemNumber: uniqueItemNumber(marker),
        status: 'Active',
        taxable: true,
      }),
    }),
  );
}
