import type { CustomerRecord } from '../model.js';
import { wrapRoute } from '../overlay.js';
import { editReply, editRequest, isSuccess, withBody, type Json } from './edit.js';
import type { FaultDef } from './fault.js';
import { copy } from './operators/records.js';

/**
 * The production-like server's regressions that a round of blind faults found missed (issue 35),
 * each written again as an overlay of the mock, so the check that stands for its kind is proven
 * able to catch it. The fifth, the other company's vehicles past offset 1,000, is generated
 * (`scope:vehicles.company:deep-union`, operators/scope.ts): the mock's companies end long before.
 */

const isServiceItem = (r: Json) => r && typeof r === 'object' && ['labor', 'discount', 'fee'].includes(r.itemType);

/** The items of an answer, wherever it puts them (a bare item by id, a page's content). */
function itemsIn(body: Json): Json[] {
  if (!body || typeof body !== 'object') return [];
  if (Array.isArray(body)) return body.flatMap(itemsIn);
  return 'itemId' in body && 'itemType' in body ? [body] : Object.values(body).flatMap(itemsIn);
}

export const missFaults = {
  'vehicles-list-tags-as-names': {
    clause: 'VEHICLE-LIST-ENVELOPE',
    description:
      'GET /vehicles serialises each tag as its name only (a list projection of the join table), so tags is an array of strings (§2.1: Tag objects).',
    overlay: editReply('GET', '/vehicles', (body) => {
      const b = copy(body);
      for (const v of b?.results?.content ?? [])
        if (Array.isArray(v?.tags)) v.tags = v.tags.map((t: Json) => (t && typeof t === 'object' ? t.name : t));
      return b;
    }),
  },
  // details: null for labor, discount and fee items is S-2.2-unset-fields' choice, not a miss: the stand-in
  // breaks what §2.2 does state of them, that details is an object.
  'items-service-details-double-encoded': {
    clause: 'ITEM-DETAILS-MATCH-TYPE',
    description:
      'GET /items/{itemId} answers the details of labor, discount and fee items as a JSON string ("{}"), a JSON column serialised twice (§2.2: details is an object).',
    overlay: editReply('GET', '/items/:itemId', (body) => {
      const b = copy(body);
      for (const i of itemsIn(b)) if (isServiceItem(i)) i.details = JSON.stringify(i.details ?? {});
      return b;
    }),
  },
  'customers-bulk-one-id': {
    clause: 'CUSTOMER-CREATE-BULK',
    description:
      'POST /customers draws one id per request, not per customer: every customer of the bulk is written under it, so only the last one is stored, and the answer shows that id for each.',
    overlay: wrapRoute('POST', '/customers', (next) => async (ctx) => {
      const reply = await next(ctx);
      const created = (reply.body as Json)?.data?.customers as CustomerRecord[] | undefined;
      if (!isSuccess(reply) || !created || created.length < 2) return reply;
      const id = created[0]!.customerId;
      const company = ctx.store.company(created[0]!.companyId)!;
      for (const c of created) company.customers.delete(c.customerId);
      company.customers.set(id, { ...created[created.length - 1]!, customerId: id });
      const body = copy(reply.body);
      for (const c of body.data.customers) c.customerId = id;
      return { ...reply, body };
    }),
  },
  'inventory-update-item-twice-last-kept': {
    clause: 'INVENTORY-UPDATE-VISIBLE',
    description:
      'PUT /inventoryLevels de-duplicates its entries by itemId before writing, keeping the last quantity, and writes it at every location named for that item.',
    overlay: editRequest('PUT', '/inventoryLevels', (ctx) =>
      withBody(ctx, (body) => {
        const key = Object.keys(body).find((k) => Array.isArray(body[k]));
        if (!key) return body;
        const entries = body[key] as Json[];
        const last = new Map<string, Json>();
        for (const e of entries) if (e && typeof e === 'object') last.set(String(e.itemId), e);
        return {
          ...body,
          [key]: entries.map((e) => {
            const kept = e && typeof e === 'object' ? last.get(String(e.itemId)) : undefined;
            return kept ? { ...kept, itemId: e.itemId, locationId: e.locationId } : e;
          }),
        };
      }),
    ),
  },
} as const satisfies Record<string, FaultDef>;
