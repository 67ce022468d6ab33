import type { Faker } from '@faker-js/faker';
import fc from 'fast-check';
import { mileageUnits } from '../contract/schemas.js';
import { plainText } from './text.js';

/** Builders of vehicle payloads (§2.1, §4.1). Every vehicle carries the check's marker in `notes`. */

export interface VehicleTagInput {
  name: string;
  /** §2.1: hexadecimal RGB without a leading #. */
  color: string;
}

export type MileageUnit = (typeof mileageUnits)[number];

/** The §2.1 request fields of one vehicle (vehicleStatus is set by the service, §3). */
export interface VehicleInput {
  customerId: string;
  year: number;
  make: string;
  model: string;
  vehicleName: string;
  engine: string;
  color: string;
  licensePlate: string;
  state: string;
  vin: string;
  imgUrl: string;
  notes: string;
  tags: VehicleTagInput[];
  driveType: string;
  transmission: string;
  mileage: number;
  mileageUnit: MileageUnit;
}

/** The fields a PUT may change (§4.1): everything but the identity and the owner. */
export type VehicleChanges = Partial<Omit<VehicleInput, 'customerId'>>;

/** Characters valid in a VIN (no I, O, Q), so a term fits every free-text field, the VIN included. */
const VIN_CHARS = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789';

let sequence = 0;
/**
 * A word no real vehicle carries, unique per call and per run: eight upper-case VIN characters,
 * so it fits a licence plate and a VIN as well as the text fields, and which fields a search
 * covers does not matter (§4.1 shows only `search (string)`). Fixed length: no term is a prefix of another.
 */
export function uniqueVehicleTerm(marker: string): string {
  sequence += 1;
  let h = 2166136261;
  for (const c of `${marker}|${sequence}`) h = Math.imul(h ^ c.charCodeAt(0), 16777619) >>> 0;
  let word = 'CN';
  for (let i = 0; i < 6; i++) {
    word += VIN_CHARS[h % VIN_CHARS.length];
    h = Math.imul(h ^ (h >>> 13), 2246822519) >>> 0;
  }
  return word;
}

/** `notes` always keeps the marker and the term, so an update never orphans a record from its check. */
export const vehicleNotes = (marker: string, term: string, text = 'conformance vehicle') => `${term} ${text} ${marker}`;

/** ISO 3779 transliteration of a VIN character and the weight of each position. */
const VIN_VALUE: Record<string, number> = Object.fromEntries(
  [...'ABCDEFGHJKLMNPRSTUVWXYZ'].map((c, i) => [
    c,
    [1, 2, 3, 4, 5, 6, 7, 8, 1, 2, 3, 4, 5, 7, 9, 2, 3, 4, 5, 6, 7, 8, 9][i]!,
  ]),
);
const VIN_WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];

/**
 * A VIN of 17 characters whose ninth is its check digit (S-2.1-vin: a target may enforce it), from
 * 16 VIN characters: the first eight, then the last eight.
 */
export function withCheckDigit(sixteen: string): string {
  const chars = [...sixteen.slice(0, 8), '0', ...sixteen.slice(8, 16)];
  const sum = chars.reduce((n, c, i) => n + (VIN_VALUE[c] ?? Number(c)) * VIN_WEIGHTS[i]!, 0);
  const digit = sum % 11 === 10 ? 'X' : String(sum % 11);
  return [...chars.slice(0, 8), digit, ...chars.slice(9)].join('');
}

/** A VIN that starts with the term (eight characters): 17 valid characters with their check digit. */
const vinWith = (term: string, f: Faker) =>
  withCheckDigit(`${term}${f.string.fromCharacters(VIN_CHARS, 16 - term.length)}`);

/** The unique search term of a built vehicle: the first word of its notes. */
export const termOf = (input: { notes: string }) => input.notes.split(' ')[0]!;

const hex6 = (f: Faker) => f.string.hexadecimal({ length: 6, casing: 'lower', prefix: '' });

/** Tags with distinct names (S-2.1-tags: a store may merge or refuse two of one name). */
export function vehicleTags(f: Faker, count = f.number.int({ min: 1, max: 3 })): VehicleTagInput[] {
  return f.helpers
    .arrayElements(['Fleet', 'VIP', 'Warranty', 'Loaner', 'Recall'], count)
    .map((name) => ({ name, color: hex6(f) }));
}

export function buildVehicle(
  f: Faker,
  marker: string,
  customerId: string,
  overrides: Partial<VehicleInput> & { term?: string } = {},
): VehicleInput {
  const { term = uniqueVehicleTerm(marker), ...rest } = overrides;
  const make = f.vehicle.manufacturer();
  const model = f.vehicle.model();
  return {
    customerId,
    year: f.number.int({ min: 1995, max: 2025 }),
    make,
    model,
    vehicleName: `${term} ${make} ${model}`,
    engine: f.helpers.arrayElement(['1.6L I4', '2.0L I4 Turbo', '3.5L V6', '5.0L V8', 'Electric']),
    color: f.vehicle.color(),
    licensePlate: term,
    state: f.location.state({ abbreviated: true }),
    vin: vinWith(term, f),
    imgUrl: '',
    notes: vehicleNotes(marker, term),
    tags: vehicleTags(f),
    driveType: f.helpers.arrayElement(['FWD', 'RWD', 'AWD', '4WD']),
    transmission: f.helpers.arrayElement(['Automatic', 'Manual', 'CVT']),
    mileage: f.number.int({ min: 0, max: 250_000 }),
    mileageUnit: f.helpers.arrayElement(mileageUnits),
    ...rest,
  };
}

