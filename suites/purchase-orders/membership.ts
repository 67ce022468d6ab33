import type { CheckContext } from '../../harness/conformance.js';
import { isSuccess, shownOutside, unexpectedStatus, type Failure } from '../../harness/checks/index.js';
import { fail, verdict } from '../common/judge.js';
import { orderIdOf, purchaseOrders } from './adapter.js';
import { poSlices, slices, type BackendSlice } from './reads.js';

/**
 * A row of the §4.6 source table lists only its own backend (and channel), judged on page 1 of
 * the shared read. The query is documented, so a refusal fails the row; an empty slice is a skip
 * (nothing shows the rule), and a record that does not show its source is counted, not judged.
 */
export async function judgeSlice(ctx: CheckContext, name: BackendSlice): Promise<void> {
  const slice = slices[name];
  const res = (await poSlices(ctx))[name];
  await ctx.cite(res);
  if (!isSuccess(res)) fail(`${slice.label} was refused`, unexpectedStatus(res, 'a 2xx status', slice.label));
  const records = purchaseOrders.records(res);
  if (records.length === 0)
    ctx.skip(`the company has no purchase orders for ${slice.label}: the slice cannot be shown to hold`);
  const verdicts = records.map((r) => slice.judge!(r));
  const foreign = verdicts.flatMap((v, i): Failure[] =>
    'belongs' in v && !v.belongs ? [shownOutside({ id: orderIdOf(records[i]!), message: v.why }, res)] : [],
  );
  const judged = verdicts.filter((v) => 'belongs' in v).length;
  ctx.observe('integrationSource values', [...new Set(records.map((r) => String(r.integrationSource)))].sort());
  if (judged < records.length)
    ctx.observe('records not judged', `${records.length - judged} of ${records.length} show no source or channel`);
  if (foreign.length === 0 && judged === 0)
    ctx.inconclusive(`none of the ${records.length} orders of ${slice.label} shows its source and channel`);
  verdict(
    ctx,
    foreign,
    `${slice.label} lists ${foreign.length} of ${records.length} orders of another backend`,
    judged,
    `orders of ${slice.label} (page 1) of its own backend`,
  );
}
