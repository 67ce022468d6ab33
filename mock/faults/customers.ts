import { companyOf } from '../context.js';
import { fail, notFound } from '../http.js';
import type { CustomerRecord } from '../model.js';
import { replaceRoute, wrapRoute } from '../overlay.js';
import { pageRequest, type PageRequest } from '../query.js';
import {
  blankAddress,
  blankCustomer,
  byCustomerId,
  customerFilter,
  customerListReply,
  customerReply,
  customersArchivedReply,
  customersToArchive,
  customersUpdatedReply,
  customerUpdates,
} from '../resources/customers.js';
import type { RequestContext } from '../types.js';
import { editReply, editRequest, findInAnyCompany } from './edit.js';
import type { FaultDef } from './fault.js';

/** GET /customers over the given records with the reference filter and order; `to` is where a page ends. */
function listOf(
  ctx: RequestContext,
  records: CustomerRecord[],
  to: (from: number, p: PageRequest) => number = (from, p) => from + p.size,
) {
  const keep = customerFilter(ctx, companyOf(ctx));
  const page = pageRequest(ctx.query);
  const matching = records.filter(keep).sort(byCustomerId);
  const from = (page.page - 1) * page.size;
  return customerListReply(matching, matching.slice(from, to(from, page)), page);
}

/** Customer faults (§3, §4.3) and the customers' tenancy faults. */
export const customerFaults = {
  'customers-create-first-only': {
    clause: 'CUSTOMER-CREATE-BULK',
    description: 'POST /customers stores only the first customer of the bulk body but reports them all as created.',
    overlay: editReply('POST', '/customers', (body, ctx) => {
      for (const c of (body.data.customers as CustomerRecord[]).slice(1))
        ctx.store.company(c.companyId)!.customers.delete(c.customerId);
      return body;
    }),
  },
  'customers-update-resets-unsent': {
    clause: 'CUSTOMER-UPDATE-PARTIAL',
    description: 'PUT /customers replaces the whole record, resetting every field not sent.',
    overlay: replaceRoute('PUT', '/customers', (ctx) => {
      const { company, targets, inputs } = customerUpdates(ctx);
      const now = ctx.store.now();
      targets.forEach((c, i) => {
        const { fields, address } = inputs[i]!;
        Object.assign(c, blankCustomer(company), { status: c.status }, fields, {
          address: { ...blankAddress, ...address },
          updatedDate: now,
        });
      });
      return customersUpdatedReply(targets);
    }),
  },
  'customers-update-first-only': {
    clause: 'CUSTOMER-UPDATE-PARTIAL',
    description: 'PUT /customers validates every entry but applies only the first one.',
    overlay: replaceRoute('PUT', '/customers', (ctx) => {
      const { targets, inputs } = customerUpdates(ctx);
      const [first, { fields, address }] = [targets[0]!, inputs[0]!];
      Object.assign(first, fields, { address: { ...first.address, ...address }, updatedDate: ctx.store.now() });
      return customersUpdatedReply(targets);
    }),
  },
  'customers-archive-does-nothing': {
    clause: 'CUSTOMER-ARCHIVE-INACTIVE',
    description: 'PATCH /customers answers success but the customers stay Active.',
    overlay: replaceRoute('PATCH', '/customers', (ctx) => customersArchivedReply(customersToArchive(ctx))),
  },
  // §3 archives a listed customer from any state, with no other condition (S-3-customer-archive-cascade, corrected 2026-12-02).
  'customers-archive-blocked-by-vehicles': {
    clause: 'CUSTOMER-ARCHIVE-INACTIVE',
    description:
      'PATCH /customers refuses (409) a batch in which a customer still owns an active vehicle: a foreign-key guard on the archive.',
    overlay: wrapRoute('PATCH', '/customers', (next) => (ctx) => {
      const vehicles = [...companyOf(ctx).vehicles.values()];
      const owning = customersToArchive(ctx).filter((c) =>
        vehicles.some((v) => v.customerId === c.customerId && v.vehicleStatus === 'Active'),
      );
      if (owning.length) fail(409, `customer ${owning[0]!.customerId} still has active vehicles`);
      return next(ctx);
    }),
  },
  'customers-archive-first-only': {
    clause: 'CUSTOMER-ARCHIVE-INACTIVE',
    description: 'PATCH /customers validates every entry but archives only the first one.',
    overlay: replaceRoute('PATCH', '/customers', (ctx) => {
      const targets = customersToArchive(ctx);
      Object.assign(targets[0]!, { status: 'Inactive', updatedDate: ctx.store.now() });
      return customersArchivedReply(targets);
    }),
  },
  'customers-get-wrong-param': {
    clause: 'CUSTOMER-GET-BY-ID',
    description: 'GET /customers/{id} reads the id from a route parameter that does not exist, so every lookup is 404.',
    overlay: editRequest('GET', '/customers/:customerId', (ctx) => ({
      ...ctx,
      params: { id: ctx.params.customerId! },
    })),
  },
  'customers-page-size-off-by-one': {
    clause: 'CUSTOMER-PAGING',
    description: 'GET /customers returns size+1 records per page (inclusive slice end).',
    overlay: replaceRoute('GET', '/customers', (ctx) =>
      listOf(ctx, [...companyOf(ctx).customers.values()], (from, p) => from + p.size + 1),
    ),
  },
  'customers-list-ignores-company': {
    clause: 'TENANT-LIST-ISOLATION',
    description:
      "GET /customers scopes its query by the token's companies, not the companyId asked for, so other companies' customers are listed.",
    overlay: replaceRoute('GET', '/customers', (ctx) => {
      companyOf(ctx);
      return listOf(
        ctx,
        ctx.claims.companies.flatMap((id) => [...(ctx.store.company(id)?.customers.values() ?? [])]),
      );
    }),
  },
  'customers-get-ignores-company': {
    clause: 'TENANT-GET-ISOLATION',
    description: 'GET /customers/{id} looks the customer up by id alone and finds customers of any company.',
    overlay: replaceRoute('GET', '/customers/:customerId', (ctx) => {
      companyOf(ctx);
      return customerReply(
        findInAnyCompany(ctx.store, (c) => c.customers, ctx.params.customerId!) ?? notFound('customer not found'),
      );
    }),
  },
} as const satisfies Record<string, FaultDef>;
