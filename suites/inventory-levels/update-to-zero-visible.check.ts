import {
  describeResponse,
  fieldMismatch,
  isClientError,
  isSuccess,
  unexpectedStatus,
} from '../../harness/checks/index.js';
import { conformance, type CheckContext } from '../../harness/conformance.js';
import { fail, verdict } from '../common/judge.js';
import { noQuantity, quantitiesAt } from './adapter.js';
import { levelZero } from './fixtures.js';

// §4.4 (boundary): an accepted update to quantity 0 shows 0 on the next read, like any other
// level; a server that skips a zero and answers success reports an update it never made. The part
// is first shown at the level the bulk update gave it. Whether 0 is accepted at all is not shown
// (§4.4 shows no body), so its refusal is inconclusive.
conformance(
  'INVENTORY-UPDATE-VISIBLE',
  { variant: 'quantity 0', needs: ['write', 'location'] },
  async (ctx: CheckContext) => {
    const zero = await levelZero(ctx);
    await ctx.cite(zero.put);
    const what = `PUT /inventoryLevels setting item ${zero.itemId} from ${zero.before} to 0`;
    if (isClientError(zero.put))
      ctx.inconclusive(
        `${what} was refused (${describeResponse(zero.put)}); the levels' bodies and values are not shown (§4.4)`,
      );
    if (!isSuccess(zero.put)) fail(`${what} was not accepted`, unexpectedStatus(zero.put, 'a 2xx status', what));
    const locationId = ctx.need(ctx.target.locationId, 'LOCATION_ID is not set');
    const read = zero.after;
    await ctx.cite(read);
    if (!read || !isSuccess(read))
      ctx.inconclusive(
        `precondition: GET /inventoryLevels/${zero.itemId} after the update was refused (${read ? describeResponse(read) : 'not sent'})`,
      );
    const shown = quantitiesAt(ctx, read.json, zero.itemId, locationId);
    if (!shown) ctx.inconclusive(noQuantity(ctx, zero.itemId));
    const problems = shown.includes(0)
      ? []
      : [fieldMismatch(`item ${zero.itemId} at ${locationId}, read after ${what}`, 'quantity', 0, shown, read)];
    verdict(
      ctx,
      problems,
      'an update to quantity 0 is not visible on the next read',
      1,
      'level updated to 0 and read back',
    );
  },
);
