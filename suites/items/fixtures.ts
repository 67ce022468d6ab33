import type { ItemCreateInput } from '../../contract/schemas.js';
import type { ApiResponse } from '../../harness/client.js';
import type { CheckContext } from '../../harness/conformance.js';
import { isRecord, isSuccess } from '../../harness/checks/index.js';
import type { RecordLocator } from '../../harness/core/events.js';
import { isLocated, type ShownListing, type Unlocated, type Waiter } from '../../harness/locate/locator.js';
import { buildPart, buildTire } from '../../generators/items.js';
import { seededFaker } from '../../generators/random.js';
import type { Rec } from '../common/adapter.js';
import { collectShowing, showsIds, type Listing } from '../common/listing.js';
import { createInBatches, type BatchedCreate } from '../common/own-records.js';
import { archiveItems, items, postItems } from './adapter.js';

/**
 * The items a run creates, once per target: bulk POSTs (§4.2 takes an array) of at most BULK_BATCH
 * parts and tires (S-8-bulk-count-limit), each located by its unique itemNumber and read back by id once. The archive scenario and
 * the inventory-level update own their roles; every other check only reads.
 */

export const itemRoles = ['part', 'tire', 'stocked-a', 'stocked-b', 'unstocked', 'archive-a', 'archive-b'] as const;
export type ItemRole = (typeof itemRoles)[number];

export interface ItemFixture {
  /** The POST /items answer (ITEM-CREATE-ENVELOPE judges it). */
  create: ApiResponse;
  inputs: Record<ItemRole, ItemCreateInput>;
  ids: Partial<Record<ItemRole, string>>;
  /** GET /items/{id} of each located item, after the create. */
  reads: Partial<Record<ItemRole, ApiResponse>>;
  unlocated: Partial<Record<ItemRole, Unlocated>>;
  /** The items updated since shortly before the create (§4.2 updatedDateStart), read until the created ones showed (or the window ended). */
  listed?: ShownListing;
  /** When the create was sent (Date.now()): later reads wait for it until CONSISTENCY_WINDOW_MS after. */
  writtenAt: number;
}

function build(role: ItemRole, s: CheckContext): ItemCreateInput {
  const f = seededFaker(s.seed, `item-fixture-${role}`);
  if (role === 'tire') return buildTire(f, s.marker);
  const part = buildPart(f, s.marker, { status: 'Active' });
  const stocked =
    role === 'stocked-a' || role === 'stocked-b' ? true : role === 'unstocked' ? false : part.partDetails!.isStockItem;
  return { ...part, partDetails: { ...part.partDetails!, isStockItem: stocked } };
}

/** What finds an item the run created: its unique itemNumber (§4.2 filter). */
export const itemLocator = (input: { itemNumber: string }): RecordLocator => ({
  keys: { itemNumber: input.itemNumber },
});

/**
 * POSTs items in bulk requests of at most BULK_BATCH (harness/core/batches.ts), ledgers each at once by its itemNumber, and locates each one
 * (harness/locate: the ids of the answer, checked by a read; else the updated-date window and the
 * itemNumber filter). `visible` also waits until a list shows them.
 */
export async function createItems(
  ctx: CheckContext,
  inputs: readonly ItemCreateInput[],
  o: { visible?: boolean; wait?: Waiter } = {},
): Promise<BatchedCreate> {
  return createInBatches(ctx, 'item', inputs, itemLocator, (batch) => postItems(ctx, batch), {
    what: `POST /items (${inputs.length} item${inputs.length > 1 ? 's' : ''})`,
    ...o,
  });
}

/**
 * Ledgers the items of a create made outside the shared fixtures (one the spec requires to be
 * refused but the server accepted, a content-type probe), by their itemNumber: the cleanup locates
 * and archives them (no request here, the check judges the answer alone).
 */
export function ledgerAcceptedItems(
  ctx: CheckContext,
  res: ApiResponse,
  inputs: readonly { itemNumber: string }[],
): void {
  if (!isSuccess(res) || (isRecord(res.json) && res.json.success === false)) return;
  for (const input of inputs) ctx.ledger.created('item', undefined, { locator: itemLocator(input) });
}

export function itemFixture(ctx: CheckContext): Promise<ItemFixture> {
  return ctx.shared('items', async (s) => {
    const inputs = Object.fromEntries(itemRoles.map((role) => [role, build(role, s)])) as Record<
      ItemRole,
      ItemCreateInput
    >;
    const { create, found, listed, writtenAt } = await createItems(
      s,
      itemRoles.map((r) => inputs[r]),
      { visible: true },
    );
    const fixture: ItemFixture = { create, inputs, ids: {}, reads: {}, unlocated: {}, listed, writtenAt };
    itemRoles.forEach((role, i) => {
      const at = found[i];
      if (!at) return;
      if (!isLocated(at)) return void (fixture.unlocated[role] = at);
      fixture.ids[role] = at.id;
      fixture.reads[role] = at.read;
    });
    return fixture;
  });
}

