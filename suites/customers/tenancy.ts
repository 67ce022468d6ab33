import { isSuccess } from '../../harness/checks/index.js';
import type { CheckContext } from '../../harness/conformance.js';
import type { TenancyProbe, TenantRecord } from '../common/adapter.js';
import { customers, findCustomersByTerm } from './adapter.js';
import { customerFixture, customerSample } from './fixtures.js';

/** The run's own customer when it may write (found by its word); else a listed one (found by id). */
async function customerOfCompany(ctx: CheckContext): Promise<TenantRecord | undefined> {
  if (ctx.run.mode === 'full') {
    const fx = await customerFixture(ctx);
    if (fx.ids.plain) return { id: fx.ids.plain, term: fx.terms.plain, note: 'created by the run', own: true };
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
    const term = record.term ?? record.id;
    const find = () => findCustomersByTerm(ctx, [term], companyId);
    const shown = (found: Awaited<ReturnType<typeof find>>) => customers.idOf(found.get(term) ?? {}) === record.id;
    // The run's own customer may show in its company's list late: looked for until it does, within the window.
    const found = record.own && companyId === ctx.companyId ? (await ctx.eventually(`the run's customer ${record.id} shown in GET /customers`, find, shown)).value : await find();
    return { shown: shown(found), complete: found.complete === true, responses: found.responses ?? [] };
  },
  readable: customerOfCompany,
};
