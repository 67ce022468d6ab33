import { describeResponse, isSuccess, leaked } from '../../harness/checks/index.js';
import { fail } from './judge.js';
import { conformance, type CheckContext } from '../../harness/conformance.js';
import { readUnder, shownUnder } from './tenancy.js';
import { tenancyProbes } from './resources.js';
import type { TenantRecord } from './adapter.js';
import type { ApiResponse } from '../../harness/client.js';
import { seededFaker } from '../../generators/random.js';

// §1: reading a record by id under another company never returns it (any refusal, or an answer without it, holds).
for (const probe of tenancyProbes.filter((p) => p.readable && p.adapter.get)) {
  const { adapter } = probe;
  conformance(
    'TENANT-GET-ISOLATION',
    { variant: adapter.name, needs: ['otherCompany', ...probe.needs.get] },
    async (ctx: CheckContext) => {
      const other = ctx.need(ctx.target.otherCompanyId, 'OTHER_COMPANY_ID is not set');
      const record = await probe.readable!(ctx);
      if (!record) ctx.skip(`the company has no ${adapter.name} record to read`);
      // The fixture's read by id under the own company, where it made one and it shows the record, is the control.
      const earlier = record.ownRead ? shownUnder(adapter, record.id, record.ownRead) : undefined;
      const own = earlier?.shown ? earlier : await readUnder(ctx, adapter, record.id, ctx.companyId);
      await ctx.cite(own.res);
      if (!own.shown)
        ctx.inconclusive(
          `precondition: ${adapter.name} ${record.id} is not readable under its own company (${describeResponse(own.res)})`,
        );
      // The other id forms (probe.otherForms), each with its own read as the control: every one unlimited, one drawn with the seed under rate limits.
      const forms = (await probe.otherForms?.(ctx)) ?? [];
      const more =
        ctx.frugal && forms.length ? [seededFaker(ctx.seed, 'tenant-get-form').helpers.arrayElement(forms)] : forms;
      const controlled = more.filter((r) => r.ownRead && shownUnder(adapter, r.id, r.ownRead).shown);
      const records = [record, ...controlled];
      // Under the other company, the same id is a leak only if it is this very record (S-ID-reuse-and-scope).
      const ownOf = (r: TenantRecord, res?: ApiResponse) => ({
        record: r,
        read: res && isSuccess(res) ? adapter.recordIn?.(res, r.id) : undefined,
      });
      const reads = await Promise.all(
        records.map((r, i) => readUnder(ctx, adapter, r.id, other, ownOf(r, i === 0 ? own.res : r.ownRead))),
      );
      ctx.observe(
        `read under ${other}`,
        reads.map((there, i) => `${records[i]!.id}: HTTP ${there.res.status}`).join(', '),
      );
      const i = reads.findIndex((there) => there.shown);
      if (i >= 0)
        fail(
          `a record of another company was returned by id`,
          leaked(
            `${adapter.name} ${records[i]!.id}`,
            `it belongs to ${ctx.companyId} and was read under company ${other}`,
            reads[i]!.res,
          ),
        );
      ctx.saw(records.length, `${adapter.name} record(s) not returned under another company`);
    },
  );
}
