import { inconsistencies } from '../../harness/checks/index.js';
import { iso8601DateTime } from '../../contract/schemas.js';
import { conformance, type CheckContext } from '../../harness/conformance.js';
import type { Rec } from '../common/adapter.js';
import { verdict } from '../common/judge.js';
import { orderIdOf } from './adapter.js';
import { allReads, ordersReadById, poReadsById, poSlices, sampledOrders } from './reads.js';

const dateFields = ['createdDate', 'updatedDate', 'invoiceDate', 'paymentDueDate'] as const;

// §2.6: the four dates are ISO 8601 datetimes (any offset, fraction or none). Whether one may be
// null or absent (an order not yet invoiced) is not shown: such values are counted, not failed.
conformance('PO-DATES-ISO', async (ctx: CheckContext) => {
  const [reads, byId] = await Promise.all([poSlices(ctx), poReadsById(ctx)]);
  const got = ordersReadById(byId);
  await ctx.cite(...allReads(reads), ...got.map((g) => g.res));
  const records: Rec[] = [...sampledOrders(reads), ...got.map((g) => g.record)];
  if (records.length === 0) ctx.skip('the company has no purchase orders');
  const empty: Record<string, number> = {};
  const problems: string[] = [];
  let judged = 0;
  for (const r of records)
    for (const f of dateFields) {
      const v = r[f];
      if (v === null || v === undefined) empty[f] = (empty[f] ?? 0) + 1;
      else {
        judged += 1;
        if (!iso8601DateTime.safeParse(v).success)
          problems.push(`${orderIdOf(r) ?? '(no id)'} ${f} = ${JSON.stringify(v)}`);
      }
    }
  ctx.observe('null or absent dates', empty);
  if (judged === 0) ctx.inconclusive(`none of the ${records.length} orders shows one of ${dateFields.join(', ')}`);
  verdict(
    ctx,
    inconsistencies(problems),
    'purchase-order dates that are not ISO 8601 datetimes',
    judged,
    `dates of ${records.length} orders`,
  );
});
