import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { partDetailsInput, tireDetails, type ItemCreateInput } from '../contract/schemas.js';
import {
  buildPart,
  buildPartWithoutDetails,
  buildTire,
  buildTireWithoutDetails,
  buildUncreatable,
  invalidItemArbitrary,
  validItemArbitrary,
} from '../generators/items.js';
import { seededFaker } from '../generators/random.js';
import { plainText } from '../generators/text.js';
import { buildVehicle, vehicleTags, withCheckDigit } from '../generators/vehicles.js';

/** The §4.2 creation rules an item payload breaks, as the generators' own oracle. */
function brokenRules(i: ItemCreateInput): string[] {
  const out: string[] = [];
  if (i.itemType !== 'part' && i.itemType !== 'tire') out.push(`itemType ${i.itemType} is not creatable`);
  if (i.itemType === 'part' && !partDetailsInput.safeParse(i.partDetails).success) out.push('part without partDetails');
  if (i.itemType === 'tire' && !tireDetails.safeParse(i.tireDetails).success) out.push('tire without tireDetails');
  return out;
}

describe('item generators', () => {
  it('valid builders and arbitraries break no creation rule, and carry the marker', () => {
    const f = seededFaker(1, 'gen');
    for (const item of [buildPart(f, 'cnf-m1'), buildTire(f, 'cnf-m1')]) {
      expect(brokenRules(item)).toEqual([]);
      // Only the create fields §4.2 lists go out (S-2.2-create-extra-fields); the marker rides in itemName.
      expect(item.itemName).toContain('cnf-m1');
      expect(item).not.toHaveProperty('description');
    }
    fc.assert(
      fc.property(validItemArbitrary('cnf-m2'), (build) => brokenRules(build()).length === 0),
      { seed: 42, numRuns: 200 },
    );
  });

  it('each invalid variant breaks exactly the rule it names', () => {
    const f = seededFaker(2, 'gen');
    expect(brokenRules(buildPartWithoutDetails(f, 'm'))).toEqual(['part without partDetails']);
    expect(brokenRules(buildTireWithoutDetails(f, 'm'))).toEqual(['tire without tireDetails']);
    for (const t of ['labor', 'discount', 'fee'] as const)
      expect(brokenRules(buildUncreatable(f, 'm', t))).toEqual([`itemType ${t} is not creatable`]);
    fc.assert(
      fc.property(invalidItemArbitrary('m'), ({ rule, build }) => {
        expect(brokenRules(build())).toEqual([rule]);
      }),
      { seed: 43, numRuns: 100 },
    );
  });

  it('item numbers are unique across builds, so a check finds its own item', () => {
    const f = seededFaker(3, 'gen');
    const numbers = Array.from({ length: 500 }, () => buildPart(f, 'cnf-same').itemNumber);
    expect(new Set(numbers).size).toBe(500);
  });
});

describe('text and identifiers every store keeps as sent', () => {
  it('a VIN carries its ISO 3779 check digit in the ninth place (S-2.1-vin)', () => {
    expect(withCheckDigit('1M8GDM9AKP042788')).toBe('1M8GDM9AXKP042788');
    expect(withCheckDigit('11111111' + '11111111')).toBe('11111111111111111');
    const f = seededFaker(7, 'vin');
    const v = buildVehicle(f, 'mk', 'c1');
    expect(v.vin).toHaveLength(17);
    expect(withCheckDigit(v.vin.slice(0, 8) + v.vin.slice(9))).toBe(v.vin);
  });

  it('tags of one vehicle have distinct names (S-2.1-tags)', () => {
    const f = seededFaker(3, 'tags');
    for (let i = 0; i < 50; i++) {
      const names = vehicleTags(f, 3).map((t) => t.name);
      expect(new Set(names).size).toBe(names.length);
    }
  });

  it('plain text has no doubled or outer spaces, quotes, markup or -- (S-TEXT-trimming, S-TEXT-markup, S-GW-waf)', () => {
    expect(plainText(` O'Hara  &  <b>Sons</b> -- "x"  `)).toBe('OHara bSons/b - x');
    fc.assert(
      fc.property(fc.string(), (s) => {
        const t = plainText(s);
        expect(t).toBe(t.trim());
        expect(t).not.toMatch(/\s{2}|['"`<>&]|--/);
      }),
    );
  });
});
