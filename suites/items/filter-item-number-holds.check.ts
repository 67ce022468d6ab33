import { conformance, type CheckContext } from '../../harness/conformance.js';
import { answersOf, judgeFilterSettled, precondition, recheckBy } from '../common/judge.js';
import { collect } from '../common/listing.js';
import { items } from './adapter.js';
import { itemFixture, itemSample, partByNumber } from './fixtures.js';
import { numberMayMatch } from './filters.js';

/** Two items with unrelated numbers: the run's part and tire, else two listed items. */
async function twoItems(ctx: CheckContext): Promise<{ id: string; itemNumber: string; own?: boolean }[]> {
  if (ctx.run.mode === 'full') {
    const fx = await itemFixture(ctx);
    const pair = (['part', 'tire'] as const).flatMap((role) =>
      fx.ids[role] ? [{ id: fx.ids[role]!, itemNumber: fx.inputs[role].itemNumber, own: true }] : [],
    );
    if (pair.length === 2) return pair;
  }
  const sample = await itemSample(ctx);
  precondition(ctx, sample, 'GET /items');
  await ctx.cite(sample);
  const listed = items
    .records(sample)
    .flatMap((r) =>
      items.idOf(r) && typeof r.itemNumber === 'string' && r.itemNumber.length > 3
        ? [{ id: items.idOf(r)!, itemNumber: r.itemNumber }]
        : [],
    );
  const a = listed[0];
  const b = listed.find(
    (x) => a && !numberMayMatch(x.itemNumber, a.itemNumber) && !numberMayMatch(a.itemNumber, x.itemNumber),
  );
  return a && b ? [a, b] : [];
}

// §4.2 GET /items?itemNumber=: the item with that number comes back, and one with an unrelated
// number does not. How the value matches is not shown (S-4.2-itemNumber-filter: exact, any case,
// prefix, substring, punctuation-insensitive), so a returned item only has to hold the value in its
// itemNumber case and punctuation aside; only one no listed matching could return is failed.
conformance('ITEM-FILTER-ITEMNUMBER', async (ctx: CheckContext) => {
  const [a, b] = await twoItems(ctx);
  if (!a || !b) ctx.skip('no two items with unrelated item numbers to filter on');
  // The run's own part may show in a filtered list late: read until it does, within the window (shared with the tenancy probe).
  const got = a.own
    ? ctx.need(await partByNumber(ctx), `precondition: the created part ${a.id} could not be located`).listing
    : await collect(ctx, items, { itemNumber: a.itemNumber });
  await ctx.cite(...got.responses);
  precondition(ctx, got.first, `GET /items?itemNumber=${a.itemNumber}`);
  const shown = got.records.filter((r) => typeof r.itemNumber === 'string');
  // A listed item about to be failed is read again (another client may archive it); the run's own is not.
  const recheck = recheckBy(
    (r) =>
      typeof r.itemNumber !== 'string'
        ? undefined
        : numberMayMatch(r.itemNumber, a.itemNumber) || { out: `its itemNumber is now ${r.itemNumber}` },
    (id) => [a, b].some((x) => x.id === id && x.own === true),
  );
  await judgeFilterSettled(ctx, `GET /items?itemNumber=${a.itemNumber}`, items, {
    expected: [{ id: a.id, why: `its itemNumber is ${a.itemNumber}` }],
    excluded: [{ id: b.id, why: `its itemNumber ${b.itemNumber} is unrelated` }],
    returned: got.ids,
    complete: got.complete,
    mismatched: shown
      .filter((r) => !numberMayMatch(String(r.itemNumber), a.itemNumber))
      .map((r) => ({ id: items.idOf(r), message: `${items.idOf(r)} has itemNumber ${String(r.itemNumber)}` })),
    judgedRecords: shown.length,
    recheck,
    ...answersOf(got, items),
  });
});
