import { iso8601DateTime } from '../../contract/schemas.js';
import { expectNoViolations } from '../../harness/checks/index.js';
import { conformance } from '../../harness/conformance.js';
import { collectOrders, orderIdOf } from './support.js';

const dateFields = ['createdDate', 'updatedDate', 'invoiceDate', 'paymentDueDate'] as const;

// §2.6: the four dates are ISO 8601 datetimes. Whether one may be null or absent (an order not yet
// invoiced) is not shown: such values are counted, not failed.
conformance('PO-DATES-ISO', async (ctx) => {
  const got = await collectOrders(ctx, {}, 1);
  if (!got.ok) return ctx.inconclusive('precondition: GET /purchaseOrders was refused');
  if (got.records.length === 0) ctx.skip('the company has no purchase orders');
  const empty: Record<string, number> = {};
  const problems: string[] = [];
  for (const r of got.records)
    for (const f of dateFields) {
      const v = r[f];
      if (v === null || v === undefined) empty[f] = (empty[f] ?? 0) + 1;
      else if (!iso8601DateTime.safeParse(v).success) problems.push(`${orderIdOf(r) ?? '(no id)'} ${f} = ${JSON.stringify(v)}`);
    }
  ctx.observe('null or absent dates', empty);
  expectNoViolations(problems, 'purchase-order dates that are not ISO 8601 datetimes');
});
