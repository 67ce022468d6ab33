import { fieldMismatch, isRecord, isSuccess } from '../../harness/checks/index.js';
import { conformance, type CheckContext } from '../../harness/conformance.js';
import { verdict } from '../common/judge.js';
import { readableItems } from './fixtures.js';

// §1: every record belongs to one company; §2.2 lists companyId among an item's fields read by id.
// An item read under COMPANY_ID that shows a companyId shows that one. Whether the field is always
// there is not settled (§2.2 also says the exact response fields are not shown): reads without it
// are not judged, and a run where none shows it is skipped.
conformance('ITEM-COMPANY-MATCHES', async (ctx: CheckContext) => {
  const reads = (await readableItems(ctx)).filter(({ read }) => isSuccess(read) && isRecord(read.json));
  const shown = reads.filter(
    ({ read }) =>
      (read.json as Record<string, unknown>).companyId !== undefined &&
      (read.json as Record<string, unknown>).companyId !== null,
  );
  if (!shown.length) ctx.skip(`none of the ${reads.length} item(s) read by id shows a companyId`);
  await ctx.cite(...shown.map(({ read }) => read));
  const wrong = shown
    .filter(({ read }) => String((read.json as Record<string, unknown>).companyId) !== ctx.companyId)
    .map(({ id, read }) =>
      fieldMismatch(
        `GET /items/${id}?companyId=${ctx.companyId}`,
        'companyId',
        ctx.companyId,
        (read.json as Record<string, unknown>).companyId,
        read,
        'companyId',
      ),
    );
  verdict(
    ctx,
    wrong,
    'items read under one company report another',
    shown.length,
    'items read by id showing the company asked for',
  );
});
