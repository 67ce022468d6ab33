import { fieldValue, isSuccess } from '../../harness/checks/index.js';
import type { Query } from '../../harness/client.js';
import type { CheckContext } from '../../harness/conformance.js';
import type { Listing } from '../common/listing.js';
import type { TenancyProbe, TenantRecord } from '../common/adapter.js';
import { sightIn } from '../common/tenancy.js';
import { termOf } from '../../generators/vehicles.js';
import { vehicles } from './adapter.js';
import { vehicleFixture, vehicleSample } from './fixtures.js';

interface VehicleRecord extends TenantRecord {
  customerId: string;
  /**
   * The fixture's own listing that showed it (its customer, updated since the create): the control,
   * not sent again, and the query the other company is listed with.
   */
  listed?: { query: Query; listing: Listing };
}

/** The run's own vehicle when it may write; else one listed, with its owner, for the documented customer filter. */
async function vehicleOfCompany(ctx: CheckContext): Promise<VehicleRecord | undefined> {
  if (ctx.run.mode === 'full' && ctx.target.customerId) {
    const fx = await vehicleFixture(ctx);
    const id = fx.ids.miles;
    const listed = fx.listed?.listing.ok && fx.listed.listing.ids.includes(id ?? '') ? fx.listed : undefined;
    if (id)
      return {
        id,
        term: termOf(fx.inputs.miles),
        customerId: ctx.target.customerId,
        note: 'created by the run',
        own: true,
        writtenAt: fx.writtenAt,
        ownRead: fx.reads.miles,
        ...(listed ? { listed: { query: listed.query, listing: listed.listing } } : {}),
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
  // Narrowed by the documented customer filter (and the update window, where the fixture's listing is
  // the control): a company's list under that customer must not show another company's vehicle.
  listShows: (ctx, companyId, record) => {
    const { listed, customerId } = record as VehicleRecord;
    if (listed && companyId === ctx.companyId)
      return Promise.resolve({ shown: true, complete: listed.listing.complete, responses: listed.listing.responses });
    return sightIn(ctx, vehicles, companyId, record, (listed?.query as Record<string, string>) ?? { customerId });
  },
  readable: vehicleOfCompany,
};
