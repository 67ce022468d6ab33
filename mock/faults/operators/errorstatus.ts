import type { ClauseId } from '../../../contract/clauses.js';
import { errorReply, type Reply } from '../../http.js';
import { wrapRoute } from '../../overlay.js';
import { poError } from '../../resources/purchase-orders.js';
import type { RequestContext } from '../../types.js';
import { isSuccess, type Json } from '../edit.js';
import { generated, type OperatorOutput } from './operator.js';

/**
 * Operator `errorstatus`, what operator `status` (its `answered-500` per §7 row) leaves out:
 * - a stated refusal answered 500 on ONE route only: the §7 403 row on each of its two routes, and
 *   the stated validations outside §7 (§4.2 rules, §4.5 rule 1, the §4.5 slot window);
 * - the right status on the wrong case: the row's refusal answered to a valid request that merely
 *   resembles the one the row refuses (the value next to the refused one, the legacy pair, a
 *   known location), per route where the rule applies.
 */

const OP = 'errorstatus';

const q = (ctx: RequestContext, name: string) => ctx.query.get(name);
const has = (ctx: RequestContext, name: string) => ctx.query.has(name);
const body = (ctx: RequestContext): Json => (ctx.body && typeof ctx.body === 'object' ? ctx.body : {});
const entries = (ctx: RequestContext, field: string): Json[] =>
  Array.isArray(body(ctx)[field]) ? body(ctx)[field].filter((e: Json) => e && typeof e === 'object') : [];
const isObj = (v: unknown) => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A refusal the reference makes, answered 500 on the route named. */
interface Refusal {
  target: string;
  rule: string;
  method: 'GET' | 'POST';
  path: string;
  clause: ClauseId;
  /** The reference's refusal status for it. */
  status: number;
  breaks: (ctx: RequestContext) => boolean;
}

const slotPairs = [
  ['appointmentDateStart', 'appointmentDateEnd'],
  ['startDate', 'endDate'],
] as const;
const slotDates = (ctx: RequestContext) => slotPairs.flat().some((n) => has(ctx, n));
const slotDateParams = (ctx: RequestContext) => has(ctx, 'slotDateStart') || has(ctx, 'slotDateEnd');
const DATETIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/;

const refusals: Refusal[] = [
  {
    target: 'purchaseOrders.permission@list',
    rule: '§5.3, §7 row 9',
    method: 'GET',
    path: '/purchaseOrders',
    clause: 'PO-PERMISSION-REQUIRED',
    status: 403,
    breaks: (ctx) => !ctx.claims.permissions.includes('purchaseOrders'),
  },
  {
    target: 'purchaseOrders.permission@get',
    rule: '§5.3, §7 row 9',
    method: 'GET',
    path: '/purchaseOrders/:id',
    clause: 'PO-PERMISSION-REQUIRED',
    status: 403,
    breaks: (ctx) => !ctx.claims.permissions.includes('purchaseOrders'),
  },
  {
    target: 'items.create.part-details',
    rule: '§4.2 rules',
    method: 'POST',
    path: '/items',
    clause: 'ITEM-PART-NEEDS-DETAILS',
    status: 400,
    breaks: (ctx) => entries(ctx, 'items').some((e) => e.itemType === 'part' && !isObj(e.partDetails)),
  },
  {
    target: 'items.create.tire-details',
    rule: '§4.2 rules',
    method: 'POST',
    path: '/items',
    clause: 'ITEM-TIRE-NEEDS-DETAILS',
    status: 400,
    breaks: (ctx) => entries(ctx, 'items').some((e) => e.itemType === 'tire' && !isObj(e.tireDetails)),
  },
  {
    target: 'items.create.only-part-tire',
    rule: '§4.2 (itemType part or tire)',
    method: 'POST',
    path: '/items',
    clause: 'ITEM-CREATE-ONLY-PART-TIRE',
    status: 400,
    breaks: (ctx) =>
      entries(ctx, 'items').some((e) => typeof e.itemType === 'string' && !['part', 'tire'].includes(e.itemType)),
  },
  {
    target: 'items.create.needs-type',
    rule: '§4.2 (itemType part or tire)',
    method: 'POST',
    path: '/items',
    clause: 'ITEM-CREATE-NEEDS-TYPE',
    status: 400,
    breaks: (ctx) => entries(ctx, 'items').some((e) => e.itemType === undefined),
  },
  {
    target: 'appointmentRequests.create.datetime-format',
    rule: '§4.5 rule 1',
    method: 'POST',
    path: '/appointmentRequests/create',
    clause: 'APPT-CREATE-DATETIME-ENFORCED',
    status: 400,
    breaks: (ctx) =>
      ['startDateTime', 'endDateTime'].some(
        (f) => typeof body(ctx)[f] === 'string' && !DATETIME.test(body(ctx)[f] as string),
      ),
  },
  {
    target: 'slots.window-required',
    rule: '§4.5 availableSlots rules',
    method: 'GET',
    path: '/appointmentRequests/availableSlots',
    clause: 'SLOTS-WINDOW-REQUIRED',
    status: 400,
    breaks: (ctx) => !slotDates(ctx) && !slotDateParams(ctx),
  },
  {
    target: 'slots.half-pair',
    rule: '§4.5 availableSlots rules',
    method: 'GET',
    path: '/appointmentRequests/availableSlots',
    clause: 'SLOTS-HALF-PAIR-REJECTED',
    status: 400,
    breaks: (ctx) => !slotDateParams(ctx) && slotPairs.some(([a, b]) => has(ctx, a) !== has(ctx, b)),
  },
];

