import { creatableItemTypes, itemStatuses, itemTypes, type ItemType } from '../../contract/schemas.js';
import { bulkArray, companyOf, isObject } from '../context.js';
import { badRequest, notFound, ok, type Reply } from '../http.js';
import type { CompanyData, ItemRecord } from '../model.js';
import { dateParam, inWindow, oneOf, pageRequest, slice, type PageRequest } from '../query.js';
import type { Handler, RequestContext, Route } from '../types.js';
import { writeReply } from './results-envelope.js';

/** Items: §2.2, §3, §4.2; page object of §2.7. */

function str(v: unknown, field: string, fallback?: string): string {
  if (v === undefined && fallback !== undefined) return fallback;
  if (typeof v !== 'string') badRequest(`${field} must be a string`);
  if ((v as string).length > 1000) badRequest(`${field} is too long`);
  return v as string;
}
function num(v: unknown, field: string, fallback?: number): number {
  if (v === undefined && fallback !== undefined) return fallback;
  if (typeof v !== 'number' || !Number.isFinite(v)) badRequest(`${field} must be a finite number`);
  return v as number;
}
function int(v: unknown, field: string): number {
  const n = num(v, field);
  if (!Number.isInteger(n)) badRequest(`${field} must be an integer`);
  return n;
}
function bool(v: unknown, field: string, fallback?: boolean): boolean {
  if (v === undefined && fallback !== undefined) return fallback;
  if (typeof v !== 'boolean') badRequest(`${field} must be a boolean`);
  return v as boolean;
}

function partDetailsFrom(raw: unknown): Record<string, unknown> {
  // §4.2 rule: a part needs partDetails.
  if (!isObject(raw)) badRequest('partDetails is required when itemType is part');
  const d = raw as Record<string, unknown>;
  const costPerUnit = num(d.costPerUnit, 'partDetails.costPerUnit');
  const pricePerUnit = num(d.pricePerUnit, 'partDetails.pricePerUnit');
  const hasCore = bool(d.hasCore, 'partDetails.hasCore', false);
  const coreCost = num(d.coreCost, 'partDetails.coreCost', 0);
  return {
    defaultQuantity: num(d.defaultQuantity, 'partDetails.defaultQuantity'),
    costPerUnit,
    hasCore,
    coreCost,
    totalCost: Number((costPerUnit + coreCost).toFixed(2)),
    pricePerUnit,
    pricingMatrix: str(d.pricingMatrix, 'partDetails.pricingMatrix', ''),
    totalPrice: Number((pricePerUnit + coreCost).toFixed(2)),
    isStockItem: bool(d.isStockItem, 'partDetails.isStockItem'),
    supplier: str(d.supplier, 'partDetails.supplier'),
    brand: str(d.brand, 'partDetails.brand'),
    productLine: str(d.productLine, 'partDetails.productLine', ''),
    warrantyEligible: bool(d.warrantyEligible, 'partDetails.warrantyEligible', false),
    warrantyName: str(d.warrantyName, 'partDetails.warrantyName', ''),
    associatedFeesName: Array.isArray(d.associatedFeesName)
      ? d.associatedFeesName.filter((x) => typeof x === 'string')
      : [],
  };
}

function tireDetailsFrom(raw: unknown): Record<string, unknown> {
  // §4.2 rule: a tire needs tireDetails.
  if (!isObject(raw)) badRequest('tireDetails is required when itemType is tire');
  const d = raw as Record<string, unknown>;
  return {
    tireDisplayName: str(d.tireDisplayName, 'tireDetails.tireDisplayName'),
    model: str(d.model, 'tireDetails.model'),
    brand: str(d.brand, 'tireDetails.brand'),
    tireWidth: int(d.tireWidth, 'tireDetails.tireWidth'),
    tireProfile: int(d.tireProfile, 'tireDetails.tireProfile'),
    tireSize: str(d.tireSize, 'tireDetails.tireSize'),
    defaultQuantity: num(d.defaultQuantity, 'tireDetails.defaultQuantity'),
    costPerUnit: num(d.costPerUnit, 'tireDetails.costPerUnit'),
    pricePerUnit: num(d.pricePerUnit, 'tireDetails.pricePerUnit'),
    seasonality: int(d.seasonality, 'tireDetails.seasonality'),
  };
}

/** Reads the details of one creatable item type from a create entry (§2.2, §4.2). */
export type DetailsReader = (entry: Record<string, unknown>) => Record<string, unknown>;

/** §2.2, §4.2: only parts and tires are created, and each needs its own details object. */
export const detailsReaders: Record<(typeof creatableItemTypes)[number], DetailsReader> = {
  part: (entry) => partDetailsFrom(entry.partDetails),
  tire: (entry) => tireDetailsFrom(entry.tireDetails),
};

export type DetailsReaders = Readonly<Partial<Record<ItemType, DetailsReader>>>;