/** The item of a role as read back after the create, or inconclusive with why it is missing. */
export function fixtureItem(
  ctx: CheckContext,
  fx: ItemFixture,
  role: ItemRole,
): { id: string; record: Rec; read: ApiResponse } {
  if (!isSuccess(fx.create))
    ctx.inconclusive(
      `precondition: POST /items with ${itemRoles.length} valid parts and tires was refused (${fx.create.status})`,
    );
  const id = ctx.need(fx.ids[role], `precondition: the created item for ${role} could not be located`);
  const read = ctx.need(fx.reads[role], `precondition: item ${id} was not read back`);
  if (!isSuccess(read))
    ctx.inconclusive(`precondition: reading item ${id} after the create was refused (${read.status})`);
  return {
    id,
    record: ctx.need(items.recordIn(read, id), `precondition: GET /items/${id} did not hold that item`),
    read,
  };
}

export interface ArchiveScenario {
  patch: ApiResponse;
  after: { a?: ApiResponse; b?: ApiResponse };
}

/** One PATCH with two entries (§4.2 bulk archive); both read back. */
export function itemArchive(ctx: CheckContext): Promise<ArchiveScenario> {
  return ctx.shared('items:archive', async (s) => {
    const fx = await itemFixture(s);
    const a = fixtureItem(s, fx, 'archive-a');
    const b = fixtureItem(s, fx, 'archive-b');
    const patch = await archiveItems(s, [a.id, b.id]);
    if (!isSuccess(patch)) return { patch, after: {} };
    s.ledger.archived('item', a.id);
    s.ledger.archived('item', b.id);
    // A write may apply after its answer: each item is read until it shows status Inactive, within the window.
    const readBack = (id: string) =>
      s.eventually(
        `PATCH /items: item ${id} shows status Inactive`,
        () => items.get(s, id),
        (res) => (isSuccess(res) ? items.recordIn(res, id)?.status === 'Inactive' : false),
      );
    const [afterA, afterB] = await Promise.all([readBack(a.id), readBack(b.id)]);
    return { patch, after: { a: afterA.value, b: afterB.value } };
  });
}

/**
 * The run's part listed by its own itemNumber (§4.2), read until it shows, within the window: read
 * once for ITEM-FILTER-ITEMNUMBER (the filter's answer) and the items tenancy probe (its control).
 * Undefined when the part was not located.
 */
export function partByNumber(
  ctx: CheckContext,
): Promise<{ id: string; itemNumber: string; listing: Listing } | undefined> {
  return ctx.shared('items:part-by-number', async (s) => {
    const fx = await itemFixture(s);
    const id = fx.ids.part;
    if (!id) return undefined;
    const itemNumber = fx.inputs.part.itemNumber;
    const listing = await collectShowing(
      s,
      items,
      { itemNumber },
      `POST /items (the fixture's ${id}) shown in GET /items?itemNumber=${itemNumber}`,
      showsIds([id]),
      { writtenAt: fx.writtenAt },
    );
    return { id, itemNumber, listing };
  });
}

/** The first page of the unfiltered list at the size of the spec's examples (§8), read once for the checks that sample existing items. */
export function itemSample(ctx: CheckContext): Promise<ApiResponse> {
  return ctx.shared('items:sample', (s) => items.list(s, { size: 100, page: 1 }));
}

/** Items whose reads show details of a type, the run's own first, for read-only runs existing ones. */
export async function readableItems(ctx: CheckContext): Promise<{ id: string; read: ApiResponse }[]> {
  if (ctx.run.mode === 'full') {
    const fx = await itemFixture(ctx);
    const reads = itemRoles.flatMap((role) =>
      fx.ids[role] && fx.reads[role] ? [{ id: fx.ids[role]!, read: fx.reads[role]! }] : [],
    );
    // A created item nobody can read may never have been stored (ITEM-CREATE-BULK's to judge): when
    // none reads back, items the list shows are read instead, so a broken read by id still fails.
    const readBack = reads.filter((r) => isSuccess(r.read));
    if (readBack.length) return readBack;
  }
  const sample = await itemSample(ctx);
  if (!isSuccess(sample)) ctx.inconclusive(`precondition: GET /items was refused (${sample.status})`);
  await ctx.cite(sample);
  const ids = items
    .records(sample)
    .map(items.idOf)
    .filter((x): x is string => !!x)
    .slice(0, ctx.frugal ? 2 : 5);
  if (!ids.length) ctx.skip('the company has no items to read');
  return Promise.all(ids.map(async (id) => ({ id, read: await items.get(ctx, id) })));
}

export interface ItemPages {
  query: Record<string, string>;
  size: number;
  /** Pages read, by number: 1, 2 and the last one when they exist. */
  pages: Record<number, ApiResponse>;
}

/**
 * Pages of the items last updated before the run began (§4.2 updatedDateEnd), a set the run
 * itself does not change: page 1, page 2 and the last page, read once for the three page-object
 * clauses. What a page past the last answers is not shown (§8), so it is never asked.
 */
export function itemPages(ctx: CheckContext): Promise<ItemPages> {
  return ctx.shared('items:pages', async (s) => {
    const size = 7;
    const query = { updatedDateEnd: new Date(Date.parse(s.run.startedAt)).toISOString().replace(/\.\d{3}Z$/, 'Z') };
    const [first, second] = await Promise.all([1, 2].map((page) => items.list(s, { ...query, size, page })));
    const pages: Record<number, ApiResponse> = { 1: first!, 2: second! };
    const total = items.total(first!);
    const last = total !== undefined ? Math.ceil(total / size) : 0;
    if (last > 2) pages[last] = await items.list(s, { ...query, size, page: last });
    return { query, size, pages };
  });
}
