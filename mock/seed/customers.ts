import type { Faker } from '@faker-js/faker';
import type { CompanyData, CustomerRecord, VehicleTag } from '../model.js';
import { seedContext, type SeedContext } from './profile.js';
import { defaultSeedSizes, type SeedSizes } from './sizes.js';

export const SEEDED_CUSTOMERS_PER_COMPANY = defaultSeedSizes.customers;

/** cmp_harbor_auto → harbor, so the fixture customer is cus_harbor_0001. */
export const companySlug = (companyId: string) => companyId.split('_')[1] ?? companyId;
export const seededCustomerId = (companyId: string, n: number) =>
  `cus_${companySlug(companyId)}_${String(n).padStart(4, '0')}`;

/** Customer 2 of each company is a fleet account that owns many vehicles (see seed/vehicles.ts). */
export const FLEET_CUSTOMER_NUMBER = 2;

const customerTags: VehicleTag[] = [
  { name: 'VIP', color: 'f4b400' },
  { name: 'Fleet', color: '1e88e5' },
  { name: 'Referral', color: '34a853' },
  { name: 'Wholesale', color: '8e24aa' },
  { name: 'Do not text', color: 'e53935' },
];

const iso = (ms: number) => new Date(ms).toISOString();

export function seedCustomers(
  f: Faker,
  company: CompanyData,
  sizes: SeedSizes = defaultSeedSizes,
  ctx: SeedContext = seedContext(),
): void {
  const locationIds = company.locations.map((l) => l.locationId);
  for (let n = 1; n <= sizes.customers; n++) {
    const firstName = f.person.firstName();
    const lastName = f.person.lastName();
    const fleet = n === FLEET_CUSTOMER_NUMBER;
    const business = fleet || f.datatype.boolean({ probability: 0.12 });
    const created = ctx.anchor - ctx.days(f.number.int({ min: 60, max: 1500 })) * 86_400_000;
    const updated = ctx.notAfterNow(
      created + ctx.days(f.number.int({ min: 0, max: 50 })) * 86_400_000 + f.number.int({ min: 0, max: 86_399 }) * 1000,
    );
    const record: CustomerRecord = {
      customerId: seededCustomerId(company.companyId, n),
      companyId: company.companyId,
      firstName,
      lastName,
      companyName: fleet ? `${lastName} Fleet Services` : business ? f.company.name() : '',
      emails: [{ email: f.internet.email({ firstName, lastName }).toLowerCase(), type: 'Primary' }],
      phones: f.helpers.multiple(
        () => ({
          number: f.phone.number({ style: 'national' }),
          type: f.helpers.arrayElement(['Mobile', 'Home', 'Work']),
        }),
        { count: { min: 1, max: 2 } },
      ),
      address: {
        street: f.location.streetAddress(),
        city: f.location.city(),
        state: f.location.state({ abbreviated: true }),
        postalCode: f.location.zipCode('#####'),
        country: 'US',
      },
      tags: fleet ? [customerTags[1]!] : f.helpers.arrayElements(customerTags, { min: 0, max: 2 }),
      notes: f.datatype.boolean({ probability: 0.3 })
        ? f.helpers.arrayElement([
            'Prefers morning drop-off.',
            'Call before any work over $300.',
            'Loaner car requested.',
            'Pays by invoice, net 30.',
          ])
        : '',
      locationIds:
        n === 1 ? locationIds.slice(0, 1) : f.helpers.arrayElements(locationIds, { min: 1, max: locationIds.length }),
      status: n <= 2 || f.datatype.boolean({ probability: 0.93 }) ? 'Active' : 'Inactive',
      createdDate: iso(created),
      updatedDate: iso(updated),
    };
    company.customers.set(record.customerId, record);
  }
}
