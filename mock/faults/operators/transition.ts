import type { ClauseId } from '../../../contract/clauses.js';
import type { Reply } from '../../http.js';
import type { CompanyData } from '../../model.js';
import { wrapRoute } from '../../overlay.js';
import type { Store } from '../../store.js';
import type { RequestContext } from '../../types.js';
import { isSuccess, type Json } from '../edit.js';
import { generated, type OperatorOutput } from './operator.js';
import { copy } from './records.js';

/**
 * Operator `transition` over the archive rows of §3 (vehicle, item, customer: PATCH makes the record
 * Inactive from any state, nothing deleted): each archive answered but not applied, toggled (an
 * archived record archived again comes back Active), spilling into another field of the record,
 * undone by a later update that does not send the status (§4.1, §4.3: an update changes only what it
 * sends), or hidden behind a read-by-id cache the archive does not invalidate.
 */
interface Transition {
  name: string;
  path: string;
  /** The body's array and the identifier of its entries (§4.1, §4.2, §4.3). */
  array: string;
  id: string;
  status: string;
  records: (c: CompanyData) => Map<string, Json>;
  archived: ClauseId;
  again: ClauseId;
  onlyStatus: ClauseId;
  /** A field the archive must not touch (one the run sends on create), and how the fault changes it. */
  spill: { field: string; to: (v: Json) => Json };
  /** The update that must not reactivate (§4.1 PUT /vehicles, §4.3 PUT /customers); items have none. */
  update?: ClauseId;
}

const transitions: Transition[] = [
  {
    name: 'vehicle',
    path: '/vehicles',
    array: 'vehicles',
    id: 'vehicleId',
    status: 'vehicleStatus',
    records: (c) => c.vehicles,
    archived: 'VEHICLE-ARCHIVE-INACTIVE',
    again: 'VEHICLE-ARCHIVE-INACTIVE',
    onlyStatus: 'VEHICLE-ARCHIVE-ONLY-STATUS',
    spill: { field: 'make', to: () => '' },
    update: 'VEHICLE-UPDATE-PARTIAL',
  },
  {
    name: 'item',
    path: '/items',
    array: 'items',
    id: 'itemId',
    status: 'status',
    records: (c) => c.items,
    archived: 'ITEM-ARCHIVE-INACTIVE',
    again: 'ITEM-ARCHIVE-FROM-ANY-STATE',
    onlyStatus: 'ITEM-ARCHIVE-ONLY-STATUS',
    spill: { field: 'taxable', to: (v) => !v },
  },
  {
    name: 'customer',
    path: '/customers',
    array: 'customers',
    id: 'customerId',
    status: 'status',
    records: (c) => c.customers,
    archived: 'CUSTOMER-ARCHIVE-INACTIVE',
    again: 'CUSTOMER-ARCHIVE-INACTIVE',
    onlyStatus: 'CUSTOMER-ARCHIVE-ONLY-STATUS',
    spill: { field: 'lastName', to: () => '' },
    update: 'CUSTOMER-UPDATE-PARTIAL',
  },
];

/** The stored records a bulk write names, with the status each had before it. */
function named(t: Transition, ctx: RequestContext): { record: Json; before: Json; entry: Json }[] {
  const body: Json = ctx.body;
  const company = typeof body?.companyId === 'string' ? ctx.store.company(body.companyId) : undefined;
  const entries: Json[] = Array.isArray(body?.[t.array]) ? body[t.array] : [];
  if (!company) return [];
  return entries.flatMap((entry) => {
    const record = entry && typeof entry === 'object' ? t.records(company).get(String(entry[t.id])) : undefined;
    return record ? [{ record, before: record[t.status], entry }] : [];
  });
}

/** After a successful write, `change` edits each record it named (as it was before, and as the write left it). */
const afterWrite = (
  t: Transition,
  method: 'PATCH' | 'PUT',
  change: (n: { record: Json; before: Json; entry: Json }) => void,
) =>
  wrapRoute(method, t.path, (next) => async (ctx) => {
    const records = named(t, ctx);
    const reply = await next(ctx);
    if (isSuccess(reply)) records.forEach(change);
    return reply;
  });

/** Read-by-id answers cached per instance, company and id; an update invalidates what it names, an archive does not. */
function staleCache(t: Transition) {
  const caches = new WeakMap<Store, Map<string, Reply>>();
  const cacheOf = (store: Store) => caches.get(store) ?? caches.set(store, new Map()).get(store)!;
  const key = (companyId: unknown, id: unknown) => `${String(companyId)}|${String(id)}`;
  const read = wrapRoute('GET', `${t.path}/:${t.id}`, (next) => async (ctx) => {
    const cache = cacheOf(ctx.store);
    const k = key(ctx.query.get('companyId'), ctx.params[t.id]);
    const hit = cache.get(k);
    if (hit) return hit;
    const reply = await next(ctx);
    // A copy: a handler may answer with the stored record itself, which the archive then changes.
    if (isSuccess(reply)) cache.set(k, { ...reply, body: copy(reply.body) });
    return reply;
  });
  if (!t.update) return [read];
  const update = wrapRoute('PUT', t.path, (next) => async (ctx) => {
    const body: Json = ctx.body;
    for (const e of Array.isArray(body?.[t.array]) ? body[t.array] : [])
      cacheOf(ctx.store).delete(key(body.companyId, e?.[t.id]));
    return next(ctx);
  });
  return [read, update];
}

export function transitionOperator(): OperatorOutput {
  const out: OperatorOutput = { faults: [], unreached: [] };
  for (const t of transitions) {
    const at = `${t.name}.archive`;
    const push = (variant: string, clause: ClauseId, description: string, overlay: Json) =>
      out.faults.push(generated('transition', `${at}:${variant}`, clause, `${description} (§3).`, overlay));
    push(
      'not-applied',
      t.archived,
      `PATCH ${t.path} answers success but leaves ${t.status} as it was`,
      afterWrite(t, 'PATCH', (n) => (n.record[t.status] = n.before)),
    );
    push(
      'toggled',
      t.again,
      `PATCH ${t.path} toggles ${t.status}: a ${t.name} already Inactive comes back Active`,
      afterWrite(t, 'PATCH', (n) => {
        if (n.before === 'Inactive') n.record[t.status] = 'Active';
      }),
    );
    push(
      `spills-into-${t.spill.field}`,
      t.onlyStatus,
      `PATCH ${t.path} also changes the ${t.name}'s ${t.spill.field}`,
      afterWrite(t, 'PATCH', (n) => (n.record[t.spill.field] = t.spill.to(n.record[t.spill.field]))),
    );
    if (t.update)
      push(
        'undone-by-update',
        t.update,
        `PUT ${t.path} without ${t.status} makes an archived ${t.name} Active again`,
        afterWrite(t, 'PUT', (n) => {
          if (n.before === 'Inactive' && !(t.status in (n.entry ?? {}))) n.record[t.status] = 'Active';
        }),
      );
    else
      out.unreached.push({
        operator: 'transition',
        target: `${at}:undone-by-update`,
        why: `§4.2 documents no update of ${t.name}s`,
      });
    push(
      'stale-cache',
      t.archived,
      `GET ${t.path}/{${t.id}} serves the ${t.name} from a cache the archive does not invalidate, so it still reads as before`,
      staleCache(t),
    );
  }
  return out;
}
