import { poListEnvelope } from '../../contract/schemas.js';
import { isRecord, isSuccess, schemaViolations } from '../../harness/checks/index.js';
import { conformance, type CheckContext } from '../../harness/conformance.js';
import { expect2xx, verdict } from '../common/judge.js';
import { allReads, backendSlices, poSlices, slices, unionSlices } from './reads.js';

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
    const body = reads[n].json;
    const data = isRecord(body) && Array.isArray(body.data) ? body.data : [];
    const unnamed = data.filter((o) => !isRecord(o) || (typeof o.id !== 'string' && typeof o.id !== 'number'));
    // §2.6: orderItems, where a listed order shows it, is an array of line items.
    const linesOff = data.filter((o) => isRecord(o) && o.orderItems !== undefined && !Array.isArray(o.orderItems));
    return [
      ...schemaViolations(poListEnvelope, body).map((v) => `${slices[n].label}: ${v}`),
      ...(unnamed.length
        ? [
            `${slices[n].label}: ${unnamed.length} of ${data.length} orders carry no \`id\` (§2.6), e.g. ${JSON.stringify(unnamed[0]).slice(0, 160)}`,
          ]
        : []),
      ...(linesOff.length
        ? [`${slices[n].label}: ${linesOff.length} orders show orderItems as something other than an array (§2.6)`]
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
