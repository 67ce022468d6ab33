import { fieldMismatch, isRecord, isSuccess } from '../../harness/checks/index.js';
import { conformance, type CheckContext } from '../../harness/conformance.js';
import { verdict } from '../common/judge.js';
import { readableItems } from './fixtures.js';

/** The same company in another spelling (S-2.2-companyId-echo: canonicalised forms are a free choice). */
const canonical = (v: unknown) => String(v).trim().toLowerCase();

// §1: every record belongs to one company; §2.2 lists companyId among an item's fields read by id
// (present and a string: ITEM-GET-BARE judges that). What it holds for the company asked for is not
// pinned (the id sent, a canonical form, an internal tenant id: S-2.2-companyId-echo), so only a
// companyId naming another company the run knows (OTHER_COMPANY_ID) fails; any other value is recorded.
conformance('ITEM-COMPANY-MATCHES', async (ctx: CheckContext) => {
  const reads = (await readableItems(ctx)).filter(({ read }) => isSuccess(read) && isRecord(read.json));
  const shown = reads.filter(
    ({ read }) =>
      (read.json as Record<string, unknown>).companyId !== undefined &&
      (read.json as Record<string, unknown>).companyId !== null,
  );
  if (!shown.length) ctx.skip(`none of the ${reads.length} item(s) read by id shows a companyId`);
  await ctx.cite(...shown.map(({ read }) => read));
  const companyOf = ({ read }: (typeof shown)[number]) => (read.json as Record<string, unknown>).companyId;
  const others = [ctx.target.otherCompanyId]
    .filter((c): c is string => !!c && canonical(c) !== canonical(ctx.companyId))
    .map(canonical);
  const spelt = [...new Set(shown.map(companyOf).filter((c) => String(c) !== ctx.companyId))];
  if (spelt.length) ctx.observe('companyId shown for the company asked for', spelt.slice(0, 5));
  const wrong = shown
    .filter((r) => others.includes(canonical(companyOf(r))))
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
    'items read by id showing no other company',
  );
});
