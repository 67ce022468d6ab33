import type { Faker } from '@faker-js/faker';
import { faker as english } from '@faker-js/faker/locale/en';

// The package's root entry loads every locale (about 0.15 s of CPU in each process and worker);
// this entry loads English only, and its instance lends the class. Same values for a seed.
const EnglishFaker = english.constructor as typeof Faker;

/** A faker seeded from the run's SEED and a per-check label, so each check is reproducible alone. */
export function seededFaker(seed: number, label: string): Faker {
  const f = new EnglishFaker({ locale: english.rawDefinitions });
  let h = seed >>> 0;
  for (let i = 0; i < label.length; i++) h = Math.imul(h ^ label.charCodeAt(i), 0x01000193) >>> 0;
  f.seed(h);
  return f;
}

/** Shortens a run marker into a value that fits code-like fields (item numbers, plates). */
export function compactMarker(marker: string): string {
  return marker
    .replace(/[^A-Za-z0-9]/g, '')
    .slice(-16)
    .toUpperCase();
}
