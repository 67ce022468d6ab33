import { poIntegrationSources, poSources } from '../../contract/schemas.js';
import { expectNoViolations } from '../../harness/checks/index.js';
import { conformance } from '../../harness/conformance.js';
import { collectOrders, orderIdOf } from './support.js';

// §2.6: source is inventory, online or orders; integrationSource is Inventory, PartsCatalog,
// TireCatalog or ManualOrder.
conformance('PO-SOURCE-VALUES', async (ctx) => {
  const got = await collectOrders(ctx, {}, 3);
  if (!got.ok) return ctx.inconclusive('precondition: GET /purchaseOrders was refused');
  if (got.records.length === 0) ctx.skip('the company has no purchase orders');
  const problems = got.records.flatMap((r) => [
    ...((poSources as readonly unknown[]).includes(r.source) ? [] : [`${orderIdOf(r) ?? '(no id)'} source ${JSON.stringify(r.source)}`]),
    ...((poIntegrationSources as readonly unknown[]).includes(r.integrationSource) ? [] : [`${orderIdOf(r) ?? '(no id)'} integrationSource ${JSON.stringify(r.integrationSource)}`]),
  ]);
  expectNoViolations(problems, 'purchase orders with an undocumented source or integrationSource');
});
