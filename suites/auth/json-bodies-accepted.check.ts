import { conformance, type CheckContext } from '../../harness/conformance.js';
import { buildPart } from '../../generators/items.js';
import { seededFaker } from '../../generators/random.js';
import { ledgerAcceptedItems } from '../items/fixtures.js';
import { vehicleFixture } from '../vehicles/fixtures.js';
import { judgeJsonWrite } from './judge.js';

/** A valid part, created with the given Content-Type (and ledgered for the cleanup). */
async function postPart(ctx: CheckContext, contentType: string) {
  const part = buildPart(seededFaker(ctx.seed, `json-bodies ${contentType}`), ctx.marker);
  const res = await ctx.api.request({
    method: 'POST',
    path: '/items',
    body: { companyId: ctx.companyId, items: [part] },
    headers: { 'Content-Type': contentType },
  });
  // Ledgered by its itemNumber: the cleanup locates it (the answer need not show its id, §2.7).
  ledgerAcceptedItems(ctx, res, [part]);
  return res;
}

// §5.2: JSON bodies go with Content-Type: application/json; a valid write sent so is taken as JSON
// (never 415, never 5xx). Other forms of the header (a charset parameter, another casing) are not
// judged: whether a target takes them is open (S-5-request-content-type). The plain form is judged on the run's vehicle create (the harness client
// sends application/json), cited; without CUSTOMER_ID, on a part of its own.
conformance('AUTH-JSON-BODIES', { variant: 'application/json', needs: ['write'] }, async (ctx: CheckContext) => {
  if (ctx.target.customerId) {
    const fx = await vehicleFixture(ctx);
    await ctx.cite(fx.create);
    return judgeJsonWrite(
      ctx,
      fx.create,
      "POST /vehicles (the run's vehicle create) with Content-Type: application/json",
    );
  }
  judgeJsonWrite(ctx, await postPart(ctx, 'application/json'), 'POST /items with Content-Type: application/json');
});
