import { fieldMismatch, isRecord } from '../../harness/checks/index.js';
import { conformance, type CheckContext } from '../../harness/conformance.js';
import { verdict } from '../common/judge.js';
import { sampleLines } from './lines.js';

const reserved = ['requestedPartNumber', 'requestedQuantity'] as const;

// §2.6: line items carry requestedPartNumber and requestedQuantity, reserved and currently always null.
conformance('PO-LINE-RESERVED-NULL', async (ctx: CheckContext) => {
  const lines = await sampleLines(ctx);
  verdict(
    ctx,
    lines.flatMap(({ orderId, from, line, res }) =>
      reserved
        .filter((f) => !isRecord(line) || line[f] !== null)
        .map((f) =>
          fieldMismatch(
            `order ${orderId} (${from}): a line item`,
            f,
            null,
            isRecord(line) && f in line ? line[f] : 'absent',
            res,
          ),
        ),
    ),
    'reserved line-item fields that are not null',
    lines.length,
    'line items with both reserved fields null',
  );
});
