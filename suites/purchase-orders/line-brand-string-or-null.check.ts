import { expectNoViolations, isRecord } from '../../harness/checks/index.js';
import { conformance } from '../../harness/conformance.js';
import { sampleLines } from './support.js';

// §2.6: every line item carries brand, a string or null (null when unset in inventory).
conformance('PO-LINE-BRAND', async (ctx) => {
  const lines = await sampleLines(ctx);
  if (lines.length === 0) ctx.skip('no purchase order with line items to read');
  expectNoViolations(
    lines
      .filter(({ line }) => !isRecord(line) || !('brand' in line) || (line.brand !== null && typeof line.brand !== 'string'))
      .map(({ orderId, line }) => `order ${orderId}: line brand ${isRecord(line) && 'brand' in line ? JSON.stringify(line.brand) : 'missing'}`),
    'line items whose brand is not a string or null',
  );
});
