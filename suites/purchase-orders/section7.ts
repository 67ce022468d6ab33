import type { ApiResponse, Query } from '../../harness/client.js';
import type { CheckContext } from '../../harness/conformance.js';
import {
  ContractViolation,
  describeResponse,
  fieldValue,
  isRecord,
  isSuccess,
  refusalMissing,
  unexpectedStatus,
  type Failure,
} from '../../harness/checks/index.js';
import { listOrdersWith, purchaseOrders, showQuery } from './adapter.js';
import { poSlices, recordsOf, slices, type SliceName, type SliceReads } from './reads.js';

/**
 * The §7 rows of purchase orders (4 to 8), sent once per run as one set, each with its valid
 * twins: the same request without the parameter refused (a row of the §4.6 table, read by
 * poSlices), and the parameter in a context the row allows. A 400 shows a row's rule only when
 * its twins are answered 2xx; a server refusing the parameter everywhere fails the twin's own
 * clause (PO-LOCATION-ACCEPTED, PO-REPAIR-ORDER-ACCEPTED, PO-ITEM-TYPE-ACCEPTED) instead.
 */

/** An item type for the itemType filter: §4.6 names the parameter, not its values; these are §2.2's. */
export const ITEM_TYPE = 'part';

export const twinNames = [
  'knownLocation',
  'repairOrderWithOrders',
  'repairOrderWithAll',
  'itemTypeWithInventory',
  'itemTypeWithOnlineCatalog',
] as const;
export type TwinName = (typeof twinNames)[number];

export const rejectionNames = [
  'onlineWithoutFlag',
  'flagWithInventory',
  'flagWithOrders',
  'flagWithAll',
  'flagWithoutSource',
  'repairOrderWithInventory',
  'itemTypeWithOrders',
  'itemTypeWithOnlineOther',
  'unknownLocation',
] as const;
export type RejectionName = (typeof rejectionNames)[number];

interface Values {
  location: string;
  unknownLocation: string;
  knownLocation?: string;
  repairOrderId: string;
}

const rejections: Record<
  RejectionName,
  { row: string; query: (v: Values) => Query; controls: readonly (SliceName | TwinName)[] }
> = {
  onlineWithoutFlag: {
    row: '§7 row 4',
    query: () => ({ source: 'online' }),
    controls: ['onlineCatalog', 'onlineOther'],
  },
  flagWithInventory: {
    row: '§7 row 5',
    query: () => ({ source: 'inventory', isPartsCatalog: true }),
    controls: ['inventory', 'onlineCatalog'],
  },
  flagWithOrders: {
    row: '§7 row 5',
    query: () => ({ source: 'orders', isPartsCatalog: false }),
    controls: ['orders', 'onlineOther'],
  },
  flagWithAll: {
    row: '§7 row 5',
    query: () => ({ source: 'all', isPartsCatalog: true }),
    controls: ['all', 'onlineCatalog'],
  },
  // No source at all means all (§4.6 table): the flag is refused there too.
  flagWithoutSource: {
    row: '§7 row 5',
    query: () => ({ isPartsCatalog: true }),
    controls: ['omitted', 'onlineCatalog'],
  },
  repairOrderWithInventory: {
    row: '§7 row 6',
    query: (v) => ({ source: 'inventory', repairOrderId: v.repairOrderId }),
    controls: ['inventory', 'repairOrderWithOrders'],
  },
  itemTypeWithOrders: {
    row: '§7 row 7',
    query: () => ({ source: 'orders', itemType: ITEM_TYPE }),
    controls: ['orders', 'itemTypeWithInventory'],
  },
  itemTypeWithOnlineOther: {
    row: '§7 row 7',
    query: () => ({ source: 'online', isPartsCatalog: false, itemType: ITEM_TYPE }),
    controls: ['onlineOther', 'itemTypeWithOnlineCatalog'],
  },
  unknownLocation: {
    row: '§7 row 8',
    query: (v) => ({ source: 'inventory', [v.location]: v.unknownLocation }),
    controls: ['inventory', 'knownLocation'],
  },
};

