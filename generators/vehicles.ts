import type { Faker } from '@faker-js/faker';
import fc from 'fast-check';
import { mileageUnits } from '../contract/schemas.js';
import { compactMarker } from './random.js';

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

let sequence = 0;
/**
 * A word no real vehicle carries, unique per call and per run: letters and digits only, so a
 * search that tokenises on punctuation still matches it whole; fixed length, so no term is a
 * prefix of another.
 */
export function uniqueVehicleTerm(marker: string): string {
  sequence += 1;
  return `cnfv${compactMarker(marker).toLowerCase()}${sequence.toString(36).padStart(4, '0')}`;
}

/** `notes` always keeps the marker, so an update never orphans a record from its check. */
export const vehicleNotes = (marker: string, term: string, text = 'conformance vehicle') => `${text} ${marker} ${term}`;

const hex6 = (f: Faker) => f.string.hexadecimal({ length: 6, casing: 'lower', prefix: '' });

export function vehicleTags(f: Faker, count = f.number.int({ min: 1, max: 3 })): VehicleTagInput[] {
  return Array.from({ length: count }, () => ({ name: f.helpers.arrayElement(['Fleet', 'VIP', 'Warranty', 'Loaner', 'Recall']), color: hex6(f) }));
}

export function buildVehicle(f: Faker, marker: string, customerId: string, overrides: Partial<VehicleInput> & { term?: string } = {}): VehicleInput {
  const { term = uniqueVehicleTerm(marker), ...rest } = overrides;
  const make = f.vehicle.manufacturer();
  const model = f.vehicle.model();
  return {
    customerId,
    year: f.number.int({ min: 1995, max: 2025 }),
    make,
    model,
    vehicleName: `${make} ${model} ${term}`,
    engine: f.helpers.arrayElement(['1.6L I4', '2.0L I4 Turbo', '3.5L V6', '5.0L V8', 'Electric']),
    color: f.vehicle.color(),
    licensePlate: f.vehicle.vrm().replace(/\s+/g, ''),
    state: f.location.state({ abbreviated: true }),
    vin: f.vehicle.vin(),
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

/** A small realistic change set for PUT, never touching `notes` (which carries the marker). */
export function vehicleChanges(f: Faker): VehicleChanges {
  return { mileage: f.number.int({ min: 250_001, max: 400_000 }), color: `${f.vehicle.color()} metallic` };
}

// ── fast-check arbitraries ────────────────────────────────────────────────────────────────

const word = (max: number) =>
  fc.string({ unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 -'.split('')), minLength: 1, maxLength: max }).filter((s) => s.trim().length > 0);

export const hexColorArbitrary = fc.integer({ min: 0, max: 0xffffff }).map((n) => n.toString(16).padStart(6, '0'));
export const vehicleTagArbitrary: fc.Arbitrary<VehicleTagInput> = fc.record({ name: word(20), color: hexColorArbitrary });

/**
 * A non-empty random subset of the changeable fields (§4.1 PUT sends only the fields to change).
 * Left out: `notes`, which carries the marker that ties the record to its check, and `tags` and
 * `mileageUnit`, whose representation has clauses of its own (VEHICLE-TAG-COLOR,
 * VEHICLE-MILEAGE-UNIT); unsent, they must still keep their values.
 */
export const vehicleChangesArbitrary: fc.Arbitrary<VehicleChanges> = fc.record(
  {
    year: fc.integer({ min: 1980, max: 2026 }),
    make: word(20),
    model: word(20),
    vehicleName: word(40),
    engine: word(20),
    color: word(20),
    licensePlate: fc.stringMatching(/^[A-Z0-9]{3,8}$/),
    state: fc.constantFrom('CA', 'NY', 'TX', 'ON', 'QC', 'WA'),
    vin: fc.stringMatching(/^[A-HJ-NPR-Z0-9]{17}$/),
    driveType: fc.constantFrom('FWD', 'RWD', 'AWD', '4WD'),
    transmission: fc.constantFrom('Automatic', 'Manual', 'CVT'),
    mileage: fc.integer({ min: 0, max: 500_000 }),
  },
  { requiredKeys: [] },
).filter((c) => Object.keys(c).length > 0);

/** A whole valid vehicle for one customer; the unique term is drawn at build time. */
export function validVehicleArbitrary(marker: string, customerId: string): fc.Arbitrary<() => VehicleInput> {
  return fc
    .record({ year: fc.integer({ min: 1980, max: 2026 }), make: word(20), model: word(20), tags: fc.array(vehicleTagArbitrary, { maxLength: 3 }), mileage: fc.integer({ min: 0, max: 500_000 }), mileageUnit: fc.constantFrom(...mileageUnits) })
    .map((fields) => () => {
      const term = uniqueVehicleTerm(marker);
      return {
        customerId, engine: '2.0L I4', color: 'Blue', licensePlate: 'CNF123', state: 'CA', vin: '1HGCM82633A004352', imgUrl: '',
        driveType: 'FWD', transmission: 'Automatic', vehicleName: `${fields.make} ${term}`, notes: vehicleNotes(marker, term), ...fields,
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
