import { conformance, type CheckContext } from '../../harness/conformance.js';
import type { Rec } from '../common/adapter.js';
import { answersOf, judgeFilterSettled, precondition, recheckBy, type JudgedCase } from '../common/judge.js';
import { items } from './adapter.js';
import { typeReads } from './filters.js';

// §4.2 GET /items?type=: every item returned is of that type, so an item never comes back under
// another. Whether one comes back under its own type is recorded only (S-4.2-type-filter: the
// values' spelling is not stated). Each known item is looked for with its unique itemNumber too
// (§4.2), so the answer is short and complete.
conformance('ITEM-FILTER-TYPE', async (ctx: CheckContext) => {
  const { reads, sample } = await typeReads(ctx);
  if (sample) await ctx.cite(sample);
  if (!reads.length) ctx.skip('no item of known type to filter on');
  const cases: JudgedCase[] = [];
  for (const {
    item: k,
    own: { listing: own },
    foreign: { type: other, listing: foreign },
  } of reads) {
    await ctx.cite(...own.responses, ...foreign.responses);
    precondition(ctx, own.first, `GET /items?type=${k.type}`);
    precondition(ctx, foreign.first, `GET /items?type=${other}`);
    const wrongType = (records: Rec[], type: string) =>
      records
        .filter((r) => 'itemType' in r && r.itemType !== type)
        .map((r) => ({
          id: items.idOf(r),
          message: `type=${type} returned ${items.idOf(r)} of itemType ${String(r.itemType)}`,
        }));
    // A sampled item another client retypes or renumbers since is judged on how it reads now; the run's own is not read again.
    const recheckAs = (type: string) =>
      recheckBy(
        (r) =>
          r.itemNumber !== undefined && r.itemNumber !== k.itemNumber
            ? { out: `its itemNumber is now ${String(r.itemNumber)}` }
            : 'itemType' in r
              ? r.itemType === type || { out: `its itemType is now ${String(r.itemType)}` }
              : undefined,
        () => k.own === true,
      );
    // Whether the item comes back under its own type is recorded, not judged (S-4.2-type-filter).
    ctx.observe(`${k.id} (a ${k.type}) listed under type=${k.type}`, own.ids.includes(k.id));
    cases.push(
      {
        expected: [],
        excluded: [],
        returned: own.ids,
        complete: own.complete,
        mismatched: wrongType(own.records, k.type),
        // Records returned that show the type, or are known to have it (the item itself, read by id).
        judgedRecords: own.records.filter((r) => 'itemType' in r || items.idOf(r) === k.id).length,
        recheck: recheckAs(k.type),
        ...answersOf(own, items),
      },
      {
        expected: [],
        excluded: [{ id: k.id, why: `it is a ${k.type}, not a ${other}` }],
        returned: foreign.ids,
        complete: foreign.complete,
        mismatched: wrongType(foreign.records, other),
        recheck: recheckAs(other),
        ...answersOf(foreign, items),
      },
    );
  }
  await judgeFilterSettled(ctx, 'GET /items?type=', items, ...cases);
});
