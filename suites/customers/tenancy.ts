import { isSuccess } from '../../harness/checks/index.js';
import type { CheckContext } from '../../harness/conformance.js';
import type { TenancyProbe, TenantRecord } from '../common/adapter.js';
import { customers, findCustomersByTerm } from './adapter.js';
import { customerFixture, customerSample } from './fixtures.js';

/** The run's own customer when it may write (found by its word); else a listed one (found by id). */
async function customerOfCompany(ctx: CheckContext): Promise<TenantRecord | undefined> {
  if (ctx.run.mode === 'full') {
    const fx = await customerFixture(ctx);
    if (fx.ids.plain) return { id: fx.ids.plain, term: fx.terms.plain, note: 'created by the run' };
  }
  const list = await customerSample(ctx);
  const id = isSuccess(list) ? customers.records(list).map(customers.idOf).find(Boolean) : undefined;
  return id ? { id, note: 'listed' } : undefined;
}

export const customerTenancy: TenancyProbe = {
  adapter: customers,
  needs: { list: ['write'], get: [] },
  record: customerOfCompany,
  // The list has no documented filter: the record is looked for by its word (guessed search), then by a bounded walk.
  async listShows(ctx, companyId, record) {
    const found = await findCustomersByTerm(ctx, [record.term ?? record.id], companyId);
    const hit = found.get(record.term ?? record.id);
    return { shown: !!hit && customers.idOf(hit) === record.id, complete: found.complete === true, responses: [] };
  },
  readable: customerOfCompany,
};
