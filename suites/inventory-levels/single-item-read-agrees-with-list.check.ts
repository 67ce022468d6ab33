import type { ApiResponse } from '../../harness/client.js';
import {
  describeResponse,
  exchangeOf,
  inconsistency,
  isClientError,
  unexpectedStatus,
  type Failure,
} from '../../harness/checks/index.js';
import { conformance, type CheckContext } from '../../harness/conformance.js';
import { precondition, verdict } from '../common/judge.js';
import { getItemLevels, levelsIn, listLevels, sampleItemIds, type Level } from './adapter.js';
import { levelList } from './fixtures.js';

const where = (l: Level) => l.locationId ?? '(no location shown)';

/** List levels of one item that the single-item read does not show with the same quantity. */
function disagreements(
  ctx: CheckContext,
  itemId: string,
  listed: Level[],
  single: ApiResponse,
  list: ApiResponse,
): Failure[] {
  if (single.status < 200 || single.status >= 300)
    return [
      unexpectedStatus(single, 'a 2xx status', `GET /inventoryLevels/${itemId} (the list shows levels of the item)`),
    ];
  const shown = levelsIn(ctx, single.json);
  const own = shown.filter((l) => l.itemId === undefined || l.itemId === itemId);
  // §2.4 names one field of a level, `itemId`: the single read's levels carry it too.
  const unnamed = shown.filter((l) => l.itemId === undefined);
  if (unnamed.length)
    return [
      {
        kind: 'shape-violation',
        message: `item ${itemId}: GET /inventoryLevels/${itemId} shows ${unnamed.length} levels without an itemId (§2.4)`,
        issue: 'a level carries no itemId (§2.4)',
        actual: unnamed[0],
        ...exchangeOf(single),
      },
    ];
  return listed
    .filter((l) => !own.some((o) => where(o) === where(l) && o.quantity === l.quantity))
    .map((l) => {
      const read = own.filter((o) => where(o) === where(l)).map((o) => o.quantity);
      return inconsistency(
        `item ${itemId} at ${where(l)}: list ${l.quantity}, single read ${JSON.stringify(read)}`,
        single,
        {
          what: 'the levels of the item in the list and in the single read',
          expected: l.quantity,
          actual: read,
          other: list,
        },
      );
    });
}

async function compare(ctx: CheckContext, list: ApiResponse): Promise<{ problems: Failure[]; sampled: number }> {
  if (isClientError(list))
    ctx.inconclusive(
      `GET /inventoryLevels was refused (${describeResponse(list)}); its parameters are the profile's guesses`,
    );
  precondition(ctx, list, 'GET /inventoryLevels');
  const levels = levelsIn(ctx, list.json);
  // §2.4 names one field of a level, `itemId`: a list showing levels none of which carries it hides the key.
  const unnamed = levels.filter((l) => l.itemId === undefined);
  if (unnamed.length && unnamed.length === levels.length)
    return {
      problems: [
        {
          kind: 'shape-violation',
          message: `GET /inventoryLevels shows ${levels.length} levels, none with an itemId (§2.4)`,
          issue: 'no level carries an itemId (§2.4)',
          actual: levels[0],
          ...exchangeOf(list),
        },
      ],
      sampled: 1,
    };
  const sample = sampleItemIds(levels, ctx.frugal ? 2 : 5);
  if (!sample.length) ctx.skip('the list shows no levels with an itemId');
  const singles = await Promise.all(sample.map((id) => getItemLevels(ctx, id)));
  // Its parameters and shape are guesses (S-4.4-get-params-and-shape): a 4xx asking for another leaves it unjudged.
  const refused = singles.find((r) => isClientError(r));
  if (refused)
    ctx.inconclusive(
      `GET /inventoryLevels/{itemId} was refused (${describeResponse(refused)}); its parameters are the profile's guesses`,
    );
  return {
    problems: sample.flatMap((id, i) =>
      disagreements(
        ctx,
        id,
        levels.filter((l) => l.itemId === id),
        singles[i]!,
        list,
      ),
    ),
    sampled: sample.length,
  };
}

// §4.4: GET /inventoryLevels/{itemId} gives the same levels as the list shows for that item.
conformance('INVENTORY-ITEM-AGREES', async (ctx: CheckContext) => {
  const shared = await levelList(ctx);
  await ctx.cite(shared);
  let { problems, sampled } = await compare(ctx, shared);
  // A level changed between the two reads, or a list served from a store that lags the reads by id
  // (S-CONS-list-vs-get), looks like a disagreement: list and compare again until they agree, within
  // the consistency window; only one that lasts is failed.
  if (problems.length)
    ({ problems, sampled } = (
      await ctx.eventually(
        'the list and the single-item reads agree',
        async () => compare(ctx, await listLevels(ctx)),
        (r) => r.problems.length === 0,
      )
    ).value);
  verdict(
    ctx,
    problems,
    'the single-item levels disagree with the list',
    sampled,
    'items compared between list and single read',
  );
});
