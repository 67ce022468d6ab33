import { Faker, en } from '@faker-js/faker';

/** A faker seeded from the run's SEED and a per-check label, so each check is reproducible alone. */
export function seededFaker(seed: number, label: string): Faker {
  const f = new Faker({ locale: [en] });
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
