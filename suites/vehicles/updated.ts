import { fieldValue } from '../../harness/checks/index.js';
import type { UpdatedScope } from '../common/adapter.js';
import { vehicles } from './adapter.js';
import { fixtureReads, vehicleFixture, vehicleSample } from './fixtures.js';

/** §4.1: the run's never-changed vehicles, narrowed to CUSTOMER_ID (whose vehicles they read back as). */
export const vehicleUpdated: UpdatedScope = {
  adapter: vehicles,
  clause: 'VEHICLE-FILTER-UPDATED',
  async runRecords(ctx) {
    const customerId = ctx.target.customerId;
    if (!customerId) return undefined;
    const fx = await vehicleFixture(ctx);
    const reads = fixtureReads(fx, ['miles', 'km']).filter(
      (r) => String(fieldValue(r.record, ['customerId'])) === customerId,
    );
    return {
      ids: reads.map((r) => r.id),
      narrow: { customerId },
      writtenAt: fx.writtenAt,
      records: reads.map((r) => r.record),
      answer: fx.create,
    };
  },
  sample: vehicleSample,
};
