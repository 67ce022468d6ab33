import type { Faker } from '@faker-js/faker';
import type { ItemCreateInput } from '../../contract/schemas.js';
import { describeResponse, isSuccess } from '../../harness/checks/index.js';
import type { CheckContext } from '../../harness/conformance.js';
import { isLocated } from '../../harness/locate/locator.js';
import { buildPart, buildTire } from '../../generators/items.js';
import { seededFaker } from '../../generators/random.js';
import { ownRecords } from '../common/own-records.js';
import { expectRefusedAtEveryPosition, type Deal } from '../common/positions.js';
import { postItems } from './adapter.js';
import { itemFixture, itemLocator } from './fixtures.js';

/**
 * A refusal probe of POST /items (§2.2, §4.2) at every position: the bad item beside a valid part
 * and a valid tire, each with its own unique itemNumber. The run's accepted bulk of parts and a
 * tire is the valid twin: without it, a refusal could be of anything. A bulk the server does not
 * refuse is located by itemNumber (each entry ledgered at once), so the cleanup finds what it made
 * and the bad item, if it was created, fails the clause.
 */
export async function expectItemRefusedAtEveryPosition(
  ctx: CheckContext,
  o: { deal: Deal; bad: string; label: string; build: (f: Faker, marker: string) => ItemCreateInput },
): Promise<void> {
  const fx = await itemFixture(ctx);
  if (!isSuccess(fx.create))
    ctx.inconclusive(`precondition: the run's valid parts and tire were refused too (${describeResponse(fx.create)})`);
  await ctx.cite(fx.create);
  await expectRefusedAtEveryPosition<ItemCreateInput>(ctx, {
    write: 'POST /items',
    bad: o.bad,
    deal: o.deal,
    build: (position) => {
      const f = seededFaker(ctx.seed, `${o.label}-${position}`);
      return { bad: o.build(f, ctx.marker), valid: [buildPart(f, ctx.marker), buildTire(f, ctx.marker)] };
    },
    send: (entries) => postItems(ctx, entries),
    effect: async (res, entries, index, sentAt) => {
      const found = await ownRecords(ctx, 'item', entries.map(itemLocator), {
        answer: res,
        since: sentAt,
        what: `POST /items (3 items, one of them ${o.bad})`,
      });
      const at = found.outcomes[index];
      if (isLocated(at))
        return { tookEffect: true, how: `item ${at.id} with itemNumber ${entries[index]!.itemNumber} was created` };
      return at?.proven ? { tookEffect: false, how: at.why } : { unknown: at?.why ?? 'the item was not looked for' };
    },
  });
}