/** A valid request that resembles one a rule refuses, with the refusal the rule's wrong reading gives it. */
interface NearCase {
  target: string;
  rule: string;
  method: 'GET' | 'POST';
  path: string;
  /** The clause that states the near request is served. */
  clause: ClauseId;
  near: string;
  resembles: (ctx: RequestContext) => boolean;
  refusal: Reply;
}

const po400 = (message: string) => poError(400, message);

const nearCases: NearCase[] = [
  {
    target: 'slots.iso-datetime:near-legacy-pair',
    rule: '§7 row 1',
    method: 'GET',
    path: '/appointmentRequests/availableSlots',
    clause: 'SLOTS-LEGACY-PAIR',
    near: 'date-only values on the legacy pair startDate/endDate (the names of the row message)',
    resembles: (ctx) => has(ctx, 'startDate') && !has(ctx, 'appointmentDateStart'),
    refusal: errorReply(400, 'Invalid startDate or endDate'),
  },
  {
    target: 'slots.slot-date-params:near-both-pairs',
    rule: '§7 row 2',
    method: 'GET',
    path: '/appointmentRequests/availableSlots',
    clause: 'SLOTS-STANDARD-WINS',
    near: 'both date pairs sent (a second pair of names, where the standard one wins)',
    resembles: (ctx) => has(ctx, 'appointmentDateStart') && has(ctx, 'startDate'),
    refusal: errorReply(400, 'missing required fields'),
  },
  {
    target: 'appointmentRequests.create.vehicle-name:near-model',
    rule: '§7 row 3',
    method: 'POST',
    path: '/appointmentRequests/create',
    clause: 'APPT-VEHICLE-NAME-GENERATED',
    near: 'a vehicle with make and model (the parts of a name) and no name',
    resembles: (ctx) => isObj(body(ctx).vehicle) && 'model' in body(ctx).vehicle && !('name' in body(ctx).vehicle),
    refusal: errorReply(400, 'vehicle.name is generated by the service and must not be sent'),
  },
  {
    target: 'appointmentRequests.create.service-title:near-name',
    rule: '§7 row 3',
    method: 'POST',
    path: '/appointmentRequests/create',
    clause: 'APPT-CREATE-DATETIME-FORMAT',
    near: 'services named by `name`, no title',
    resembles: (ctx) => entries(ctx, 'services').some((s) => 'name' in s && !('title' in s)),
    refusal: errorReply(400, 'services[0].title must not be sent'),
  },
  {
    target: 'appointmentRequests.create.datetime-format:near-midnight',
    rule: '§4.5 rule 1',
    method: 'POST',
    path: '/appointmentRequests/create',
    clause: 'APPT-CREATE-DATETIME-FORMAT',
    near: 'a YYYY-MM-DD HH:mm value at a boundary of the day (00:xx or 23:xx)',
    resembles: (ctx) =>
      ['startDateTime', 'endDateTime'].some((f) => {
        const v = body(ctx)[f];
        return typeof v === 'string' && DATETIME.test(v) && /\s(00|23):/.test(v);
      }),
    refusal: errorReply(400, 'startDateTime must use the format YYYY-MM-DD HH:mm'),
  },
  {
    target: 'purchaseOrders.online-without-flag:near-flag-false',
    rule: '§7 row 4',
    method: 'GET',
    path: '/purchaseOrders',
    clause: 'PO-SOURCE-ONLINE-OTHER',
    near: 'source=online with isPartsCatalog=false (the flag sent, false)',
    resembles: (ctx) => q(ctx, 'source') === 'online' && q(ctx, 'isPartsCatalog') === 'false',
    refusal: po400('use true or false when source=online'),
  },
  {
    target: 'purchaseOrders.flag-without-online:near-online',
    rule: '§7 row 5',
    method: 'GET',
    path: '/purchaseOrders',
    clause: 'PO-SOURCE-ONLINE-CATALOG',
    near: 'isPartsCatalog=true with source=online',
    resembles: (ctx) => q(ctx, 'source') === 'online' && q(ctx, 'isPartsCatalog') === 'true',
    refusal: po400('isPartsCatalog is only supported when source=online'),
  },
  {
    target: 'purchaseOrders.repair-order-with-inventory:near-orders',
    rule: '§7 row 6',
    method: 'GET',
    path: '/purchaseOrders',
    clause: 'PO-REPAIR-ORDER-ACCEPTED',
    near: 'repairOrderId with source=orders or all',
    resembles: (ctx) => has(ctx, 'repairOrderId') && ['orders', 'all', null].includes(q(ctx, 'source')),
    refusal: po400('repairOrderId is only supported when source=orders or all'),
  },
  {
    target: 'purchaseOrders.item-type-restricted:near-allowed',
    rule: '§7 row 7',
    method: 'GET',
    path: '/purchaseOrders',
    clause: 'PO-ITEM-TYPE-ACCEPTED',
    near: 'itemType with source=inventory or source=online&isPartsCatalog=true',
    resembles: (ctx) =>
      has(ctx, 'itemType') &&
      (q(ctx, 'source') === 'inventory' || (q(ctx, 'source') === 'online' && q(ctx, 'isPartsCatalog') === 'true')),
    refusal: po400('itemType is not supported for this source'),
  },
  {
    target: 'purchaseOrders.unknown-location:near-known',
    rule: '§7 row 8',
    method: 'GET',
    path: '/purchaseOrders',
    clause: 'PO-LOCATION-ACCEPTED',
    near: 'a locationId of the company',
    resembles: (ctx) => has(ctx, 'locationId'),
    refusal: po400('unknown locationId'),
  },
];

