import type { ApiResponse } from '../../harness/client.js';
import { fieldMismatch, type Failure } from '../../harness/checks/index.js';
import { poIntegrationSources, poSources } from '../../contract/schemas.js';
import { conformance, type CheckContext } from '../../harness/conformance.js';
import type { Rec } from '../common/adapter.js';
import { verdict } from '../common/judge.js';
import { orderIdOf } from './adapter.js';
import { allReads, ordersReadById, poReadsById, poSlices, sampledOrderReads } from './reads.js';

const sources: readonly unknown[] = poSources;
const channels: readonly unknown[] = poIntegrationSources;

// §2.6: source is inventory, online or orders; integrationSource is Inventory, PartsCatalog,
// TireCatalog or ManualOrder. Judged on every order of the shared reads (lists and reads by id);
// a value a record does not show is counted, not judged (the exact response fields are not shown, §4.6).
conformance('PO-SOURCE-VALUES', async (ctx: CheckContext) => {
  const [reads, byId] = await Promise.all([poSlices(ctx), poReadsById(ctx)]);
  const got = ordersReadById(byId);
  await ctx.cite(...allReads(reads), ...got.map((g) => g.res));
  const records: { r: Rec; res: ApiResponse }[] = [
    ...sampledOrderReads(reads).map((x) => ({ r: x.record, res: x.res })),
    ...got.map((g) => ({ r: g.record, res: g.res })),
  ];
  if (records.length === 0) ctx.skip('the company has no purchase orders');
  const problems: Failure[] = [];
  let judged = 0;
  let unshown = 0;
  for (const { r, res } of records)
    for (const [field, allowed] of [
      ['source', sources],
      ['integrationSource', channels],
    ] as const) {
      const v = r[field];
      if (v === undefined || v === null) unshown += 1;
      else {
        judged += 1;
        if (!allowed.includes(v))
          problems.push(
            fieldMismatch(`order ${orderIdOf(r) ?? '(no id)'}`, field, `one of ${allowed.join(', ')}`, v, res),
          );
      }
    }
  if (unshown) ctx.observe('values not shown', unshown);
  if (judged === 0) ctx.inconclusive(`none of the ${records.length} orders shows source or integrationSource`);
  verdict(
    ctx,
    problems,
    'purchase orders with an undocumented source or integrationSource',
    judged,
    `source and integrationSource values of ${records.length} orders`,
  );
});
