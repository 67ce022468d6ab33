import { describeResponse, isRecord, isSuccess } from '../../harness/checks/index.js';
import { conformance, type CheckContext } from '../../harness/conformance.js';
import { buildPartWithout } from '../../generators/items.js';
import { seededFaker } from '../../generators/random.js';
import { sampledUnderLimits } from '../common/positions.js';
import { postItems } from './adapter.js';
import { itemFixture, ledgerAcceptedItems } from './fixtures.js';

/** The fields §4.2 lists on a created item without calling them required (itemType is: ITEM-CREATE-NEEDS-TYPE). */
const listed = ['itemName', 'status', 'taxable'] as const;

// §4.2 lists itemName, itemNumber, status and taxable on every created item but does not say
// whether one may be left out (only the details are called required): a part lacking one of them
// is sent and the answer recorded, never judged (the required-field matrix's open rows). Under
// rate limits one field per run, from the seed. itemNumber is never left out: it is how the run
// finds an item it created (§4.2 filter), so one accepted without it could not be cleaned up.
conformance('ITEM-CREATE-LISTED-FIELDS', { needs: ['write'] }, async (ctx: CheckContext) => {
  const fx = await itemFixture(ctx);
  if (!isSuccess(fx.create))
    ctx.inconclusive(`precondition: the run's valid parts and tire were refused (${describeResponse(fx.create)})`);
  await ctx.cite(fx.create);
  const fields = sampledUnderLimits(ctx, 'ITEM-CREATE-LISTED-FIELDS', listed);
  ctx.observe(
    'fields left out, one part each',
    `${fields.join(', ')}${ctx.frugal ? ` (one, from SEED=${ctx.seed}, under rate limits)` : ''}; itemNumber never (the run finds its items by it)`,
  );
  for (const field of fields) {
    const input = buildPartWithout(seededFaker(ctx.seed, `item-without-${field}`), ctx.marker, field);
    const res = await postItems(ctx, [input]);
    ledgerAcceptedItems(ctx, res, [input]);
    const refused = !isSuccess(res) || (isRecord(res.json) && res.json.success === false);
    ctx.observe(`a part without ${field}`, `${refused ? 'refused' : 'accepted'}: ${describeResponse(res)}`);
  }
});
