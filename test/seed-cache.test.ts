import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import { seededCompanies } from '../mock/seed/index.js';
import { readSeedCache } from '../mock/seed/disk-cache.js';
import { seedContext } from '../mock/seed/profile.js';
import { defaultSeedSizes } from '../mock/seed/sizes.js';

/**
 * The seed kept on disk (mock/seed/disk-cache.ts) is the seed generated: read back, every company,
 * collection and record is deeply and strictly equal to what faker made (no key lost to JSON, no
 * value changed), so a mock started from the cache serves the same data as one that generated it.
 */
describe('the seed kept on disk between processes', () => {
  it('reads back equal, record for record, to the data generated', async () => {
    // A seed no other test uses, so this process generates it (and stores it) here.
    const seed = 424_242;
    const generated = await seededCompanies(seed);
    const key = `${seed}|${JSON.stringify(defaultSeedSizes)}|${seedContext({}).today}`;
    const stored = readSeedCache(key);
    expect(stored, 'the generated seed was stored').toBeDefined();
    expect([...stored!.keys()]).toEqual([...generated.keys()]);
    for (const [id, company] of generated) {
      const back = stored!.get(id)!;
      for (const k of Object.keys(company) as (keyof typeof company & string)[])
        expect(isDeepStrictEqual(back[k], company[k]), `${id}.${k}`).toBe(true);
    }
  });

  it('misses, never guesses, for a key it does not hold', () => {
    expect(readSeedCache('no such seed')).toBeUndefined();
  });
});
