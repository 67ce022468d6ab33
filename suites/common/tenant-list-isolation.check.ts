import { isSuccess, leaked } from '../../harness/checks/index.js';
import { fail } from './judge.js';
import { conformance, type CheckContext } from '../../harness/conformance.js';
import { tenancyProbes } from './resources.js';
import { holding } from './tenancy.js';

// §1: every record belongs to a company. A record of COMPANY_ID, listed there (the control), never
// shows when the same narrowed list is asked for OTHER_COMPANY_ID: on the pages to its end, nor on
// one page far past it (past offset 1,000: a big company's list may leak only deep, issue 28).
for (const probe of tenancyProbes) {
  const { adapter } = probe;
  conformance(
    'TENANT-LIST-ISOLATION',
    { variant: adapter.name, needs: ['otherCompany', ...probe.needs.list] },
    async (ctx: CheckContext) => {
      const other = ctx.need(ctx.target.otherCompanyId, 'OTHER_COMPANY_ID is not set');
      const record = await probe.record(ctx);
      if (!record) ctx.skip(`the company has no ${adapter.name} record to look for`);
      const own = await probe.listShows(ctx, ctx.companyId, record);
      await ctx.cite(...own.responses);
      if (!own.shown)
        ctx.inconclusive(
          `precondition: ${adapter.name} ${record.id} (${record.note}) is not found listing its own company, so its absence elsewhere would prove nothing`,
        );
      const there = await probe.listShows(ctx, other, record);
      await ctx.cite(...there.responses);
      const deep = there.deep;
      if (deep)
        ctx.observe(
          `a page far past the end of ${other}'s list`,
          `page ${deep.page} at size ${deep.size}: ${deep.res.status}, ${isSuccess(deep.res) ? adapter.records(deep.res).length : 0} record(s)`,
        );
      if (there.shown) {
        // A sighting rests on an answer that holds the record; the first one read otherwise.
        const at = holding(adapter, there.responses, record) ?? there.responses[0]!;
        fail(
          'a record of another company was listed',
          leaked(
            `${adapter.name} ${record.id}`,
            `it belongs to company ${ctx.companyId} and company ${other} was listed${at === deep?.res ? ` (page ${deep.page}, far past the end of that list)` : ''}`,
            at,
          ),
        );
      }
      if (!there.complete)
        ctx.inconclusive(`the listing of ${other} was not read to its end, so the record's absence is not proven`);
      ctx.saw(1, `${adapter.name} record absent from another company's list`);
    },
  );
}
