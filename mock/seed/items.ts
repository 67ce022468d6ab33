import type { Faker } from '@faker-js/faker';
import { itemTypes, type ItemType } from '../../contract/schemas.js';
import type { CompanyData, ItemRecord } from '../model.js';
import { seedContext, type SeedContext } from './profile.js';
import { defaultSeedSizes, type SeedSizes } from './sizes.js';

export const SEEDED_ITEMS_PER_COMPANY = defaultSeedSizes.items;

const iso = (ms: number) => new Date(ms).toISOString();
const money = (f: Faker, min: number, max: number) => Number(f.commerce.price({ min, max, dec: 2 }));

function details(f: Faker, type: ItemType): Record<string, unknown> {
  switch (type) {
    case 'part': {
      const costPerUnit = money(f, 2, 400);
      const pricePerUnit = Number((costPerUnit * 1.4).toFixed(2));
      const hasCore = f.datatype.boolean({ probability: 0.2 });
      const coreCost = hasCore ? money(f, 5, 60) : 0;
      return {
        defaultQuantity: f.number.int({ min: 1, max: 4 }),
        costPerUnit,
        hasCore,
        coreCost,
        totalCost: Number((costPerUnit + coreCost).toFixed(2)),
        pricePerUnit,
        pricingMatrix: f.helpers.arrayElement(['Standard', 'Premium', 'Fleet', '']),
        totalPrice: Number((pricePerUnit + coreCost).toFixed(2)),
        isStockItem: f.datatype.boolean({ probability: 0.6 }),
        supplier: f.company.name(),
        brand: f.helpers.arrayElement(['Bosch', 'ACDelco', 'Denso', 'Moog', 'Wagner', 'NGK', 'Gates']),
        productLine: f.commerce.productAdjective(),
        warrantyEligible: f.datatype.boolean(),
        warrantyName: f.helpers.arrayElement(['12 months', '24 months', 'Lifetime', '']),
        associatedFeesName: f.helpers.arrayElements(['Shop supplies', 'Disposal fee', 'Core charge'], {
          min: 0,
          max: 2,
        }),
      };
    }
    case 'tire': {
      const width = f.helpers.arrayElement([185, 195, 205, 215, 225, 235, 245, 265]);
      const profile = f.helpers.arrayElement([45, 50, 55, 60, 65, 70]);
      const rim = f.helpers.arrayElement([15, 16, 17, 18, 19, 20]);
      const brand = f.helpers.arrayElement(['Michelin', 'Bridgestone', 'Goodyear', 'Pirelli', 'Continental']);
      const model = f.helpers.arrayElement(['Defender', 'Turanza', 'Assurance', 'Cinturato', 'ExtremeContact']);
      const costPerUnit = money(f, 60, 300);
      return {
        tireDisplayName: `${brand} ${model} ${width}/${profile}R${rim}`,
        model,
        brand,
        tireWidth: width,
        tireProfile: profile,
        tireSize: `${width}/${profile}R${rim}`,
        defaultQuantity: 4,
        costPerUnit,
        pricePerUnit: Number((costPerUnit * 1.3).toFixed(2)),
        seasonality: f.helpers.arrayElement([1, 2, 3]),
      };
    }
    case 'labor':
      return {
        hours: f.number.float({ min: 0.5, max: 8, fractionDigits: 1 }),
        rate: money(f, 80, 180),
        technicianLevel: f.helpers.arrayElement(['A', 'B', 'C']),
      };
    case 'discount':
      return { discountType: f.helpers.arrayElement(['percent', 'amount']), value: f.number.int({ min: 5, max: 50 }) };
    case 'fee':
      return {
        feeType: f.helpers.arrayElement(['flat', 'percent']),
        amount: money(f, 1, 40),
        taxable: f.datatype.boolean(),
      };
  }
}

export function seedItems(
  f: Faker,
  company: CompanyData,
  sizes: SeedSizes = defaultSeedSizes,
  ctx: SeedContext = seedContext(),
): void {
  for (let i = 0; i < sizes.items; i++) {
    const itemType = itemTypes[i % itemTypes.length]!;
    const itemId = `itm_${company.companyId.slice(4, 8)}_${String(i + 1).padStart(4, '0')}`;
    const created = ctx.anchor - ctx.days(f.number.int({ min: 30, max: 700 })) * 86_400_000;
    const updated = ctx.notAfterNow(
      created + ctx.days(f.number.int({ min: 0, max: 29 })) * 86_400_000 + f.number.int({ min: 0, max: 86_399 }) * 1000,
    );
    const name = itemType === 'tire' ? 'Tire' : f.commerce.productName();
    const record: ItemRecord = {
      itemId,
      companyId: company.companyId,
      itemType,
      itemName: `${name}`,
      itemNameFR: '',
      itemNumber: `${itemType.slice(0, 2).toUpperCase()}-${f.string.alphanumeric({ length: 6, casing: 'upper' })}`,
      category: f.commerce.department(),
      subCategory: f.commerce.productMaterial(),
      subSubCategory: '',
      description: f.commerce.productDescription(),
      descriptionFR: '',
      displayQuantityOnRO: f.datatype.boolean(),
      displayDescriptionOnRO: f.datatype.boolean(),
      status: f.datatype.boolean({ probability: 0.85 }) ? 'Active' : 'Inactive',
      taxable: f.datatype.boolean({ probability: 0.8 }),
      commissionable: f.datatype.boolean(),
      internalNotes: '',
      salesCodeName: f.helpers.arrayElement(['Parts', 'Tires', 'Labor', 'Misc']),
      salesCode: f.string.numeric(4),
      details: details(f, itemType),
      createdDate: iso(created),
      updatedDate: iso(updated),
    };
    company.items.set(itemId, record);
  }
}
