import type { Faker } from '@faker-js/faker';
import type { PoIntegrationSource, PoSource } from '../../contract/schemas.js';
import type { CompanyData, PoLineItem, PurchaseOrderRecord } from '../model.js';
import { seedContext, type SeedContext } from './profile.js';
import { defaultSeedSizes, type SeedSizes } from './sizes.js';

/** Seeded purchase orders across the three backends of §2.6 (read-only: §4.6 has no writes). */

/** Per backend and company (the default sizes). */
export const SEEDED_PURCHASE_ORDERS: Readonly<Record<PoSource, number>> = defaultSeedSizes.purchaseOrders;

const DAY = 86_400_000;
const brands = ['Bosch', 'ACDelco', 'Denso', 'Moog', 'Wagner', 'NGK', 'Gates', 'Michelin', 'Bridgestone'];
const statuses = ['Ordered', 'Received', 'Partially received', 'Invoiced', 'Closed'];

/** The channels each backend serves (§2.6, §4.6 source table), with a realistic mix. */
function channelOf(f: Faker, source: PoSource): PoIntegrationSource {
  switch (source) {
    case 'inventory':
      return 'Inventory';
    case 'online':
      return f.helpers.weightedArrayElement<PoIntegrationSource>([
        { weight: 6, value: 'PartsCatalog' },
        { weight: 4, value: 'TireCatalog' },
      ]);
    case 'orders':
      return f.helpers.weightedArrayElement<PoIntegrationSource>([
        { weight: 4, value: 'ManualOrder' },
        { weight: 4, value: 'PartsCatalog' },
        { weight: 2, value: 'TireCatalog' },
      ]);
  }
}

function lineItems(f: Faker, channel: PoIntegrationSource, poKey: string): PoLineItem[] {
  return Array.from({ length: f.number.int({ min: 1, max: 4 }) }, (_, i) => {
    const itemType =
      channel === 'TireCatalog'
        ? 'tire'
        : channel === 'PartsCatalog'
          ? 'part'
          : f.helpers.arrayElement(['part', 'part', 'tire'] as const);
    return {
      lineId: `${poKey}_l${i + 1}`,
      itemType,
      partNumber: f.string.alphanumeric({ length: 8, casing: 'upper' }),
      description:
        itemType === 'tire' ? `${f.helpers.arrayElement([205, 215, 225])}/55R16 tire` : f.commerce.productName(),
      quantity: itemType === 'tire' ? f.helpers.arrayElement([2, 4]) : f.number.int({ min: 1, max: 6 }),
      unitCost: Number(f.commerce.price({ min: 3, max: 350, dec: 2 })),
      // §2.6: the inventory brand, null when the part has none.
      brand: f.datatype.boolean({ probability: 0.75 }) ? f.helpers.arrayElement(brands) : null,
      requestedPartNumber: null,
      requestedQuantity: null,
    };
  });
}

function order(f: Faker, company: CompanyData, source: PoSource, index: number, ctx: SeedContext): PurchaseOrderRecord {
  const key = `po_${source.slice(0, 3)}_${company.companyId.slice(4, 8)}_${String(index + 1).padStart(4, '0')}`;
  const channel = channelOf(f, source);
  const created =
    ctx.anchor - ctx.days(f.number.int({ min: 1, max: 400 })) * DAY - f.number.int({ min: 0, max: 86_399 }) * 1000;
  const updated = ctx.notAfterNow(
    created + ctx.days(f.number.int({ min: 0, max: 20 })) * DAY + f.number.int({ min: 0, max: 86_399 }) * 1000,
  );
  const invoice = ctx.notAfterNow(created + ctx.days(f.number.int({ min: 0, max: 10 })) * DAY);
  const iso = (ms: number) => new Date(ms).toISOString();
  return {
    id: key,
    companyId: company.companyId,
    locationId: company.locations[index % company.locations.length]!.locationId,
    source,
    integrationSource: channel,
    // §4.6: order-level purchase orders are tied to repair orders.
    repairOrderId:
      source === 'orders' ? `ro_${company.companyId.slice(4, 8)}_${f.number.int({ min: 1000, max: 1060 })}` : null,
    supplier:
      channel === 'TireCatalog' ? f.helpers.arrayElement(['Tire Rack', 'ATD', 'US AutoForce']) : f.company.name(),
    poNumber: `PO-${f.string.numeric(6)}`,
    status: f.helpers.arrayElement(statuses),
    orderItems: lineItems(f, channel, key),
    createdDate: iso(created),
    updatedDate: iso(updated),
    invoiceDate: iso(invoice),
    paymentDueDate: iso(invoice + 30 * DAY),
  };
}

export function seedPurchaseOrders(
  f: Faker,
  company: CompanyData,
  sizes: SeedSizes = defaultSeedSizes,
  ctx: SeedContext = seedContext(),
): void {
  for (const source of Object.keys(sizes.purchaseOrders) as PoSource[]) {
    for (let i = 0; i < sizes.purchaseOrders[source]; i++) {
      const po = order(f, company, source, i, ctx);
      company.purchaseOrders.set(po.id, po);
    }
  }
}
