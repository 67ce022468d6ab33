import { creatableItemTypes, itemStatuses, itemTypes } from '../../contract/schemas.js';
import { bulkArray, companyOf, isObject, type RequestContext } from '../context.js';
import { badRequest, notFound, ok, type Reply } from '../http.js';
import type { ItemRecord } from '../model.js';
import { dateParam, inWindow, oneOf, pageRequest, slice, type PageRequest } from '../query.js';
import type { Route } from '../types.js';

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
    associatedFeesName: Array.isArray(d.associatedFeesName) ? d.associatedFeesName.filter((x) => typeof x === 'string') : [],
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

function detailsFrom(ctx: RequestContext, itemType: string, raw: Record<string, unknown>): Record<string, unknown> {
  if (itemType === 'part') {
    if (raw.partDetails === undefined && ctx.faults.has('items-part-details-optional')) return {};
    const d = partDetailsFrom(raw.partDetails);
    if (ctx.faults.has('items-create-rounds-prices')) {
      d.costPerUnit = Math.round(d.costPerUnit as number);
      d.pricePerUnit = Math.round(d.pricePerUnit as number);
    }
    return d;
  }
  if (itemType === 'tire') {
    if (raw.tireDetails === undefined && ctx.faults.has('items-tire-details-optional')) return {};
    return tireDetailsFrom(raw.tireDetails);
  }
  return {}; // only reachable under the items-create-accepts-labor fault
}

function itemFrom(ctx: RequestContext, companyId: string, raw: Record<string, unknown>, index: number): ItemRecord {
  const at = `items[${index}]`;
  const itemType = raw.itemType;
  if (typeof itemType !== 'string' || !(itemTypes as readonly string[]).includes(itemType)) {
    badRequest(`${at}.itemType must be one of ${creatableItemTypes.join(', ')}`);
  }
  // §2.2, §4.2: creation accepts only part and tire.
  if (!(creatableItemTypes as readonly string[]).includes(itemType as string) && !ctx.faults.has('items-create-accepts-labor')) {
    badRequest(`${at}.itemType ${String(itemType)} cannot be created; only part and tire`);
  }
  const status = raw.status === undefined ? 'Active' : raw.status;
  if (!(itemStatuses as readonly unknown[]).includes(status)) badRequest(`${at}.status must be Active or Inactive`);
  const details = detailsFrom(ctx, itemType as string, raw);
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

function create(ctx: RequestContext): Reply {
  const company = companyOf(ctx);
  const records = bulkArray(ctx, 'items').map((raw, i) => itemFrom(ctx, company.companyId, raw, i));
  for (const r of records) company.items.set(r.itemId, r);
  if (ctx.faults.has('items-create-envelope-without-success')) return ok({ message: `${records.length} item(s) created`, data: { items: records } });
  return ok({ success: true, message: `${records.length} item(s) created`, data: { items: records } });
}

/** The §2.7 page object; number and pageNumber are 1-based. */
function pageObject(all: readonly ItemRecord[], p: PageRequest, ctx: RequestContext): Record<string, unknown> {
  const content = slice(all, p);
  const totalPages = Math.ceil(all.length / p.size);
  const number = ctx.faults.has('items-page-zero-based') ? p.page - 1 : p.page;
  const sort = ctx.faults.has('items-page-sort-as-string') ? 'itemId: ASC' : { unsorted: false, sorted: true, empty: false };
  return {
    content: ctx.faults.has('items-part-fees-as-string') ? content.map(withFeesAsString) : content,
    pageable: { sort, offset: (p.page - 1) * p.size, pageSize: p.size, pageNumber: number, paged: true, unpaged: false },
    totalPages,
    totalCount: all.length,
    last: ctx.faults.has('items-page-last-never-true') ? false : p.page >= totalPages,
    size: p.size,
    number,
    first: p.page === 1,
    sort,
    numberOfElements: content.length,
    empty: content.length === 0,
  };
}

function withFeesAsString(item: ItemRecord): ItemRecord {
  const fees = (item.details as { associatedFeesName?: unknown }).associatedFeesName;
  if (item.itemType !== 'part' || !Array.isArray(fees)) return item;
  return { ...item, details: { ...item.details, associatedFeesName: fees.join(',') } };
}

/** A cheap per-request hash, so the unstable-order fault reshuffles differently for each page asked. */
function scramble(id: string, salt: number): number {
  let h = salt >>> 0;
  for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

function list(ctx: RequestContext): Reply {
  const company = companyOf(ctx);
  const q = ctx.query;
  const type = ctx.faults.has('items-type-filter-ignored') ? undefined : oneOf(q, 'type', itemTypes);
  const itemNumber = ctx.faults.has('items-item-number-filter-ignored') ? null : q.get('itemNumber');
  const ignoreDates = ctx.faults.has('items-updated-filter-ignored');
  const start = ignoreDates ? undefined : dateParam(q, 'updatedDateStart');
  const end = ignoreDates ? undefined : dateParam(q, 'updatedDateEnd');
  const page = pageRequest(q);
  // §1: only the company's items. Fault: the query is built without the company condition.
  const scoped = ctx.faults.has('items-list-ignores-company') ? [...ctx.store.companies.values()].flatMap((c) => [...c.items.values()]) : [...company.items.values()];
  const matching = scoped
    .filter((i) => (type ? i.itemType === type : true))
    .filter((i) => (itemNumber ? i.itemNumber === itemNumber : true))
    .filter((i) => inWindow(i.updatedDate, start, end))
    .sort((a, b) => (a.itemId < b.itemId ? -1 : a.itemId > b.itemId ? 1 : 0));
  if (ctx.faults.has('items-unstable-order-across-pages')) matching.sort((a, b) => scramble(a.itemId, page.page) - scramble(b.itemId, page.page));
  return ok(pageObject(matching, page, ctx));
}

function archive(ctx: RequestContext): Reply {
  const company = companyOf(ctx);
  const entries = bulkArray(ctx, 'items');
  const ids = entries.map((e, i) => str(e.itemId, `items[${i}].itemId`));
  const missing = ids.filter((id) => !company.items.has(id));
  if (missing.length) notFound(`unknown itemId: ${missing.join(', ')}`);
  const now = ctx.store.now();
  const archived = ids.map((id) => {
    const item = company.items.get(id)!;
    if (ctx.faults.has('items-archive-deletes')) company.items.delete(id);
    else if (!ctx.faults.has('items-archive-noop')) item.status = 'Inactive';
    item.updatedDate = now;
    return { itemId: id, status: item.status };
  });
  const message = `${archived.length} item(s) archived`;
  if (ctx.faults.has('items-archive-envelope-bare')) return ok({ message });
  return ok({ success: true, message, data: { items: archived } });
}

function getById(ctx: RequestContext): Reply {
  const company = companyOf(ctx);
  const id = ctx.params.itemId!;
  const item = ctx.faults.has('items-get-ignores-company')
    ? [...ctx.store.companies.values()].map((c) => c.items.get(id)).find(Boolean)
    : company.items.get(id);
  if (!item) notFound('item not found');
  const shown = ctx.faults.has('items-part-fees-as-string') ? withFeesAsString(item!) : item!;
  if (ctx.faults.has('items-get-wrapped-in-envelope')) return ok({ success: true, data: shown });
  return ok(shown);
}

export const itemRoutes: Route[] = [
  { method: 'POST', path: '/items', handler: create },
  { method: 'GET', path: '/items', handler: list },
  { method: 'PATCH', path: '/items', handler: archive },
  { method: 'GET', path: '/items/:itemId', handler: getById },
];
