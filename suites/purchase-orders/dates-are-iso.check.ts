import type { ApiResponse } from '../../harness/client.js';
import { fieldMismatch, type Failure } from '../../harness/checks/index.js';
import { iso8601DateTime } from '../../contract/schemas.js';
import { conformance, type CheckContext } from '../../harness/conformance.js';
import type { Rec } from '../common/adapter.js';
import { verdict } from '../common/judge.js';
import { orderIdOf } from './adapter.js';
import { allReads, ordersReadById, poReadsById, poSlices, sampledOrderReads } from './reads.js';

const dateFields = ['createdDate', 'updatedDate', 'invoiceDate', 'paymentDueDate'] as const;

// §2.6: the four dates are ISO 8601 datetimes (any offset, fraction or none). Whether one may be
// null or absent (an order not yet invoiced) is not shown: such values are counted, not failed.
conformance('PO-DATES-ISO', async (ctx: CheckContext) => {
  const [reads, byId] = await Promise.all([poSlices(ctx), poReadsById(ctx)]);
  const got = ordersReadById(byId);
  await ctx.cite(...allReads(reads), ...got.map((g) => g.res));
  const records: { r: Rec; res: ApiResponse }[] = [
    ...sampledOrderReads(reads).map((x) => ({ r: x.record, res: x.res })),
    ...got.map((g) => ({ r: g.record, res: g.res })),
  ];
  if (records.length === 0) ctx.skip('the company has no purchase orders');
  const empty: Record<string, number> = {};
  const problems: Failure[] = [];
  let judged = 0;
  for (const { r, res } of records)
    for (const f of dateFields) {
      const v = r[f];
      if (v === null || v === undefined) empty[f] = (empty[f] ?? 0) + 1;
      else {
        judged += 1;
        if (!iso8601DateTime.safeParse(v).success)
          problems.push(fieldMismatch(`order ${orderIdOf(r) ?? '(no id)'}`, f, 'an ISO 8601 datetime', v, res));
      }
    }
  ctx.observe('null or absent dates', empty);
  if (judged === 0) ctx.inconclusive(`none of the ${records.length} orders shows one of ${dateFields.join(', ')}`);
  verdict(
    ctx,
    problems,
    'purchase-order dates that are not ISO 8601 datetimes',
    judged,
    `dates of ${records.length} orders`,
  );
});
