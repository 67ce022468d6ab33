import { fieldValue, isSuccess } from '../../harness/checks/index.js';
import type { CheckContext } from '../../harness/conformance.js';
import type { TenancyProbe, TenantRecord } from '../common/adapter.js';
import { sightIn } from '../common/tenancy.js';
import { termOf } from '../../generators/vehicles.js';
import { vehicles } from './adapter.js';
import { vehicleFixture, vehicleSample } from './fixtures.js';

interface VehicleRecord extends TenantRecord {
  customerId: string;
}

/** The run's own vehicle when it may write; else one listed, with its owner, for the documented customer filter. */
async function vehicleOfCompany(ctx: CheckContext): Promise<VehicleRecord | undefined> {
  if (ctx.run.mode === 'full' && ctx.target.customerId) {
    const fx = await vehicleFixture(ctx);
    const id = fx.ids.miles;
    if (id)
      return {
        id,
        term: termOf(fx.inputs.miles),
        customerId: ctx.target.customerId,
        note: 'created by the run',
        own: true,
        writtenAt: fx.writtenAt,
        ownRead: fx.reads.miles,
      };
  }
  const sample = await vehicleSample(ctx);
  if (!isSuccess(sample)) return undefined;
  const r = vehicles.records(sample).find((x) => vehicles.idOf(x) && fieldValue(x, ['customerId']));
  return r ? { id: vehicles.idOf(r)!, customerId: String(fieldValue(r, ['customerId'])), note: 'listed' } : undefined;
}

export const vehicleTenancy: TenancyProbe = {
  adapter: vehicles,
  needs: { list: [], get: [] },
  record: vehicleOfCompany,
  // Narrowed by the documented customer filter: a company's list under that customer must not show another company's vehicle.
  listShows: (ctx, companyId, record) =>
    sightIn(ctx, vehicles, companyId, record, { customerId: (record as VehicleRecord).customerId }),
  readable: vehicleOfCompany,
};