function itemFrom(
  ctx: RequestContext,
  readers: DetailsReaders,
  companyId: string,
  raw: Record<string, unknown>,
  index: number,
): ItemRecord {
  const at = `items[${index}]`;
  const itemType = raw.itemType;
  if (typeof itemType !== 'string' || !(itemTypes as readonly string[]).includes(itemType)) {
    badRequest(`${at}.itemType must be one of ${creatableItemTypes.join(', ')}`);
  }
  const readDetails = readers[itemType as ItemType];
  if (!readDetails) badRequest(`${at}.itemType ${String(itemType)} cannot be created; only part and tire`);
  const status = raw.status === undefined ? 'Active' : raw.status;
  if (!(itemStatuses as readonly unknown[]).includes(status)) badRequest(`${at}.status must be Active or Inactive`);
  const details = readDetails!(raw);
  const now = ctx.store.now();
  return {
    itemId: ctx.store.nextId('itm'),
    companyId,
    itemType: itemType as ItemRecord['itemType'],
    itemName: str(raw.itemName, `${at}.itemName`),
    itemNameFR: str(raw.itemNameFR, `${at}.itemNameFR`, ''),
    itemNumber: str(raw.itemNumber, `${at}.itemNumber`),
    category: str(raw.category, `${at}.category`, ''),
    subCategory: str(raw.subCategory, `${at}.subCategory`, ''),
    subSubCategory: str(raw.subSubCategory, `${at}.subSubCategory`, ''),
    description: str(raw.description, `${at}.description`, ''),
    descriptionFR: str(raw.descriptionFR, `${at}.descriptionFR`, ''),
    displayQuantityOnRO: bool(raw.displayQuantityOnRO, `${at}.displayQuantityOnRO`, true),
    displayDescriptionOnRO: bool(raw.displayDescriptionOnRO, `${at}.displayDescriptionOnRO`, true),
    status: status as ItemRecord['status'],
    taxable: bool(raw.taxable, `${at}.taxable`),
    commissionable: bool(raw.commissionable, `${at}.commissionable`, false),
    internalNotes: str(raw.internalNotes, `${at}.internalNotes`, ''),
    salesCodeName: str(raw.salesCodeName, `${at}.salesCodeName`, ''),
    salesCode: str(raw.salesCode, `${at}.salesCode`, ''),
    details,
    createdDate: now,
    updatedDate: now,
  };
}

/** POST /items (§4.2): a bulk create, every entry validated before any is stored; `readers` says which types and details. */
export function createItems(readers: DetailsReaders): Handler {
  return (ctx) => {
    const company = companyOf(ctx);
    const records = bulkArray(ctx, 'items').map((raw, i) => itemFrom(ctx, readers, company.companyId, raw, i));
    for (const r of records) company.items.set(r.itemId, r);
    return writeReply(`${records.length} item(s) created`, { items: records });
  };
}

/** The §2.7 page object; number and pageNumber are 1-based. */
export function pageObject(all: readonly ItemRecord[], p: PageRequest): Record<string, unknown> {
  const content = slice(all, p);
  const totalPages = Math.ceil(all.length / p.size);
  const sort = { unsorted: false, sorted: true, empty: false };
  return {
    content,
    pageable: {
      sort,
      offset: (p.page - 1) * p.size,
      pageSize: p.size,
      pageNumber: p.page,
      paged: true,
      unpaged: false,
    },
    totalPages,
    totalCount: all.length,
    last: p.page >= totalPages,
    size: p.size,
    number: p.page,
    first: p.page === 1,
    sort,
    numberOfElements: content.length,
    empty: content.length === 0,
  };
}

/** The GET /items filters of §4.2 (type, itemNumber, updated window) as one predicate; a bad value is a 400. */
export function itemFilter(q: URLSearchParams): (item: ItemRecord) => boolean {
  const type = oneOf(q, 'type', itemTypes);
  const itemNumber = q.get('itemNumber');
  const start = dateParam(q, 'updatedDateStart');
  const end = dateParam(q, 'updatedDateEnd');
  return (i) =>
    (!type || i.itemType === type) &&
    (!itemNumber || i.itemNumber === itemNumber) &&
    inWindow(i.updatedDate, start, end);
}

/** The list order: by itemId, a total order, so pages never overlap. */
export const byItemId = (a: ItemRecord, b: ItemRecord): number =>
  a.itemId < b.itemId ? -1 : a.itemId > b.itemId ? 1 : 0;

function list(ctx: RequestContext): Reply {
  const company = companyOf(ctx);
  const keep = itemFilter(ctx.query);
  const page = pageRequest(ctx.query);
  return ok(pageObject([...company.items.values()].filter(keep).sort(byItemId), page));
}

/** The items a PATCH /items body names, all of the company asked for, or 404 naming the unknown ones. */
export function itemsToArchive(ctx: RequestContext): { company: CompanyData; items: ItemRecord[] } {
  const company = companyOf(ctx);
  const ids = bulkArray(ctx, 'items').map((e, i) => str(e.itemId, `items[${i}].itemId`));
  const missing = ids.filter((id) => !company.items.has(id));
  if (missing.length) notFound(`unknown itemId: ${missing.join(', ')}`);
  return { company, items: ids.map((id) => company.items.get(id)!) };
}

/** §2.7 write envelope of an archive: each item with the status it has now. */
export function archiveReply(items: readonly ItemRecord[]): Reply {
  return writeReply(`${items.length} item(s) archived`, {
    items: items.map((i) => ({ itemId: i.itemId, status: i.status })),
  });
}

/** §3, §4.2 PATCH: status becomes Inactive; nothing is deleted. */
function archive(ctx: RequestContext): Reply {
  const { items } = itemsToArchive(ctx);
  const now = ctx.store.now();
  for (const item of items) {
    item.status = 'Inactive';
    item.updatedDate = now;
  }
  return archiveReply(items);
}

/** §2.7: the bare item; another company's item is a 404 like an unknown id (§1). */
function getById(ctx: RequestContext): Reply {
  const company = companyOf(ctx);
  const item = company.items.get(ctx.params.itemId!);
  if (!item) notFound('item not found');
  return ok(item);
}

export const itemRoutes: Route[] = [
  { method: 'POST', path: '/items', handler: createItems(detailsReaders) },
  { method: 'GET', path: '/items', handler: list },
  { method: 'PATCH', path: '/items', handler: archive },
  { method: 'GET', path: '/items/:itemId', handler: getById },
];
