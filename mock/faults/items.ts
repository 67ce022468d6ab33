import { companyOf } from '../context.js';
import { notFound, ok } from '../http.js';
import type { ItemRecord } from '../model.js';
import { replaceRoute } from '../overlay.js';
import { pageRequest } from '../query.js';
import {
  archiveReply,
  byItemId,
  createItems,
  detailsReaders,
  itemFilter,
  itemsToArchive,
  pageObject,
  type DetailsReader,
} from '../resources/items.js';
import type { RequestContext } from '../types.js';
import { acrossCompanies, editReply, editRequest, findInAnyCompany, withoutQuery, type Json } from './edit.js';
import type { FaultDef } from './fault.js';

const noDetails: DetailsReader = () => ({});

/** PartDetails.associatedFeesName joined into one string (a serialiser regression). */
function feesAsString(item: ItemRecord): ItemRecord {
  const fees = (item.details as { associatedFeesName?: unknown }).associatedFeesName;
  if (item.itemType !== 'part' || !Array.isArray(fees)) return item;
  return { ...item, details: { ...item.details, associatedFeesName: fees.join(',') } };
}

/** A cheap hash salted by the page asked for, so each page sees a different order. */
function scramble(id: string, salt: number): number {
  let h = salt >>> 0;
  for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

/** GET /items over the given records, with the reference filter, order and page object. */
function listOf(ctx: RequestContext, records: ItemRecord[], reorder?: (all: ItemRecord[], page: number) => void) {
  const keep = itemFilter(ctx.query);
  const page = pageRequest(ctx.query);
  const matching = records.filter(keep).sort(byItemId);
  reorder?.(matching, page.page);
  return ok(pageObject(matching, page));
}

/** Realistic item regressions, each breaking one rule of §2.2, §2.7, §3 or §4.2. */
export const itemFaults = {
  'items-create-envelope-without-success': {
    clause: 'ITEM-CREATE-ENVELOPE',
    description: 'POST /items answers { message, data } and drops the success flag.',
    overlay: editReply('POST', '/items', ({ success: _dropped, ...rest }: Json) => rest),
  },
  'items-create-first-only': {
    clause: 'ITEM-CREATE-BULK',
    description: 'POST /items stores only the first item of the array but reports them all as created.',
    overlay: editReply('POST', '/items', (body, ctx) => {
      for (const item of (body.data.items as ItemRecord[]).slice(1))
        ctx.store.company(item.companyId)!.items.delete(item.itemId);
      return body;
    }),
  },
  'items-create-accepts-labor': {
    clause: 'ITEM-CREATE-ONLY-PART-TIRE',
    description: 'POST /items creates labor, discount and fee items instead of refusing them.',
    overlay: replaceRoute(
      'POST',
      '/items',
      createItems({ ...detailsReaders, labor: noDetails, discount: noDetails, fee: noDetails }),
    ),
  },
  'items-part-details-optional': {
    clause: 'ITEM-PART-NEEDS-DETAILS',
    description: 'A part without partDetails is created with empty details.',
    overlay: replaceRoute(
      'POST',
      '/items',
      createItems({ ...detailsReaders, part: (e) => (e.partDetails === undefined ? {} : detailsReaders.part(e)) }),
    ),
  },
  'items-part-accepts-tire-details': {
    clause: 'ITEM-PART-NEEDS-DETAILS',
    description: 'A part sent with tireDetails and no partDetails is created, its tireDetails taken for its details.',
    // The details are read from whichever details object the entry carries, whatever its type.
    overlay: replaceRoute(
      'POST',
      '/items',
      createItems({
        ...detailsReaders,
        part: (e) =>
          e.partDetails === undefined && e.tireDetails !== undefined ? detailsReaders.tire(e) : detailsReaders.part(e),
      }),
    ),
  },
  'items-tire-details-optional': {
    clause: 'ITEM-TIRE-NEEDS-DETAILS',
    description: 'A tire without tireDetails is created with empty details.',
    overlay: replaceRoute(
      'POST',
      '/items',
      createItems({ ...detailsReaders, tire: (e) => (e.tireDetails === undefined ? {} : detailsReaders.tire(e)) }),
    ),
  },
  'items-get-wrapped-in-envelope': {
    clause: 'ITEM-GET-BARE',
    description: 'GET /items/{itemId} wraps the item in { success, data } instead of returning it bare.',
    overlay: editReply('GET', '/items/:itemId', (item) => ({ success: true, data: item })),
  },
  'items-part-fees-as-string': {
    clause: 'ITEM-DETAILS-MATCH-TYPE',
    description: 'PartDetails.associatedFeesName comes back as a comma-joined string, not an array.',
    overlay: [
      editReply('GET', '/items', (page) => ({ ...page, content: page.content.map(feesAsString) })),
      editReply('GET', '/items/:itemId', feesAsString),
    ],
  },
  'items-create-rounds-prices': {
    clause: 'ITEM-CREATE-ROUNDTRIP',
    description: 'Create stores costPerUnit and pricePerUnit rounded to whole units.',
    overlay: replaceRoute(
      'POST',
      '/items',
      createItems({
        ...detailsReaders,
        part: (e) => {
          const d = detailsReaders.part(e);
          return {
            ...d,
            costPerUnit: Math.round(d.costPerUnit as number),
            pricePerUnit: Math.round(d.pricePerUnit as number),
          };
        },
      }),
    ),
  },
  // §2.7 types pageable.sort as an object (S-2.7-items-page-extras, corrected 2026-12-02).
  'items-pageable-sort-array': {
    clause: 'ITEM-LIST-PAGE-OBJECT',
    description:
      'The page object writes pageable.sort as the list of sort orders ([] when unsorted), not the sort object.',
    overlay: editReply('GET', '/items', (page) => ({ ...page, pageable: { ...page.pageable, sort: [] } })),
  },
  'items-page-sort-as-string': {
    clause: 'ITEM-LIST-PAGE-OBJECT',
    description: 'The page object serialises sort as a string ("itemId: ASC") instead of the sort object.',
    overlay: editReply('GET', '/items', (page) => ({
      ...page,
      sort: 'itemId: ASC',
      pageable: { ...page.pageable, sort: 'itemId: ASC' },
    })),
  },
  'items-page-zero-based': {
    clause: 'ITEM-PAGE-ONE-BASED',
    description: 'The items page object counts pages from 0 (page=1 reports number 0).',
    overlay: editReply('GET', '/items', (page) => ({
      ...page,
      number: page.number - 1,
      pageable: { ...page.pageable, pageNumber: page.pageable.pageNumber - 1 },
    })),
  },
  'items-page-last-never-true': {
    clause: 'ITEM-PAGE-CONSISTENT',
    description: 'The page object reports last=false even on the last page.',
    overlay: editReply('GET', '/items', (page) => ({ ...page, last: false })),
  },
  'items-unstable-order-across-pages': {
    clause: 'ITEM-PAGING',
    description: 'The list has no total order, so records repeat on some pages and are missing from others.',
    overlay: replaceRoute('GET', '/items', (ctx) =>
      listOf(ctx, [...companyOf(ctx).items.values()], (all, page) =>
        all.sort((a, b) => scramble(a.itemId, page) - scramble(b.itemId, page)),
      ),
    ),
  },
  'items-type-filter-ignored': {
    clause: 'ITEM-FILTER-TYPE',
    description: 'GET /items ignores the type filter.',
    overlay: editRequest('GET', '/items', (ctx) => withoutQuery(ctx, 'type')),
  },
  'items-item-number-filter-ignored': {
    clause: 'ITEM-FILTER-ITEMNUMBER',
    description: 'GET /items ignores the itemNumber filter.',
    overlay: editRequest('GET', '/items', (ctx) => withoutQuery(ctx, 'itemNumber')),
  },
  'items-updated-filter-ignored': {
    clause: 'ITEM-FILTER-UPDATED',
    description: 'GET /items ignores updatedDateStart and updatedDateEnd.',
    overlay: editRequest('GET', '/items', (ctx) => withoutQuery(ctx, 'updatedDateStart', 'updatedDateEnd')),
  },
  'items-archive-envelope-bare': {
    clause: 'ITEM-ARCHIVE-ENVELOPE',
    description: 'PATCH /items answers only { message }, without success and data.',
    overlay: editReply('PATCH', '/items', ({ message }) => ({ message })),
  },
  'items-archive-noop': {
    clause: 'ITEM-ARCHIVE-INACTIVE',
    description: 'PATCH /items answers success but leaves status Active.',
    overlay: replaceRoute('PATCH', '/items', (ctx) => {
      const { items } = itemsToArchive(ctx);
      const now = ctx.store.now();
      for (const item of items) item.updatedDate = now; // the status write was lost
      return archiveReply(items);
    }),
  },
  'items-archive-deletes': {
    clause: 'ITEM-ARCHIVE-INACTIVE',
    description: 'PATCH /items deletes the items instead of inactivating them.',
    overlay: replaceRoute('PATCH', '/items', (ctx) => {
      const { company, items } = itemsToArchive(ctx);
      for (const item of items) company.items.delete(item.itemId);
      return archiveReply(items);
    }),
  },
  'items-archive-first-only': {
    clause: 'ITEM-ARCHIVE-INACTIVE',
    description: 'PATCH /items validates every entry but archives only the first one.',
    overlay: replaceRoute('PATCH', '/items', (ctx) => {
      const { items } = itemsToArchive(ctx);
      Object.assign(items[0]!, { status: 'Inactive', updatedDate: ctx.store.now() });
      return archiveReply(items);
    }),
  },
  'items-archive-toggles': {
    clause: 'ITEM-ARCHIVE-FROM-ANY-STATE',
    description: 'PATCH /items toggles status: archiving an item that is already Inactive makes it Active again.',
    overlay: replaceRoute('PATCH', '/items', (ctx) => {
      const { items } = itemsToArchive(ctx);
      const now = ctx.store.now();
      for (const item of items)
        Object.assign(item, { status: item.status === 'Inactive' ? 'Active' : 'Inactive', updatedDate: now });
      return archiveReply(items);
    }),
  },
  'items-get-ignores-company': {
    clause: 'TENANT-GET-ISOLATION',
    description: 'GET /items/{itemId} finds items of any company, not only the one asked for.',
    overlay: replaceRoute('GET', '/items/:itemId', (ctx) => {
      companyOf(ctx);
      return ok(findInAnyCompany(ctx.store, (c) => c.items, ctx.params.itemId!) ?? notFound('item not found'));
    }),
  },
  'items-list-ignores-company': {
    clause: 'TENANT-LIST-ISOLATION',
    description: 'GET /items builds its query without the company condition and lists the items of every company.',
    overlay: replaceRoute('GET', '/items', (ctx) => {
      companyOf(ctx);
      return listOf(
        ctx,
        acrossCompanies(ctx.store, (c) => c.items),
      );
    }),
  },
  'items-get-default-company': {
    clause: 'ITEM-COMPANY-MATCHES',
    description:
      "Read by id, an item reports the partner's first other company in companyId instead of the one it was read under.",
    overlay: editReply('GET', '/items/:itemId', (item: Json, ctx) => {
      const other = [...ctx.store.companies.keys()].find((id) => id !== item.companyId);
      return other ? { ...item, companyId: other } : item;
    }),
  },
} as const satisfies Record<string, FaultDef>;
