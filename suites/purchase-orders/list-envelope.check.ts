import { poListEnvelope } from '../../contract/schemas.js';
import { exchangeOf, isRecord, isSuccess, shapeViolations } from '../../harness/checks/index.js';
import { conformance, type CheckContext } from '../../harness/conformance.js';
import { expect2xx, verdict } from '../common/judge.js';
import { allReads, backendSlices, poSlices, unionSlices } from './reads.js';

// §2.7, §4.6: a list answers { status: boolean, data: array, pagination (optional), error: null }.
// Judged on every row of the source table that was answered 2xx (a refused row is its own
// clause's failure), the plain list without a source required. Each order of `data` carries its
// §2.6 identifier under its documented name `id` (string or number: its type is not shown,
// silences S-2.6-id-form), whichever backend it comes from.
conformance('PO-LIST-ENVELOPE', async (ctx: CheckContext) => {
  const reads = await poSlices(ctx);
  await ctx.cite(...allReads(reads));
  expect2xx(ctx, reads.omitted, 'GET /purchaseOrders');
  const answered = [...unionSlices, ...backendSlices].filter((n) => isSuccess(reads[n]));
  const violations = answered.flatMap((n) => {
    const res = reads[n];
    const body = res.json;
    const data = isRecord(body) && Array.isArray(body.data) ? body.data : [];
    const unnamed = data.filter((o) => !isRecord(o) || (typeof o.id !== 'string' && typeof o.id !== 'number'));
    // §2.6: orderItems, where a listed order shows it, is an array of line items.
    const linesOff = data.filter((o) => isRecord(o) && o.orderItems !== undefined && !Array.isArray(o.orderItems));
    return [
      ...shapeViolations(poListEnvelope, body, res),
      ...(unnamed.length
        ? [
            {
              kind: 'shape-violation' as const,
              message: `GET /purchaseOrders (${n}): ${unnamed.length} of ${data.length} orders carry no \`id\` (§2.6), e.g. ${JSON.stringify(unnamed[0]).slice(0, 160)}`,
              issue: 'an order carries no id (§2.6)',
              path: 'data',
              actual: unnamed[0],
              ...exchangeOf(res),
            },
          ]
        : []),
      ...(linesOff.length
        ? [
            {
              kind: 'shape-violation' as const,
              message: `GET /purchaseOrders (${n}): ${linesOff.length} orders show orderItems as something other than an array (§2.6)`,
              issue: 'orderItems is not an array (§2.6)',
              path: 'data.orderItems',
              actual: (linesOff[0] as Record<string, unknown>).orderItems,
              ...exchangeOf(res),
            },
          ]
        : []),
    ];
  });
  verdict(
    ctx,
    violations,
    'GET /purchaseOrders is not the §2.7 list envelope',
    answered.length,
    'list answers of the §2.7 envelope',
  );
});
