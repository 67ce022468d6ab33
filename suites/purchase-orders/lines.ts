import type { ApiResponse } from '../../harness/client.js';
import type { CheckContext } from '../../harness/conformance.js';
import { isSuccess } from '../../harness/checks/index.js';
import type { Rec } from '../common/adapter.js';
import { orderIdOf } from './adapter.js';
import { allReads, ordersReadById, poReadsById, poSlices, sampledOrderReads } from './reads.js';

export interface Line {
  orderId: string;
  /** 'list' or 'get': where the line was read. */
  from: string;
  line: unknown;
  /** The answer that shows the line. */
  res: ApiResponse;
}

const linesOf = (r: Rec, from: string, res: ApiResponse): Line[] =>
  Array.isArray(r.orderItems)
    ? r.orderItems.map((line) => ({ orderId: orderIdOf(r) ?? '(no id)', from, line, res }))
    : [];

/**
 * Line items (§2.6) of the shared reads: those the list records carry (whether they carry any is
 * not shown, §4.6) and those of the orders read by id. Cites the answers they come from; skips
 * when no order shows a line item, inconclusive when nothing could be read.
 */
export async function sampleLines(ctx: CheckContext): Promise<Line[]> {
  const [reads, byId] = await Promise.all([poSlices(ctx), poReadsById(ctx)]);
  const got = ordersReadById(byId);
  const answered: ApiResponse[] = [...allReads(reads), ...got.map((g) => g.res)].filter(isSuccess);
  if (answered.length === 0) ctx.inconclusive('precondition: no purchase-order list or read was answered 2xx');
  await ctx.cite(...answered);
  const fromList = sampledOrderReads(reads).flatMap((x) => linesOf(x.record, 'list', x.res));
  const fromGet = got.flatMap((g) => linesOf(g.record, 'get', g.res));
  ctx.observe('line items judged', { fromLists: fromList.length, fromReadsById: fromGet.length });
  const lines = [...fromList, ...fromGet];
  if (lines.length === 0) ctx.skip('no purchase order shows line items (orderItems)');
  return lines;
}
