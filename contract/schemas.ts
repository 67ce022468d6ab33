import { z } from 'zod';

/**
 * zod schemas of the shapes the spec shows. Strict on documented fields and their types,
 * tolerant of extra fields (looseObject), since "not shown" fields may exist.
 */

export const itemTypes = ['part', 'tire', 'labor', 'discount', 'fee'] as const;
export const creatableItemTypes = ['part', 'tire'] as const;
export const itemStatuses = ['Active', 'Inactive'] as const;
export const mileageUnits = ['Miles', 'KM'] as const;
export const poSources = ['inventory', 'online', 'orders'] as const;
export const poIntegrationSources = ['Inventory', 'PartsCatalog', 'TireCatalog', 'ManualOrder'] as const;

export type ItemType = (typeof itemTypes)[number];
export type PoSource = (typeof poSources)[number];
export type PoIntegrationSource = (typeof poIntegrationSources)[number];

const anyObject = z.looseObject({});

/** §2.7: create / update / archive of vehicles and items. */
export const writeEnvelope = z.looseObject({
  success: z.boolean(),
  message: z.string(),
  data: anyObject,
});

/** §2.7: vehicles list and get-by-id. */
export const vehicleListEnvelope = z.looseObject({
  message: z.string(),
  results: z.looseObject({
    content: z.array(z.unknown()),
    pagination: anyObject,
  }),
});

/**
 * §2.7, §4.1: get-by-id answers the same envelope, `content` typed an array there too (the row names
 * list and get-by-id together); a bare vehicle as content is not conforming (S-2.7-get-by-id-envelope,
 * corrected 2026-12-02). Only what pagination holds for one record is open.
 */
export const vehicleGetEnvelope = vehicleListEnvelope;

/** §2.1 Tag: color is hexadecimal RGB without a leading #. */
export const hexColorWithoutHash = z.string().regex(/^(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/);
export const vehicleTag = z.looseObject({ name: z.string(), color: hexColorWithoutHash });

/** §2.7: the items page object. */
export const itemsPage = z.looseObject({
  content: z.array(z.unknown()),
  pageable: z.looseObject({
    sort: anyObject,
    offset: z.number(),
    pageSize: z.number(),
    pageNumber: z.number(),
    paged: z.boolean(),
    unpaged: z.boolean(),
  }),
  totalPages: z.number(),
  totalCount: z.number(),
  last: z.boolean(),
  size: z.number(),
  number: z.number(),
  first: z.boolean(),
  sort: z.looseObject({ unsorted: z.boolean(), sorted: z.boolean(), empty: z.boolean() }),
  numberOfElements: z.number(),
  empty: z.boolean(),
});
export type ItemsPage = z.infer<typeof itemsPage>;

/** §2.2 PartDetails. */
export const partDetails = z.looseObject({
  defaultQuantity: z.number(),
  costPerUnit: z.number(),
  hasCore: z.boolean(),
  coreCost: z.number(),
  totalCost: z.number(),
  pricePerUnit: z.number(),
  pricingMatrix: z.string(),
  totalPrice: z.number(),
  isStockItem: z.boolean(),
  supplier: z.string(),
  brand: z.string(),
  productLine: z.string(),
  warrantyEligible: z.boolean(),
  warrantyName: z.string(),
  associatedFeesName: z.array(z.unknown()),
});

/** §2.2 TireDetails, as documented on create. */
export const tireDetails = z.looseObject({
  tireDisplayName: z.string(),
  model: z.string(),
  brand: z.string(),
  tireWidth: z.number().int(),
  tireProfile: z.number().int(),
  tireSize: z.string(),
  defaultQuantity: z.number(),
  costPerUnit: z.number(),
  pricePerUnit: z.number(),
  seasonality: z.number().int(),
});

/** §2.2 common item fields, as returned by get-by-id. */
export const item = z.looseObject({
  itemId: z.string(),
  companyId: z.string(),
  itemType: z.enum(itemTypes),
  itemName: z.string(),
  itemNameFR: z.string(),
  itemNumber: z.string(),
  category: z.string(),
  subCategory: z.string(),
  subSubCategory: z.string(),
  description: z.string(),
  descriptionFR: z.string(),
  displayQuantityOnRO: z.boolean(),
  displayDescriptionOnRO: z.boolean(),
  status: z.enum(itemStatuses),
  taxable: z.boolean(),
  commissionable: z.boolean(),
  internalNotes: z.string(),
  salesCodeName: z.string(),
  salesCode: z.string(),
  details: anyObject,
});
export type Item = z.infer<typeof item>;

/** §2.2 request shapes on create. */
export const partDetailsInput = z.looseObject({
  defaultQuantity: z.number(),
  costPerUnit: z.number(),
  pricePerUnit: z.number(),
  isStockItem: z.boolean(),
  supplier: z.string(),
  brand: z.string(),
});
export type PartDetailsInput = z.infer<typeof partDetailsInput>;
export type TireDetailsInput = z.infer<typeof tireDetails>;

export interface ItemCreateInput {
  itemType: string;
  itemName: string;
  itemNumber: string;
  status: string;
  taxable: boolean;
  description?: string;
  partDetails?: PartDetailsInput;
  tireDetails?: TireDetailsInput;
  [extra: string]: unknown;
}

/** ISO 8601 datetime: date, time, optional seconds and fraction, optional zone. */
export const iso8601DateTime = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?$/);

/** §2.6 line item: brand nullable, reserved fields always null. */
export const poLineItem = z.looseObject({
  brand: z.string().nullable(),
  requestedPartNumber: z.null(),
  requestedQuantity: z.null(),
});

export const purchaseOrder = z.looseObject({
  id: z.union([z.string(), z.number()]),
  source: z.enum(poSources),
  integrationSource: z.enum(poIntegrationSources),
  orderItems: z.array(z.unknown()),
});
export type PurchaseOrder = z.infer<typeof purchaseOrder>;

/** §2.7 purchase-order envelopes; `error` is null on success (§7). */
export const poListEnvelope = z.looseObject({
  status: z.boolean(),
  data: z.array(z.unknown()),
  // Optional (§2.7): absent or null alike (S-2.7-po-pagination, S-JSON-null-absent-empty).
  pagination: anyObject.nullish(),
  error: z.null(),
});
export const poGetEnvelope = z.looseObject({
  status: z.boolean(),
  data: anyObject,
  error: z.null(),
});

/** Dates of the appointment-request create body (§2.5): YYYY-MM-DD HH:mm. */
export const appointmentDateTime = z.string().regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
/** Date-only form used by the slots window and PO date filters. */
export const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
