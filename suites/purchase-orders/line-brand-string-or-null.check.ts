import { fieldMismatch, isRecord } from '../../harness/checks/index.js';
import { conformance, type CheckContext } from '../../harness/conformance.js';
import { verdict } from '../common/judge.js';
import { sampleLines } from './lines.js';

// §2.6: every line item carries brand, a string or null; an unset brand is null, never "" (a
// brand that is an empty string is an unset one written in another form).
conformance('PO-LINE-BRAND', async (ctx: CheckContext) => {
  const lines = await sampleLines(ctx);
  verdict(
    ctx,
    lines
      .filter(
        ({ line }) =>
          !isRecord(line) ||
          !('brand' in line) ||
          (line.brand !== null && typeof line.brand !== 'string') ||
          (typeof line.brand === 'string' && line.brand.trim() === ''),
      )
      .map(({ orderId, from, line, res }) =>
        fieldMismatch(
          `order ${orderId} (${from}): a line item`,
          'brand',
          'a string or null',
          isRecord(line) && 'brand' in line ? line.brand : 'absent',
          res,
        ),
      ),
    'line items whose brand is not a string or null (null when unset)',
    lines.length,
    'line items with a string or null brand',
  );
});
