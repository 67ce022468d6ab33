import { expectNoViolations, isRecord } from '../../harness/checks/index.js';
import { conformance } from '../../harness/conformance.js';
import { sampleLines } from './support.js';

const reserved = ['requestedPartNumber', 'requestedQuantity'] as const;

// §2.6: requestedPartNumber and requestedQuantity are reserved and currently always null.
conformance('PO-LINE-RESERVED-NULL', async (ctx) => {
  const lines = await sampleLines(ctx);
  if (lines.length === 0) ctx.skip('no purchase order with line items to read');
  expectNoViolations(
    lines.flatMap(({ orderId, line }) =>
      reserved
        .filter((f) => !isRecord(line) || line[f] !== null)
        .map((f) => `order ${orderId}: ${f} ${isRecord(line) && f in line ? JSON.stringify(line[f]) : 'missing'}`),
    ),
    'reserved line-item fields that are not null',
  );
});
