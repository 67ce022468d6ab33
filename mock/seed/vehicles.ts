import type { Faker } from '@faker-js/faker';
import type { CompanyData, VehicleRecord, VehicleTag } from '../model.js';
import { FLEET_CUSTOMER_NUMBER, companySlug, seededCustomerId } from './customers.js';
import { seedContext, type SeedContext } from './profile.js';
import { defaultSeedSizes, type SeedSizes } from './sizes.js';

export const SEEDED_VEHICLES_PER_COMPANY = defaultSeedSizes.vehicles;
/** The fixture customer (number 1) owns a few vehicles, the fleet customer enough to page through. */
const FIXTURE_CUSTOMER_VEHICLES = 3;
const FLEET_VEHICLES = 36;

const catalogue: Record<string, { models: string[]; engines: string[] }> = {
  Toyota: {
    models: ['Camry', 'Corolla', 'RAV4', 'Tacoma', 'Highlander', 'Prius'],
    engines: ['2.5L I4', '1.8L I4', '3.5L V6', '1.8L I4 Hybrid'],
  },
  Honda: { models: ['Civic', 'Accord', 'CR-V', 'Pilot', 'Odyssey'], engines: ['2.0L I4', '1.5L I4 Turbo', '3.5L V6'] },
  Ford: {
    models: ['F-150', 'Escape', 'Explorer', 'Mustang', 'Transit'],
    engines: ['3.5L V6 EcoBoost', '5.0L V8', '2.0L I4 EcoBoost', '2.7L V6'],
  },
  Chevrolet: {
    models: ['Silverado 1500', 'Equinox', 'Malibu', 'Tahoe', 'Express'],
    engines: ['5.3L V8', '1.5L I4 Turbo', '6.2L V8', '2.7L I4 Turbo'],
  },
  Nissan: { models: ['Altima', 'Rogue', 'Sentra', 'Frontier'], engines: ['2.5L I4', '2.0L I4', '3.8L V6'] },
  Subaru: { models: ['Outback', 'Forester', 'Crosstrek', 'Impreza'], engines: ['2.5L H4', '2.0L H4', '2.4L H4 Turbo'] },
  Hyundai: { models: ['Elantra', 'Tucson', 'Santa Fe', 'Sonata'], engines: ['2.0L I4', '2.5L I4', '1.6L I4 Turbo'] },
  Volkswagen: { models: ['Jetta', 'Golf', 'Tiguan', 'Atlas'], engines: ['1.5L I4 Turbo', '2.0L I4 Turbo', '3.6L VR6'] },
  Tesla: { models: ['Model 3', 'Model Y'], engines: ['Electric'] },
  BMW: { models: ['3 Series', 'X3', 'X5', '5 Series'], engines: ['2.0L I4 Turbo', '3.0L I6 Turbo'] },
};
const makes = Object.keys(catalogue);

const vehicleTags: VehicleTag[] = [
  { name: 'Fleet', color: '1e88e5' },
  { name: 'Warranty', color: '34a853' },
  { name: 'Recall open', color: 'e53935' },
  { name: 'EV', color: '00897b' },
  { name: 'Loaner', color: 'fb8c00' },
];

const iso = (ms: number) => new Date(ms).toISOString();

/** Owner of the n-th seeded vehicle (1-based): fixture customer first, then the fleet, then spread over the rest. */
function ownerNumber(f: Faker, n: number, customers: number): number {
  if (n <= FIXTURE_CUSTOMER_VEHICLES) return 1;
  // A data profile may seed fewer customers than the fleet and the rest: the fixture customer owns them all.
  if (customers <= FLEET_CUSTOMER_NUMBER)
    return Math.min(customers, n <= FIXTURE_CUSTOMER_VEHICLES + FLEET_VEHICLES ? FLEET_CUSTOMER_NUMBER : 1);
  if (n <= FIXTURE_CUSTOMER_VEHICLES + FLEET_VEHICLES) return FLEET_CUSTOMER_NUMBER;
  return f.number.int({ min: FLEET_CUSTOMER_NUMBER + 1, max: customers });
}

export function seedVehicles(
  f: Faker,
  company: CompanyData,
  sizes: SeedSizes = defaultSeedSizes,
  ctx: SeedContext = seedContext(),
): void {
  for (let n = 1; n <= sizes.vehicles; n++) {
    const owner = ownerNumber(f, n, sizes.customers);
    const make = f.helpers.arrayElement(makes);
    const spec = catalogue[make]!;
    const model = f.helpers.arrayElement(spec.models);
    const year = f.number.int({ min: 2004, max: 2025 });
    const created = ctx.anchor - ctx.days(f.number.int({ min: 20, max: 1200 })) * 86_400_000;
    const updated = ctx.notAfterNow(
      created + ctx.days(f.number.int({ min: 0, max: 19 })) * 86_400_000 + f.number.int({ min: 0, max: 86_399 }) * 1000,
    );
    const metric = f.datatype.boolean({ probability: 0.3 });
    const fleet = owner === FLEET_CUSTOMER_NUMBER;
    const tags = f.helpers.arrayElements(vehicleTags.slice(1), { min: 0, max: 2 });
    const record: VehicleRecord = {
      vehicleId: `veh_${companySlug(company.companyId)}_${String(n).padStart(4, '0')}`,
      companyId: company.companyId,
      customerId: seededCustomerId(company.companyId, owner),
      year,
      make,
      model,
      vehicleName: `${year} ${make} ${model}`,
      engine: f.helpers.arrayElement(spec.engines),
      color: f.vehicle.color(),
      licensePlate: f.string.alphanumeric({ length: 7, casing: 'upper' }),
      state: f.location.state({ abbreviated: true }),
      vin: f.vehicle.vin(),
      imgUrl: f.datatype.boolean({ probability: 0.2 })
        ? `https://images.example.com/vehicles/${f.string.alphanumeric(10)}.jpg`
        : '',
      notes: f.datatype.boolean({ probability: 0.25 })
        ? f.helpers.arrayElement([
            'Customer supplies own oil.',
            'Check tire pressure sensor.',
            'Aftermarket alarm fitted.',
            'Prefers OEM parts.',
          ])
        : '',
      tags: fleet ? [vehicleTags[0]!, ...tags] : tags,
      driveType: f.helpers.arrayElement(['FWD', 'RWD', 'AWD', '4WD']),
      transmission:
        make === 'Tesla' ? 'Single-speed' : f.helpers.arrayElement(['Automatic', 'Automatic', 'Manual', 'CVT']),
      mileage: metric ? f.number.int({ min: 1_000, max: 320_000 }) : f.number.int({ min: 1_000, max: 200_000 }),
      mileageUnit: metric ? 'KM' : 'Miles',
      vehicleStatus:
        n <= FIXTURE_CUSTOMER_VEHICLES || f.datatype.boolean({ probability: 0.92 }) ? 'Active' : 'Inactive',
      createdDate: iso(created),
      updatedDate: iso(updated),
    };
    company.vehicles.set(record.vehicleId, record);
  }
}
