import { isSuccess } from '../../harness/checks/index.js';
import type { CheckContext } from '../../harness/conformance.js';
import type { TenancyProbe, TenantRecord } from '../common/adapter.js';
import { collect, collectShowing, type Listing } from '../common/listing.js';
import { holds } from '../common/tenancy.js';
import { customers } from './adapter.js';
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

/**
 * §1 for customers: §4.3 shows no query, so the list is narrowed by the profile's search parameter
 * for the record's unique word. The control (its own company's list, so narrowed, shows it) proves
 * the narrowing works; the other company's list, narrowed the same way and read to its end, then
 * stands for its whole list. A server that ignores the parameter gives the whole list, read to its
 * end when it is short, else the check is inconclusive.
 */
export const customerTenancy: TenancyProbe = {
  adapter: customers,
  needs: { list: ['write'], get: [] },
  record: customerOfCompany,
  async listShows(ctx, companyId, record) {
    const narrow = record.term ? { [ctx.profile.customers.searchParam]: record.term } : {};
    const shows = (l: Listing) => l.responses.some((r) => isSuccess(r) && holds(customers, r.json, record));
    // The run's own customer may show in its company's list late: looked for until it does, within the window.
    const got =
      record.own && companyId === ctx.companyId
        ? await collectShowing(ctx, customers, narrow, `the run's customer ${record.id} shown in GET /customers?${Object.keys(narrow).join('')}=…`, shows, { maxPages: 3 })
        : await collect(ctx, customers, narrow, { companyId, maxPages: 3 });
    // A refused listing under a company shows nothing of it: complete for the question asked.
    return { shown: got.ok && shows(got), complete: !got.ok || got.complete, responses: got.responses };
  },
  readable: customerOfCompany,
};
