import type { ClauseId } from '../../../contract/clauses.js';
import type { CompanyData } from '../../model.js';
import { wrapRoute } from '../../overlay.js';
import type { Handler, RequestContext } from '../../types.js';
import { isSuccess, type Json } from '../edit.js';
import { generated, type OperatorOutput } from './operator.js';
import { copy, objectsWhere } from './records.js';

/**
 * Operator `time`: what the record's update time means (§4.1, §4.2, §4.5, §4.6: the updated filters
 * select by the last update). Per list with an updated window, the window applied to the creation
 * time; per write that updates, the update time left as it was; per read by id, the update time
 * moved by the read. What the spec leaves open (S-TIME-window-bounds, S-TIME-zone-of-dates,
 * S-TIME-input-forms, S-3-archive-updates-timestamp) is listed as unreached with its silence.
 */

/** A kind with an update time, where the mock stores it and which clause judges its updated window. */
interface Timed {
  name: string;
  path: string;
  records: (c: CompanyData) => Map<string, Json>;
  idKey: string;
  created: string;
  updated: string;
  clause: ClauseId;
}

const timed: Timed[] = [
  {
    name: 'vehicles',
    path: '/vehicles',
    records: (c) => c.vehicles,
    idKey: 'vehicleId',
    created: 'createdDate',
    updated: 'updatedDate',
    clause: 'VEHICLE-FILTER-UPDATED',
  },
  {
    name: 'items',
    path: '/items',
    records: (c) => c.items,
    idKey: 'itemId',
    created: 'createdDate',
    updated: 'updatedDate',
    clause: 'ITEM-FILTER-UPDATED',
  },
  {
    name: 'appointmentRequests',
    path: '/appointmentRequests',
    records: (c) => c.appointmentRequests,
    idKey: 'appointmentRequestId',
    created: 'createdAt',
    updated: 'updatedAt',
    clause: 'APPT-FILTER-UPDATED-DATE',
  },
  {
    name: 'purchaseOrders',
    path: '/purchaseOrders',
    records: (c) => c.purchaseOrders,
    idKey: 'id',
    created: 'createdDate',
    updated: 'updatedDate',
    clause: 'PO-DATE-FILTERS',
  },
];

/** Every company's records of a kind. */
const allOf = (ctx: RequestContext, t: Timed): Json[] =>
  [...ctx.store.companies.values()].flatMap((c) => [...t.records(c).values()]);

/**
 * The list with its updated window applied to the creation time: each record's update time is set
 * to its creation time while the reference handler filters, then put back, in the store and in the
 * answer (the records show their true update time).
 */
function windowOnCreated(t: Timed) {
  return (next: Handler) => async (ctx: RequestContext) => {
    if (!ctx.query.has('updatedDateStart') && !ctx.query.has('updatedDateEnd')) return next(ctx);
    const saved = allOf(ctx, t).map((r) => [r, r[t.updated]] as const);
    for (const [r] of saved) r[t.updated] = r[t.created];
    let reply;
    try {
      reply = await next(ctx);
    } finally {
      for (const [r, v] of saved) r[t.updated] = v;
    }
    if (!isSuccess(reply)) return reply;
    const byId = new Map(saved.map(([r, v]) => [String(r[t.idKey]), v]));
    const body = copy(reply.body);
    for (const r of objectsWhere(body, (o) => t.idKey in o && byId.has(String(o[t.idKey]))))
      if (t.updated in r) r[t.updated] = byId.get(String(r[t.idKey]));
    return { ...reply, body };
  };
}

/** A write that leaves the update time of every record it changes as it was (a bulk UPDATE bypassing the auditing hook). */
function writeKeepsUpdated(t: Timed) {
  return (next: Handler) => async (ctx: RequestContext) => {
    const saved = allOf(ctx, t).map((r) => [r, r[t.updated]] as const);
    const reply = await next(ctx);
    for (const [r, v] of saved) r[t.updated] = v;
    return reply;
  };
}

/** A read by id that stamps the record's update time (a "last viewed" written to the audited column). */
function readBumpsUpdated(t: Timed, param: string) {
  return (next: Handler) => async (ctx: RequestContext) => {
    const reply = await next(ctx);
    if (!isSuccess(reply)) return reply;
    const id = ctx.params[param];
    for (const c of ctx.store.companies.values()) {
      const r = id ? t.records(c).get(id) : undefined;
      if (r) r[t.updated] = ctx.store.now();
    }
    return reply;
  };
}

export function timeOperator(): OperatorOutput {
  const out: OperatorOutput = { faults: [], unreached: [] };
  for (const t of timed)
    out.faults.push(
      generated(
        'time',
        `${t.name}.updated:on-created`,
        t.clause,
        `GET ${t.path} applies updatedDateStart/updatedDateEnd to ${t.created}, not to ${t.updated} (the last update).`,
        wrapRoute('GET', t.path, windowOnCreated(t)),
      ),
    );
  const vehicles = timed[0]!;
  const items = timed[1]!;
  out.faults.push(
    generated(
      'time',
      'vehicles.update:keeps-updated',
      'VEHICLE-FILTER-UPDATED',
      'PUT /vehicles changes the fields sent but leaves updatedDate as it was, so an updated window never shows the update.',
      wrapRoute('PUT', '/vehicles', writeKeepsUpdated(vehicles)),
    ),
  );
  for (const [t, param, path] of [
    [vehicles, 'vehicleId', '/vehicles/:vehicleId'],
    [items, 'itemId', '/items/:itemId'],
  ] as const)
    out.faults.push(
      generated(
        'time',
        `${t.name}.get:read-bumps-updated`,
        t.clause,
        `GET ${t.path}/{${param}} stamps the record's ${t.updated} with the time of the read, so records never written show in later updated windows.`,
        wrapRoute('GET', path, readBumpsUpdated(t, param)),
      ),
    );
  for (const [target, why] of [
    [
      '*.updated:bound-equality',
      'silences S-TIME-window-bounds, S-TIME-precision: whether an end is inclusive is open',
    ],
    [
      '*.updated:offset-ignored',
      'silences S-TIME-input-forms: the harness sends UTC with Z only, so an ignored offset changes nothing it sends',
    ],
    [
      'purchaseOrders.created:date-only-in-another-zone',
      'silences S-TIME-zone-of-dates: a date-only bound may mean any zone (±1 day), which the checks keep a margin for',
    ],
    ['*.archive:keeps-updated', 'silences S-3-archive-updates-timestamp: whether an archive is an update is open'],
    [
      'items.update:keeps-updated',
      'no update route: §4.2 shows create and archive only (customers: §4.3 shows no updated filter)',
    ],
  ] as const)
    out.unreached.push({ operator: 'time', target, why });
  return out;
}