export function errorstatusOperator(): OperatorOutput {
  const out: OperatorOutput = { faults: [], unreached: [] };
  for (const r of refusals)
    out.faults.push(
      generated(
        OP,
        `${r.target}:answered-500`,
        r.clause,
        `${r.method} ${r.path} answers 500 where ${r.rule} refuses the request (${r.status}): a validation exception escapes the handler on this route only.`,
        wrapRoute(r.method, r.path, (next) => async (ctx) => {
          const reply = await next(ctx);
          return reply.status === r.status && r.breaks(ctx) ? { ...reply, status: 500 } : reply;
        }),
      ),
    );
  for (const n of nearCases)
    out.faults.push(
      generated(
        OP,
        n.target,
        n.clause,
        `${n.method} ${n.path} answers ${n.refusal.status} to ${n.near}: the rule of ${n.rule} reads a valid request that resembles the refused one (right status, wrong case).`,
        wrapRoute(n.method, n.path, (next) => async (ctx) => {
          const reply = await next(ctx);
          return isSuccess(reply) && n.resembles(ctx) ? n.refusal : reply;
        }),
      ),
    );
  for (const [target, why] of [
    [
      'purchaseOrders.{list,get}:answered-500 (§7 rows 1-8)',
      'generated by operator status (answered-500), one route per row already',
    ],
    [
      'purchaseOrders.permission:near',
      'a token with the permission refused 403 refuses every purchase-order read: not a near case, every PO clause fails',
    ],
    [
      'appointmentRequests.create.service-id:near',
      "the run's service entries carry a name only: no valid field resembling serviceId is ever sent",
    ],
    [
      'items.create.{part,tire}-details:near',
      'the near value (details present but sparse) is not stated valid: §2.2 lists the detail fields without saying which are required',
    ],
  ] as const)
    out.unreached.push({ operator: OP, target, why });
  return out;
}

/** Why some near cases survive (last run of `npm run selfcheck -- --operators errorstatus`). */
const guessedBody =
  'the create body is not shown (§4.5: the full field list is not), so a create refused in the documented datetime form and in ISO 8601 alike is inconclusive (a guessed field may be what is refused): a refusal that reads a field every run body carries cannot be told from a wrong guess';

export const errorstatusSurvivors: Readonly<Record<string, string>> = {
  [`${OP}:appointmentRequests.create.vehicle-name:near-model`]: guessedBody,
  [`${OP}:appointmentRequests.create.service-title:near-name`]: guessedBody,
  [`${OP}:appointmentRequests.create.datetime-format:near-midnight`]:
    "the run's creates are dated in working hours (generators/appointment-requests.ts): no check sends a time of 00:xx or 23:xx, and §4.5 states the form, not the hours a location books",
};
