import { ContractViolation } from '../../harness/checks/index.js';
import { conformance } from '../../harness/conformance.js';
import { tenantProbes } from './support.js';

// §1: every record belongs to a company. A record of COMPANY_ID never shows when listing another company.
for (const probe of tenantProbes) {
  conformance('TENANT-LIST-ISOLATION', { variant: probe.resource, needs: ['write', 'otherCompany', ...probe.createNeeds] }, async (ctx) => {
    const otherCompanyId = ctx.target.otherCompanyId!;
    const record = await probe.create(ctx);
    // The same narrowed list must show it under its own company, or the probe proves nothing.
    const own = await probe.listShows(ctx, ctx.companyId, record);
    if (!own.shown) ctx.inconclusive(`precondition: the new ${probe.resource} record ${record.id} is not found listing its own company`);
    const other = await probe.listShows(ctx, otherCompanyId, record);
    if (other.res) ctx.observe(`listing ${otherCompanyId}`, `HTTP ${other.res.status}`);
    if (other.shown) throw new ContractViolation(`${probe.resource} record ${record.id} of ${ctx.companyId} appears when listing company ${otherCompanyId}`);
  });
}
