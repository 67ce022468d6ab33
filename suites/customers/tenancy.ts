import { fieldValue, isSuccess } from '../../harness/checks/index.js';
import type { CheckContext } from '../../harness/conformance.js';
import type { TenancyProbe, TenantRecord } from '../common/adapter.js';
import type { Query } from '../../harness/client.js';
import { walkEnds } from '../../harness/locate/walk.js';
import { collect, type Listing } from '../common/listing.js';
import { windowLeft } from '../common/own-records.js';
import { holds, sightElsewhere } from '../common/tenancy.js';
import { customers } from './adapter.js';
import { customerFixture, customerSample } from './fixtures.js';

/** The run's own customer when it may write (found by its word); else a listed one (found by id). */
async function customerOfCompany(ctx: CheckContext): Promise<TenantRecord | undefined> {
  if (ctx.run.mode === 'full') {
    const fx = await customerFixture(ctx);
    if (fx.ids.plain)
      return {
        id: fx.ids.plain,
        term: fx.terms.plain,
        note: 'created by the run',
        own: true,
        writtenAt: fx.writtenAt,
        ownRead: fx.reads.plain,
      };
  }
  const list = await customerSample(ctx);
  const id = isSuccess(list) ? customers.records(list).map(customers.idOf).find(Boolean) : undefined;
  return id ? { id, note: 'listed' } : undefined;
}

interface CustomerRecord extends TenantRecord {
  /** The query its own company's list showed it under: the other company's list is read with the same. */
  query?: Query;
}

/**
 * §1 for customers: §4.3 shows no query, so the list is narrowed by the profile's search parameter
 * for the record's unique word. The control (its own company's list, so narrowed, shows it) proves
 * the query finds it; the other company's list under the same query, read to its end, then stands
 * for its whole list. A server that ignores the parameter is read from both ends of the plain
 * list for the control, and the other company's plain list to its end (10 pages at most).
 */
export const customerTenancy: TenancyProbe = {
  adapter: customers,
  needs: { list: ['write'], get: [] },
  record: customerOfCompany,
  async listShows(ctx, companyId, record) {
    const r = record as CustomerRecord;
    const narrow: Query = r.term ? { [ctx.profile.customers.searchParam]: r.term } : {};
    const shows = (l: Listing) => l.responses.some((res) => isSuccess(res) && holds(customers, res.json, r));
    if (companyId !== ctx.companyId) {
      const query = r.query ?? narrow;
      return sightElsewhere(ctx, customers, query, companyId, (res) => holds(customers, res.json, r), {
        maxPages: Object.keys(query).length ? 3 : 10,
      });
    }
    // The control. The run's own customer may show in its company's list late: looked for until it does, within the window.
    const find = async (): Promise<Listing> => {
      const searched = await collect(ctx, customers, narrow, { maxPages: 3 });
      if (!searched.ok || shows(searched) || !Object.keys(narrow).length)
        return Object.assign(searched, { query: narrow });
      // A search that does not cover the word's field (names, e-mail and phone only; §4.3 shows none) may
      // cover the customer's own e-mail as read: a query this control proves, or not, on the record itself.
      const read = r.ownRead && isSuccess(r.ownRead) ? customers.recordIn(r.ownRead, r.id) : undefined;
      const email = read ? fieldValue(read, ['email']) : undefined;
      if (typeof email === 'string' && email.includes('@')) {
        const byEmail: Query = { [ctx.profile.customers.searchParam]: email };
        const second = await collect(ctx, customers, byEmail, { maxPages: 3 });
        if (second.ok && shows(second))
          return Object.assign(second, { query: byEmail, responses: [...searched.responses, ...second.responses] });
      }
      const plain = await walkEnds(
        (q) => customers.list(ctx, q),
        customers,
        {},
        { maxPages: 10, enough: (records) => records.some((x) => customers.idOf(x) === r.id) },
      );
      return Object.assign(plain, { query: {}, responses: [...searched.responses, ...plain.responses] });
    };
    const got = r.own
      ? (
          await ctx.eventually(
            `POST /customers (the run's ${r.id}) shown in GET /customers`,
            find,
            (l) => !l.ok || shows(l),
            windowLeft(ctx, r.writtenAt),
          )
        ).value
      : await find();
    r.query = (got as Listing & { query: Query }).query;
    return { shown: got.ok && shows(got), complete: !got.ok || got.complete, responses: got.responses };
  },
  readable: customerOfCompany,
};
