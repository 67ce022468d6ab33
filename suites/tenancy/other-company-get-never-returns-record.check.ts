import { ContractViolation, describeResponse, isSuccess } from '../../harness/checks/index.js';
import { conformance } from '../../harness/conformance.js';
import { holds, tenantProbes } from './support.js';

// §1: reading a record by id under another company never returns it (any refusal or empty answer holds).
for (const probe of tenantProbes) {
  conformance('TENANT-GET-ISOLATION', { variant: probe.resource, needs: ['otherCompany'] }, async (ctx) => {
    const otherCompanyId = ctx.target.otherCompanyId!;
    const id = await probe.existingId(ctx);
    if (!id) ctx.skip(`the company has no ${probe.resource} to read`);
    const own = await probe.get(ctx, id!, ctx.companyId);
    if (!isSuccess(own) || !holds(own.json, probe.idKey, { id: id! })) ctx.inconclusive(`precondition: ${probe.resource} ${id} is not readable under its own company (${describeResponse(own)})`);
    const other = await probe.get(ctx, id!, otherCompanyId);
    ctx.observe(`get under ${otherCompanyId}`, `HTTP ${other.status}`);
    if (isSuccess(other) && holds(other.json, probe.idKey, { id: id! })) {
      throw new ContractViolation(`${probe.resource} ${id} of ${ctx.companyId} is returned when read under company ${otherCompanyId}: ${describeResponse(other)}`);
    }
  });
}
