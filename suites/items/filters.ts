import { itemTypes } from '../../contract/schemas.js';
import { isSuccess } from '../../harness/checks/index.js';
import type { CheckContext } from '../../harness/conformance.js';
import type { ApiResponse, Query } from '../../harness/client.js';
import { collect, collectShowing, showsIds, type Listing } from '../common/listing.js';
import type { FilterRule, Known } from '../common/pairwise.js';
import { items } from './adapter.js';
import { itemFixture, itemSample } from './fixtures.js';

/**
 * The GET /items filters of §4.2 as their single-filter checks judge them, and the reads of
 * ITEM-FILTER-TYPE, shared once per run so that the pairwise check judges the same answers.
 */

/**
 * type: every item returned shows that itemType; whether one of the type comes back is not judged
 * (S-4.2-type-filter: the values' spelling is not stated, so `part` may be unknown to the target and
 * answered with an empty page). List records need not show itemType.
 */
export function typeRule(type: string): FilterRule {
  return {
    name: 'type',
    query: { type },
    admits: (k: Known) =>
      typeof k.record.itemType !== 'string' || k.record.itemType === type
        ? undefined
        : { out: `it is a ${k.record.itemType}` },
  };
}

/** An item number as every matching the silence lists reads it: case and punctuation aside. */
export const looseNumber = (n: string) => n.toLowerCase().replace(/[^a-z0-9]/g, '');

/**
 * Whether a number can match the value under any matching S-4.2-itemNumber-filter lists (exact, any
 * case, prefix, substring, punctuation-insensitive): its loose form contains the value's.
 */
export const numberMayMatch = (n: string, value: string) => looseNumber(n).includes(looseNumber(value));

/**
 * itemNumber: how it matches is not shown (§4.2): the item with that very number matches, and one
 * no listed matching could return (its number does not hold the value even case and punctuation
 * aside) does not.
 */
export function itemNumberRule(value: string): FilterRule {
  return {
    name: 'itemNumber',
    query: { itemNumber: value },
    admits: (k: Known) => {
      const n = k.record.itemNumber;
      if (typeof n !== 'string') return undefined;
      if (n === value) return true;
      return numberMayMatch(n, value) ? undefined : { out: `its itemNumber ${n} does not hold ${value}` };
    },
  };
}

export interface KnownItem {
  id: string;
  type: string;
  itemNumber: string;
  own?: boolean;
  writtenAt?: number;
}

/** Items of known type: the run's part and tire as read back, else listed items that show their type. */
async function knownItems(ctx: CheckContext): Promise<{ known: KnownItem[]; sample?: ApiResponse }> {
  const known: KnownItem[] = [];
  if (ctx.run.mode === 'full') {
    const fx = await itemFixture(ctx);
    for (const role of ['part', 'tire'] as const) {
      const [id, read] = [fx.ids[role], fx.reads[role]];
      const record = id && read && isSuccess(read) ? items.recordIn(read, id) : undefined;
      if (id && typeof record?.itemType === 'string' && typeof record.itemNumber === 'string')
        known.push({ id, type: record.itemType, itemNumber: record.itemNumber, own: true, writtenAt: fx.writtenAt });
    }
  }
  if (known.length >= 2 && ctx.frugal) return { known };
  const sample = await itemSample(ctx);
  if (isSuccess(sample)) {
    const seen = new Set(known.map((k) => k.type));
    for (const r of items.records(sample)) {
      const id = items.idOf(r);
      if (!id || typeof r.itemType !== 'string' || typeof r.itemNumber !== 'string' || seen.has(r.itemType)) continue;
      seen.add(r.itemType);
      known.push({ id, type: r.itemType, itemNumber: r.itemNumber });
    }
  }
  return { known, sample };
}

export interface TypeRead {
  item: KnownItem;
  /** Its own type and its unique number: it comes back. */
  own: { query: Query; listing: Listing };
  /** Another type and the same number: it stays out. */
  foreign: { type: string; query: Query; listing: Listing };
}

/** ITEM-FILTER-TYPE's reads, once per run: each known item under its own type and under another, narrowed by its number. */
export function typeReads(ctx: CheckContext): Promise<{ reads: TypeRead[]; sample?: ApiResponse }> {
  return ctx.shared('items:type-reads', async (s) => {
    const { known, sample } = await knownItems(s);
    const reads = await Promise.all(
      known.map(async (item): Promise<TypeRead> => {
        const other = itemTypes.find((t) => t !== item.type)!;
        const query = { type: item.type, itemNumber: item.itemNumber };
        const foreignQuery = { type: other, itemNumber: item.itemNumber };
        // The run's own item may show in a filtered list late: read until it does, within the window.
        const [own, foreign] = await Promise.all([
          item.own
            ? collectShowing(
                s,
                items,
                query,
                `POST /items (the fixture's ${item.id}) shown in GET /items?type=${item.type}&itemNumber=${item.itemNumber}`,
                showsIds([item.id]),
                { writtenAt: item.writtenAt },
              )
            : collect(s, items, query),
          collect(s, items, foreignQuery),
        ]);
        return { item, own: { query, listing: own }, foreign: { type: other, query: foreignQuery, listing: foreign } };
      }),
    );
    return { reads, sample };
  });
}
