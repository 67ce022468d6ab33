import type { Faker } from '@faker-js/faker';
import { faker as english } from '@faker-js/faker/locale/en';
import type { CompanyData } from '../model.js';
import { seedAppointmentRequests } from './appointment-requests.js';
import { seedCustomers } from './customers.js';
import { fixtures } from './fixtures.js';
import { seedInventoryLevels } from './inventory-levels.js';
import { seedItems } from './items.js';
import type { DataProfile, SeedContext } from './profile.js';
import { seedPurchaseOrders } from './purchase-orders.js';
import type { SeedSizes } from './sizes.js';
import { tieSortKeys } from './ties.js';
import { seedVehicles } from './vehicles.js';

// English only: the package's root entry loads every locale (0.15 s of CPU per process).
const EnglishFaker = english.constructor as typeof Faker;

export type SeedStep = (f: Faker, company: CompanyData, sizes: SeedSizes, ctx: SeedContext) => void;

/** Per-resource seeders run in this order; each owns its own collection. */
const steps: readonly SeedStep[] = [
  seedItems,
  seedCustomers,
  seedVehicles,
  seedInventoryLevels,
  seedAppointmentRequests,
  seedPurchaseOrders,
];

function emptyCompany(companyId: string, name: string, locationIds: string[]): CompanyData {
  return {
    companyId,
    name,
    locations: locationIds.map((locationId, i) => ({ locationId, name: `${name} #${i + 1}` })),
    items: new Map(),
    vehicles: new Map(),
    customers: new Map(),
    inventoryLevels: new Map(),
    appointmentRequests: new Map(),
    purchaseOrders: new Map(),
  };
}

/** The two companies, generated with faker from the seed, the sizes and the data profile (index.ts keeps them). */
export function generateCompanies(
  seed: number,
  sizes: SeedSizes,
  profile: DataProfile,
  ctx: SeedContext,
): Map<string, CompanyData> {
  const companies = new Map<string, CompanyData>();
  const o = profile.otherSizes;
  const otherSizes: SeedSizes = o
    ? { ...sizes, ...o, purchaseOrders: { ...sizes.purchaseOrders, ...o.purchaseOrders } }
    : sizes;
  const specs: [string, string, string[]][] = [
    [fixtures.companyId, 'Harbor Auto Repair', [fixtures.locationId, fixtures.secondLocationId]],
    [fixtures.otherCompanyId, 'Ridge Motors', [fixtures.otherLocationId, 'loc_ridge_west']],
  ];
  specs.forEach(([id, name, locs], index) => {
    const f = new EnglishFaker({ locale: english.rawDefinitions });
    f.seed(seed + index * 7919);
    const company = emptyCompany(id, name, locs);
    for (const step of steps) step(f, company, index === 0 ? sizes : otherSizes, ctx);
    if (profile.ties) tieSortKeys(company, seed + index);
    companies.set(id, company);
  });
  return companies;
}
