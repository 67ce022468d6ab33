import type { ApiResponse, Query } from '../../harness/client.js';
import type { CheckContext } from '../../harness/conformance.js';
import { describeResponse, isSuccess } from '../../harness/checks/index.js';
import type { Rec } from '../common/adapter.js';
import { orderIdOf, purchaseOrders, showOrder, listOrdersWith, getOrderWith } from './adapter.js';

/**
 * The reads every purchase-order check shares, made once per target and run (§4.6 is read only,
 * so what one read shows holds for the whole run): page 1 of each row of the §4.6 source table,
 * and one read by id per backend slice. Checks judge these answers and cite them.
 */

/** Page size of the shared reads: the size the examples use (§8). A server may serve fewer (its maximum is not shown). */
export const SAMPLE_SIZE = 100;

export const backendSlices = ['inventory', 'onlineCatalog', 'onlineOther', 'orders'] as const;
export const unionSlices = ['all', 'omitted'] as const;
export type BackendSlice = (typeof backendSlices)[number];
export type UnionSlice = (typeof unionSlices)[number];
export type SliceName = BackendSlice | UnionSlice;

/** A verdict on one record of a slice: it belongs, it does not (why), or it does not show what decides it. */
export type Belonging = { belongs: true } | { belongs: false; why: string } | { unjudged: string };

export interface Slice {
  label: string;
  query: Query;
  /** Backend slices only: whether a listed record belongs to the slice, from source and integrationSource as read. */
  judge?(r: Rec): Belonging;
}

const ordersChannels: readonly unknown[] = ['ManualOrder', 'PartsCatalog', 'TireCatalog'];
const shown = (v: unknown) => v !== undefined && v !== null;
const no = (r: Rec): Belonging => ({ belongs: false, why: showOrder(r) });
const yes: Belonging = { belongs: true };
/** An online slice: the source decides first; the channel, where the record shows one, decides the rest. */
const online = (r: Rec, channelFits: (channel: unknown) => boolean): Belonging =>
  !shown(r.source)
    ? { unjudged: 'no source shown' }
    : r.source !== 'online'
      ? no(r)
      : !shown(r.integrationSource)
        ? { unjudged: 'no integrationSource shown' }
        : channelFits(r.integrationSource)
          ? yes
          : no(r);

/** The rows of the §4.6 source table. */
export const slices: Record<SliceName, Slice> = {
  inventory: {
    label: 'source=inventory',
    query: { source: 'inventory' },
    judge: (r) => (!shown(r.source) ? { unjudged: 'no source shown' } : r.source === 'inventory' ? yes : no(r)),
  },
  onlineCatalog: {
    label: 'source=online&isPartsCatalog=true',
    query: { source: 'online', isPartsCatalog: true },
    judge: (r) => online(r, (channel) => channel === 'PartsCatalog'),
  },
  onlineOther: {
    label: 'source=online&isPartsCatalog=false',
    query: { source: 'online', isPartsCatalog: false },
    // The online channels other than the parts catalog (the tire catalog among them).
    judge: (r) => online(r, (channel) => channel !== 'PartsCatalog'),
  },
  orders: {
    label: 'source=orders',
    query: { source: 'orders' },
    // The channel is judged where the record shows one (manual, parts catalog, tire catalog).
    judge: (r) =>
      !shown(r.source)
        ? { unjudged: 'no source shown' }
        : r.source === 'orders' && (!shown(r.integrationSource) || ordersChannels.includes(r.integrationSource))
          ? yes
          : no(r),
  },
  all: { label: 'source=all', query: { source: 'all' } },
  omitted: { label: 'source omitted', query: {} },
};

/** Page 1 of the list without a source: all backends (§4.6). Other areas borrow it (an id for the auth matrix). */
export function poListSample(ctx: CheckContext): Promise<ApiResponse> {
  return ctx.shared('po:list', (s) => purchaseOrders.list(s, { size: SAMPLE_SIZE, page: 1 }));
}

export type SliceReads = Record<SliceName, ApiResponse>;

/** Page 1 of every row of the §4.6 source table. Both shared reads are claimed here, so a check can cite each. */
export async function poSlices(ctx: CheckContext): Promise<SliceReads> {
  const named = [...backendSlices, 'all'] as const;
  const [omitted, rest] = await Promise.all([
    poListSample(ctx),
    ctx.shared('po:slices', async (s) => {
      const answers = await Promise.all(
        named.map((n) => purchaseOrders.list(s, { ...slices[n].query, size: SAMPLE_SIZE, page: 1 })),
      );
      return Object.fromEntries(named.map((n, i) => [n, answers[i]!])) as Record<(typeof named)[number], ApiResponse>;
    }),
  ]);
  return { ...rest, omitted };
}

/** Every read of the slices, in table order, for citing. */
export const allReads = (r: SliceReads): ApiResponse[] => [...backendSlices, ...unionSlices].map((n) => r[n]);

