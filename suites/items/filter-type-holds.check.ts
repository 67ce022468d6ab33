import { itemTypes } from '../../contract/schemas.js';
import { isSuccess, type FilterCase } from '../../harness/checks/index.js';
import { conformance, type CheckContext } from '../../harness/conformance.js';
import type { Rec } from '../common/adapter.js';
import { judgeFilter, precondition } from '../common/judge.js';
import { collect, collectShowing, showsIds } from '../common/listing.js';
import { items } from './adapter.js';
import { itemFixture, itemSample } from './fixtures.js';

/** Items of known type: the run's part and tire as read back, else listed items that show their type. */
async function knownItems(ctx: CheckContext): Promise<{ id: string; type: string; itemNumber: string; own?: boolean; writtenAt?: number }[]> {
  const known: { id: string; type: string; itemNumber: string; own?: boolean; writtenAt?: number }[] = [];
  if (ctx.run.mode === 'full') {
    const fx = await itemFixture(ctx);
    for (const role of ['part', 'tire'] as const) {
      const [id, read] = [fx.ids[role], fx.reads[role]];
      const record = id && read && isSuccess(read) ? items.recordIn(read, id) : undefined;
      if (id && typeof record?.itemType === 'string' && typeof record.itemNumber === 'string') known.push({ id, type: record.itemType, itemNumber: record.itemNumber, own: true, writtenAt: fx.writtenAt });
    }
  }
  if (known.length < 2 || !ctx.frugal) {
    const sample = await itemSample(ctx);
    if (isSuccess(sample)) {
      await ctx.cite(sample);
      const seen = new Set(known.map((k) => k.type));
      for (const r of items.records(sample)) {
        const id = items.idOf(r);
        if (!id || typeof r.itemType !== 'string' || typeof r.itemNumber !== 'string' || seen.has(r.itemType)) continue;
        seen.add(r.itemType);
        known.push({ id, type: r.itemType, itemNumber: r.itemNumber });
      }
    }
  }
  return known;
}

// §4.2 GET /items?type=: an item comes back under its own type and not under another. Each known
// item is looked for with its unique itemNumber too (§4.2), so the answer is short and complete.
conformance('ITEM-FILTER-TYPE', async (ctx: CheckContext) => {
  const known = await knownItems(ctx);
  if (!known.length) ctx.skip('no item of known type to filter on');
  const cases: FilterCase[] = [];
  await Promise.all(
    known.map(async (k) => {
      const other = itemTypes.find((t) => t !== k.type)!;
      const query = { type: k.type, itemNumber: k.itemNumber };
      // The run's own item may show in a filtered list late: read until it does, within the window.
      const [own, foreign] = await Promise.all([
        k.own ? collectShowing(ctx, items, query, `POST /items (the fixture's ${k.id}) shown in GET /items?type=${k.type}&itemNumber=${k.itemNumber}`, showsIds([k.id]), { writtenAt: k.writtenAt }) : collect(ctx, items, query),
        collect(ctx, items, { type: other, itemNumber: k.itemNumber }),
      ]);
      await ctx.cite(...own.responses, ...foreign.responses);
      precondition(ctx, own.first, `GET /items?type=${k.type}`);
      precondition(ctx, foreign.first, `GET /items?type=${other}`);
      const wrongType = (records: Rec[], type: string) => records.filter((r) => 'itemType' in r && r.itemType !== type).map((r) => `type=${type} returned ${items.idOf(r)} of itemType ${String(r.itemType)}`);
      cases.push(
        { expected: [{ id: k.id, why: `it is a ${k.type}` }], excluded: [], returned: own.ids, complete: own.complete, mismatched: wrongType(own.records, k.type) },
        { expected: [], excluded: [{ id: k.id, why: `it is a ${k.type}, not a ${other}` }], returned: foreign.ids, complete: foreign.complete, mismatched: wrongType(foreign.records, other) },
      );
    }),
  );
  judgeFilter(ctx, 'GET /items?type=', ...cases);
});
