import { fieldValue } from '../../harness/checks/index.js';
import type { PagingScope } from '../common/adapter.js';
import { vehicles } from './adapter.js';
import { fixtureReads, listedRoles, vehicleFixture } from './fixtures.js';

/**
 * §4.1, §8: walked with the documented customer and updated-date filters the vehicle fixture waited
 * in (CUSTOMER_ID's vehicles updated since shortly before the run's create), so the list stays short
 * however many vehicles the company holds; the run's own among them (those no check archives:
 * whether inactive vehicles stay listed is not shown), as far as that listing showed them. Read-only,
 * the first pages of the whole list are walked instead.
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
    const listed = new Set(listedRoles(fx, ['miles', 'km', 'update-a', 'update-b']));
    const expected = fixtureReads(fx, ['miles', 'km', 'update-a', 'update-b'])
      .filter((r) => String(fieldValue(r.record, ['customerId'])) === customerId && listed.has(r.id))
      .map((r) => r.id);
    const query = fx.listed?.query ?? { customerId };
    return {
      query,
      expected,
      note: Object.entries(query)
        .map(([k, v]) => `${k}=${String(v)}`)
        .join('&'),
    };
  },
};