export const recordsOf = (res: ApiResponse | undefined): Rec[] =>
  res && isSuccess(res) ? purchaseOrders.records(res) : [];

/** The records of every slice read, one per id (a record may show in a backend slice and in the unions). */
export function sampledOrders(reads: SliceReads): Rec[] {
  return sampledOrderReads(reads).map((x) => x.record);
}

/** sampledOrders with the list answer each came from, so a failure about a record names its exchange. */
export function sampledOrderReads(reads: SliceReads): { record: Rec; res: ApiResponse }[] {
  const seen = new Map<string, { record: Rec; res: ApiResponse }>();
  const anonymous: { record: Rec; res: ApiResponse }[] = [];
  for (const n of [...unionSlices, ...backendSlices]) {
    const res = reads[n];
    for (const record of recordsOf(res)) {
      const id = orderIdOf(record);
      const key = `${String(record.source)}|${id}`;
      if (id === undefined) anonymous.push({ record, res });
      else if (!seen.has(key)) seen.set(key, { record, res });
    }
  }
  return [...seen.values(), ...anonymous];
}

/** Whether a page-1 read shows the whole list: its reported total reached, or empty. A short page alone does not (§8). */
export function wholeList(res: ApiResponse): boolean {
  if (!isSuccess(res)) return false;
  const n = purchaseOrders.records(res).length;
  const total = purchaseOrders.total(res);
  return n === 0 || (total !== undefined && n >= total);
}

// ── Reads by id ───────────────────────────────────────────────────────────────────────────

export type ByIdRead = { id: string; res: ApiResponse } | { why: string; empty: boolean };

/**
 * §4.6 get: one read by id per backend slice, of an order that slice listed (a different order
 * for each slice where it can), without a source parameter.
 */
export function poReadsById(ctx: CheckContext): Promise<Record<BackendSlice, ByIdRead>> {
  return ctx.shared('po:reads-by-id', async (s) => {
    const reads = await poSlices(s);
    const taken = new Set<string>();
    const plan = backendSlices.map((name): [BackendSlice, ByIdRead | string] => {
      const res = reads[name];
      if (!isSuccess(res))
        return [
          name,
          { why: `precondition: ${slices[name].label} was refused (${describeResponse(res)})`, empty: false },
        ];
      // An order that shows another company's id is TENANT-LIST-ISOLATION's to judge, not read here.
      const ids = purchaseOrders
        .records(res)
        .filter((r) => r.companyId === undefined || r.companyId === null || String(r.companyId) === s.companyId)
        .map(orderIdOf)
        .filter((x): x is string => x !== undefined);
      if (purchaseOrders.records(res).length === 0)
        return [name, { why: `the company has no purchase orders for ${slices[name].label}`, empty: true }];
      if (ids.length === 0)
        return [
          name,
          {
            why: `precondition: no order of ${slices[name].label} shows an id (§2.6) under company ${s.companyId}`,
            empty: false,
          },
        ];
      const id = ids.find((x) => !taken.has(x)) ?? ids[0]!;
      taken.add(id);
      return [name, id];
    });
    const answers = await Promise.all(
      plan.map(([, p]) => (typeof p === 'string' ? purchaseOrders.get(s, p) : undefined)),
    );
    return Object.fromEntries(
      plan.map(([name, p], i) => [name, typeof p === 'string' ? { id: p, res: answers[i]! } : p]),
    ) as Record<BackendSlice, ByIdRead>;
  });
}

/** The orders the reads by id returned, with their id. */
export function ordersReadById(reads: Record<BackendSlice, ByIdRead>): { id: string; res: ApiResponse; record: Rec }[] {
  return backendSlices.flatMap((n) => {
    const r = reads[n];
    if (!('res' in r) || !isSuccess(r.res)) return [];
    const record = purchaseOrders.recordIn(r.res, r.id);
    return record ? [{ id: r.id, res: r.res, record }] : [];
  });
}

export interface NoPermissionReads {
  list: ApiResponse;
  /** Absent when the company has no order to read. */
  get?: { id: string; res: ApiResponse };
}

/**
 * The two purchase-order endpoints read with the token that lacks the Purchase Orders permission
 * (§5.3), once per run: PO-PERMISSION-REQUIRED judges their status, PO-ERROR-IN-ENVELOPE their envelope.
 */
export function poWithoutPermission(ctx: CheckContext): Promise<NoPermissionReads> {
  return ctx.shared('po:no-permission', async (s) => {
    const noPo = s.as(s.need(s.target.tokenNoPo, 'ACCESS_TOKEN_NO_PO is not set'));
    // A real id only: an unknown one may be refused before the permission is looked at.
    const id = recordsOf(await poListSample(s))
      .map(orderIdOf)
      .find(Boolean);
    const [list, get] = await Promise.all([
      listOrdersWith(noPo, s.companyId, { size: 1, page: 1 }),
      id ? getOrderWith(noPo, s.companyId, id) : undefined,
    ]);
    return { list, get: id && get ? { id, res: get } : undefined };
  });
}
