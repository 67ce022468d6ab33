import type { Faker } from '@faker-js/faker';
import { faker as english } from '@faker-js/faker/locale/en';
import type { CompanyData } from '../model.js';
import { seedItems } from './items.js';
import { seedAppointmentRequests } from './appointment-requests.js';
import { seedPurchaseOrders } from './purchase-orders.js';
import { seedCustomers } from './customers.js';
import { seedVehicles } from './vehicles.js';
import { seedInventoryLevels } from './inventory-levels.js';
import { defaultSeedSizes, type SeedSizes } from './sizes.js';
import { isDefaultProfile, seedContext, type DataProfile, type SeedContext } from './profile.js';
import { tieSortKeys } from './ties.js';

// English only: the package's root entry loads every locale (0.15 s of CPU per process).
const EnglishFaker = english.constructor as typeof Faker;

export { SEED_EPOCH } from './epoch.js';
export { defaultSeedSizes, seedSizesWith, type SeedSizeOptions, type SeedSizes } from './sizes.js';
export { type DataProfile } from './profile.js';

export interface SeedFixtures {
  companyId: string;
  otherCompanyId: string;
  locationId: string;
  /** Another location of companyId: the run may set levels of its own items there too (SECOND_LOCATION_ID). */
  secondLocationId: string;
  otherLocationId: string;
  /** An existing customer of companyId, for the vehicle checks. */
  customerId: string;
}

export const fixtures: SeedFixtures = {
  companyId: 'cmp_harbor_auto',
  otherCompanyId: 'cmp_ridge_motors',
  locationId: 'loc_harbor_main',
  secondLocationId: 'loc_harbor_east',
  otherLocationId: 'loc_ridge_main',
  customerId: 'cus_harbor_0001',
};

export type SeedStep = (f: Faker, company: CompanyData, sizes: SeedSizes, ctx: SeedContext) => void;

/** Per-resource seeders run in this order; each owns its own collection. */
const steps: SeedStep[] = [
  seedItems,
  seedCustomers,
  seedVehicles,
  seedInventoryLevels,
  seedAppointmentRequests,
  seedPurchaseOrders,
];
export function addSeedStep(step: SeedStep): void {
  if (!steps.includes(step)) steps.push(step);
}

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

const cache = new Map<string, ReadonlyMap<string, CompanyData>>();

/**
 * Two companies, deterministic for a given seed, sizes and data profile; computed once and cloned per
 * mock instance. Other sizes than the defaults give larger (or smaller) data from the same generators;
 * the default profile gives the documented data (mock/seed/profile.ts).
 */
export function seededCompanies(
  seed = 20260101,
  sizes: SeedSizes = defaultSeedSizes,
  profile: DataProfile = {},
): ReadonlyMap<string, CompanyData> {
  const key = `${seed}|${JSON.stringify(sizes)}${isDefaultProfile(profile) ? '' : `|${JSON.stringify(profile)}`}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const companies = new Map<string, CompanyData>();
  const ctx = seedContext(profile);
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
  // Data dated from a start's own now are that start's: kept, they would only fill the memory.
  if (profile.now === undefined) cache.set(key, companies);
  return companies;
}
