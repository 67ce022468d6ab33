import type { CompanyData } from '../model.js';
import { defaultSeedSizes, type SeedSizes } from './sizes.js';
import { isDefaultProfile, seedContext, type DataProfile } from './profile.js';
import { readSeedCache, writeSeedCache } from './disk-cache.js';

export { SEED_EPOCH } from './epoch.js';
export { fixtures, type SeedFixtures } from './fixtures.js';
export { defaultSeedSizes, seedSizesWith, type SeedSizeOptions, type SeedSizes } from './sizes.js';
export { type DataProfile } from './profile.js';

const cache = new Map<string, ReadonlyMap<string, CompanyData>>();

/**
 * Two companies, deterministic for a given seed, sizes and data profile; computed once and cloned per
 * mock instance. Other sizes than the defaults give larger (or smaller) data from the same generators;
 * the default profile gives the documented data (mock/seed/profile.ts). Faker loads only when the data
 * are generated: most starts read them back (in memory, or from disk-cache.ts).
 */
export async function seededCompanies(
  seed = 20260101,
  sizes: SeedSizes = defaultSeedSizes,
  profile: DataProfile = {},
): Promise<ReadonlyMap<string, CompanyData>> {
  const key = `${seed}|${JSON.stringify(sizes)}${isDefaultProfile(profile) ? '' : `|${JSON.stringify(profile)}`}`;
  const hit = cache.get(key);
  if (hit) return hit;
  // Data dated from a start's own now are that start's: kept, they would only fill the memory.
  const keep = profile.now === undefined;
  const ctx = seedContext(profile);
  // Half the appointment requests sit around today: the day is part of what a stored seed holds.
  const stored = keep ? readSeedCache(`${key}|${ctx.today}`) : undefined;
  if (stored) {
    cache.set(key, stored);
    return stored;
  }
  const { generateCompanies } = await import('./generate.js');
  const companies = generateCompanies(seed, sizes, profile, ctx);
  if (keep) {
    cache.set(key, companies);
    writeSeedCache(`${key}|${ctx.today}`, companies);
  }
  return companies;
}
