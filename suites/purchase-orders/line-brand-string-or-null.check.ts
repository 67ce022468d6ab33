import { isRecord, inconsistencies } from '../../harness/checks/index.js';
import { conformance, type CheckContext } from '../../harness/conformance.js';
import { verdict } from '../common/judge.js';
import { sampleLines } from './lines.js';

// §2.6: every line item carries brand, a string or null (null when unset in inventory).
conformance('PO-LINE-BRAND', async (ctx: CheckContext) => {
  const lines = await sampleLines(ctx);
  verdict(
    ctx,
    inconsistencies(
      lines
        .filter(
          ({ line }) =>
            !isRecord(line) || !('brand' in line) || (line.brand !== null && typeof line.brand !== 'string'),
        )
        .map(
          ({ orderId, from, line }) =>
            `order ${orderId} (${from}): line brand ${isRecord(line) && 'brand' in line ? JSON.stringify(line.brand) : 'missing'}`,
        ),
    ),
    'line items whose brand is not a string or null',
    lines.length,
    'line items with a string or null brand',
  );
});