const twins: Record<TwinName, (v: Values) => Query | undefined> = {
  knownLocation: (v) =>
    v.knownLocation === undefined ? undefined : { source: 'inventory', [v.location]: v.knownLocation },
  repairOrderWithOrders: (v) => ({ source: 'orders', repairOrderId: v.repairOrderId }),
  repairOrderWithAll: (v) => ({ source: 'all', repairOrderId: v.repairOrderId }),
  itemTypeWithInventory: () => ({ source: 'inventory', itemType: ITEM_TYPE }),
  itemTypeWithOnlineCatalog: () => ({ source: 'online', isPartsCatalog: true, itemType: ITEM_TYPE }),
};

export interface Sent {
  query: Query;
  res: ApiResponse;
}

export interface Section7 {
  rejections: Record<RejectionName, Sent>;
  /** Absent when it could not be sent (knownLocation without LOCATION_ID or a listed location). */
  twins: Partial<Record<TwinName, Sent>>;
  /** The repairOrderId sent: one an order showed (known), or a made-up one. */
  repairOrder: { id: string; known: boolean };
}

/** A repair-order id some order of source=orders shows (not a documented field, §2.6: located by its usual name). */
function knownRepairOrder(reads: SliceReads): string | undefined {
  for (const r of recordsOf(reads.orders)) {
    const v = fieldValue(r, ['repairOrderId']);
    if ((typeof v === 'string' && v !== '') || typeof v === 'number') return String(v);
  }
  return undefined;
}

/** A location some inventory order shows (located by its usual name), for the known-location twin without LOCATION_ID. */
function listedLocation(reads: SliceReads): string | undefined {
  for (const r of recordsOf(reads.inventory)) {
    const v = fieldValue(r, ['locationId']);
    if ((typeof v === 'string' && v !== '') || typeof v === 'number') return String(v);
  }
  return undefined;
}

/**
 * A twin's page size: a page of several, asked on the observed page base (S-4.6-paging), so the
 * combined-filters check can hold its first page to its size and total (suites/common/row-totals.ts).
 */
export const TWIN_PAGE_SIZE = 10;

/** The set, sent once per run: 8 rejections (each a page of one) and up to 5 twins (pages of TWIN_PAGE_SIZE). */
export function poSection7(ctx: CheckContext): Promise<Section7> {
  return ctx.shared('po:section7', async (s) => {
    const reads = await poSlices(s);
    const known = knownRepairOrder(reads);
    const values: Values = {
      location: s.profile.purchaseOrders.locationParam,
      unknownLocation: `loc-conformance-unknown-${s.marker}`,
      knownLocation: s.target.locationId ?? listedLocation(reads),
      repairOrderId: known ?? `ro-conformance-${s.marker}`,
    };
    const send = async (query: Query): Promise<Sent> => ({
      query,
      res: await listOrdersWith(s.api, s.companyId, { ...query, size: 1, page: 1 }),
    });
    const twinQueries = twinNames.flatMap((n) => {
      const q = twins[n](values);
      return q ? [[n, q] as const] : [];
    });
    const [rejected, accepted] = await Promise.all([
      Promise.all(rejectionNames.map((n) => send(rejections[n].query(values)))),
      Promise.all(
        twinQueries.map(async ([, q]) => ({
          query: q,
          res: await purchaseOrders.list(s, { ...q, size: TWIN_PAGE_SIZE, page: 1 }),
        })),
      ),
    ]);
    return {
      rejections: Object.fromEntries(rejectionNames.map((n, i) => [n, rejected[i]!])) as Record<RejectionName, Sent>,
      twins: Object.fromEntries(twinQueries.map(([n], i) => [n, accepted[i]!])) as Partial<Record<TwinName, Sent>>,
      repairOrder: { id: values.repairOrderId, known: known !== undefined },
    };
  });
}

/** The error text of an answer: `error` of the §2.7 envelope, else the usual names. */
export function errorText(res: ApiResponse): string {
  const body = res.json;
  const v =
    isRecord(body) && body.error != null
      ? body.error
      : fieldValue(body, ['message', 'error', 'errorMessage', 'detail']);
  return typeof v === 'string' ? v : v === undefined ? res.text.slice(0, 200) : JSON.stringify(v).slice(0, 200);
}