/**
 * A small realistic change set for PUT, never touching `notes` (which carries the marker). Two
 * entries of one bulk PUT change different fields, so each shows its own fields were applied; the
 * second empties imgUrl (its vehicle is created with one).
 */
export function vehicleChanges(f: Faker, entry: 'a' | 'b' = 'a'): VehicleChanges {
  // imgUrl '' is the boundary §2.1 allows: an update to the empty string must apply, not read as "not sent".
  if (entry === 'b')
    return {
      year: f.number.int({ min: 1995, max: 2025 }),
      engine: `${f.number.float({ min: 1, max: 6, fractionDigits: 1 })}L conformance`,
      transmission: 'CVT',
      imgUrl: '',
    };
  return { mileage: f.number.int({ min: 250_001, max: 400_000 }), color: `${f.vehicle.color()} metallic` };
}

// ── fast-check arbitraries ────────────────────────────────────────────────────────────────

/** Free text a server may not trim, squish or refuse at a firewall (plainText, generators/text.ts). */
const word = (max: number) =>
  fc
    .string({
      unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 -'.split('')),
      minLength: 1,
      maxLength: max,
    })
    .map(plainText)
    .filter((s) => s.length > 0);

export const hexColorArbitrary = fc.integer({ min: 0, max: 0xffffff }).map((n) => n.toString(16).padStart(6, '0'));
export const vehicleTagArbitrary: fc.Arbitrary<VehicleTagInput> = fc.record({
  name: word(20),
  color: hexColorArbitrary,
});

/**
 * A non-empty random subset of the changeable fields (§4.1 PUT sends only the fields to change).
 * Left out: `notes`, which carries the marker that ties the record to its check, and `tags` and
 * `mileageUnit`, whose representation has clauses of its own (VEHICLE-TAG-COLOR,
 * VEHICLE-MILEAGE-UNIT); unsent, they must still keep their values.
 */
export const vehicleChangesArbitrary: fc.Arbitrary<VehicleChanges> = fc
  .record(
    {
      year: fc.integer({ min: 1980, max: 2026 }),
      make: word(20),
      model: word(20),
      // No vehicleName: a target may generate it (S-2.1-vehicleName), so a sent one proves nothing.
      engine: word(20),
      color: word(20),
      licensePlate: fc.stringMatching(/^[A-Z0-9]{3,8}$/),
      state: fc.constantFrom('CA', 'NY', 'TX', 'ON', 'QC', 'WA'),
      vin: fc.stringMatching(/^[A-HJ-NPR-Z0-9]{16}$/).map(withCheckDigit),
      driveType: fc.constantFrom('FWD', 'RWD', 'AWD', '4WD'),
      transmission: fc.constantFrom('Automatic', 'Manual', 'CVT'),
      mileage: fc.integer({ min: 0, max: 500_000 }),
    },
    { requiredKeys: [] },
  )
  .filter((c) => Object.keys(c).length > 0);

/** A whole valid vehicle for one customer; the unique term is drawn at build time. */
export function validVehicleArbitrary(marker: string, customerId: string): fc.Arbitrary<() => VehicleInput> {
  return fc
    .record({
      year: fc.integer({ min: 1980, max: 2026 }),
      make: word(20),
      model: word(20),
      tags: fc.uniqueArray(vehicleTagArbitrary, { maxLength: 3, selector: (t) => t.name.toLowerCase() }),
      mileage: fc.integer({ min: 0, max: 500_000 }),
      mileageUnit: fc.constantFrom(...mileageUnits),
    })
    .map((fields) => () => {
      const term = uniqueVehicleTerm(marker);
      return {
        customerId,
        engine: '2.0L I4',
        color: 'Blue',
        licensePlate: term,
        state: 'CA',
        vin: withCheckDigit(`${term}004352CN`),
        imgUrl: '',
        driveType: 'FWD',
        transmission: 'Automatic',
        vehicleName: `${term} ${fields.make}`,
        notes: vehicleNotes(marker, term),
        ...fields,
      };
    });
}

// ── Invalid variants: values §2.1 rules out. The spec does not say the service rejects them, so no
// strict check asserts a rejection; they serve observations and local self-tests. ───────────

/** A tag color with the leading # that §2.1 excludes. */
export const hashPrefixedColorArbitrary = hexColorArbitrary.map((c) => `#${c}`);
/** A tag color that is not hexadecimal RGB. */
export const nonHexColorArbitrary = fc.constantFrom('red', 'zzzzzz', '12345', 'rgb(0,0,0)');
/** A mileage unit outside the values in use (§2.1: Miles, KM). */
export const unknownMileageUnitArbitrary = fc.constantFrom('Kilometers', 'mi', 'km', 'Furlongs');
