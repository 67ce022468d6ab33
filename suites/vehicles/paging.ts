import { fieldValue } from '../../harness/checks/index.js';
import type { PagingScope } from '../common/adapter.js';
import { vehicles } from './adapter.js';
import { fixtureReads, vehicleFixture } from './fixtures.js';

/**
 * §4.1, §8: walked with the documented customer filter, over CUSTOMER_ID's vehicles, the run's own
 * among them (those no check archives: whether inactive vehicles stay listed is not shown).
 * Read-only, the first pages of the whole list are walked instead.
 */
export const vehiclePaging: PagingScope = {
  adapter: vehicles,
  clause: 'VEHICLE-PAGING',
  size: 2,
  maxPages: 12,
  async scope(ctx) {
    const customerId = ctx.target.customerId;
    if (ctx.run.mode !== 'full' || !customerId) return { query: {}, expected: [], note: 'the whole list, first pages' };
    const fx = await vehicleFixture(ctx);
    const expected = fixtureReads(fx, ['miles', 'km', 'update-a', 'update-b']).filter((r) => String(fieldValue(r.record, ['customerId'])) === customerId).map((r) => r.id);
    return { query: { customerId }, expected, note: `customerId=${customerId}` };
  },
};