const isTwin = (n: SliceName | TwinName): n is TwinName => (twinNames as readonly string[]).includes(n);

/**
 * A §7 row: each of its requests must be answered 400. A request is judged only when every valid
 * twin was answered 2xx: a refused twin leaves its 400 unexplained (that request is unjudged, and
 * the twin's own clause fails). A twin that could not be sent is noted and the others stand.
 */
export async function judgeRejections(ctx: CheckContext, names: readonly RejectionName[]): Promise<void> {
  const [reads, set] = await Promise.all([poSlices(ctx), poSection7(ctx)]);
  const problems: Failure[] = [];
  const unjudged: string[] = [];
  let judged = 0;
  for (const name of names) {
    const def = rejections[name];
    const { query, res } = set.rejections[name];
    const twinAnswers = def.controls.flatMap((control): (Sent | string)[] => {
      const sent: Sent | undefined = isTwin(control)
        ? set.twins[control]
        : { query: slices[control].query, res: reads[control] };
      if (!sent) {
        // Without it, a server refusing locationId everywhere would pass: the request stays unjudged.
        return [
          `the valid twin ${control} could not be sent: LOCATION_ID is not set and no inventory order shows a locationId`,
        ];
      }
      if (isSuccess(sent.res)) return [sent];
      const madeUp =
        isTwin(control) && control.startsWith('repairOrder') && !set.repairOrder.known
          ? `; repairOrderId ${set.repairOrder.id} is made up, no order showed one`
          : '';
      return [`the valid twin ${showQuery(sent.query)} was refused (${describeResponse(sent.res)}${madeUp})`];
    });
    const accepted = twinAnswers.filter((x): x is Sent => typeof x !== 'string');
    const refusals = twinAnswers.filter((x): x is string => typeof x === 'string');
    await ctx.cite(res, ...accepted.map((t) => t.res));
    ctx.observe(`${showQuery(query)}: answer`, `HTTP ${res.status} ${errorText(res)}`);
    if (refusals.length) {
      unjudged.push(`${showQuery(query)}: ${refusals.join('; ')}`);
      continue;
    }
    judged += 1;
    if (res.status !== 400)
      problems.push(
        isSuccess(res)
          ? refusalMissing(res, showQuery(query), 'HTTP 400')
          : unexpectedStatus(res, 'HTTP 400', showQuery(query)),
      );
  }
  const row = rejections[names[0]!].row;
  if (problems.length) throw new ContractViolation(`a ${row} request was not refused with 400`, problems);
  if (judged === 0) ctx.inconclusive(`precondition: ${unjudged.join('; ')}; a 400 would not show the rule of ${row}`);
  if (unjudged.length) ctx.observe('not judged', unjudged);
  ctx.saw(judged, `${row} request(s) answered 400, their valid twins 2xx`);
}

/**
 * The valid twins of a row: each must be answered 2xx. `soft` twins (a made-up value the server
 * may not know: the status for an unknown record is not shown, §7) make a refusal inconclusive.
 */
export async function judgeTwins(
  ctx: CheckContext,
  names: readonly TwinName[],
  soft: (name: TwinName) => string | undefined = () => undefined,
): Promise<void> {
  const set = await poSection7(ctx);
  const problems: Failure[] = [];
  const excused: string[] = [];
  let judged = 0;
  for (const name of names) {
    const sent = ctx.need(set.twins[name], `${name} could not be sent`);
    await ctx.cite(sent.res);
    ctx.observe(`${showQuery(sent.query)}: answer`, `HTTP ${sent.res.status}`);
    if (isSuccess(sent.res)) judged += 1;
    else {
      const why = soft(name);
      if (why) excused.push(`${showQuery(sent.query)} was refused (${describeResponse(sent.res)}), but ${why}`);
      else problems.push(unexpectedStatus(sent.res, 'a 2xx status', showQuery(sent.query)));
    }
  }
  if (problems.length) throw new ContractViolation('a request the spec allows was refused', problems);
  if (excused.length) ctx.inconclusive(excused.join('; '));
  ctx.saw(judged, 'allowed request(s) answered 2xx');
}
