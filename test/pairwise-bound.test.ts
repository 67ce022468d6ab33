import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiResponse } from '../harness/client.js';
import { ContractViolation } from '../harness/checks/index.js';
import { InconclusiveError, SkipError } from '../harness/core/errors.js';
import type { Listing } from '../harness/locate/walk.js';
import { judgeCombined } from '../suites/common/combined.js';
import {
  bound,
  checkPlan,
  PlanError,
  rowKey,
  sentRow,
  type FilterRule,
  type PairRow,
} from '../suites/common/pairwise.js';
import { purchaseOrderPairs } from '../suites/purchase-orders/pairs.js';
import { testContext } from './support/check-context.js';
import { startPoServer, type Order } from './support/po-server.js';

/**
 * A judgement bound to the exchange it judges (issue 34, part 4). Rows of the filter-combination
 * checks are known by the parameters they send and their page size, never by their label; a plan
 * with two rows asking one question, or a row judged beside a listing its request did not ask, is a
 * harness error (PlanError: the check errors, the run exits 3), never the target's failure.
 */

const rule = (name: string, key: string, value: string): FilterRule => ({
  name,
  query: { [key]: value },
  admits: (k) => (k.record[key] === value ? true : { out: `${key} ${String(k.record[key])}` }),
});
const boundRule = (name: string, key: string, value: string) =>
  bound(rule(name, key, value), (p) => rule(name, key, p[key]!));
const row = (label: string, values: Record<string, string>, size?: number): PairRow => ({
  label,
  rules: Object.entries(values).map(([k, v]) => boundRule(k, k, v)),
  ...(size ? { size } : {}),
});
const answer = (url: string): ApiResponse => ({
  status: 200,
  headers: {},
  text: '',
  json: { data: [] },
  durationMs: 1,
  retries: 0,
  url,
});
const listing = (...urls: string[]): Listing => ({
  first: answer(urls[0]!),
  ok: true,
  responses: urls.map(answer),
  records: [],
  ids: [],
  complete: true,
  size: 100,
});

describe('rows have identities by construction', () => {
  it('a row is keyed by what it sends and its page size, whatever its label', () => {
    const a = row('source × window', { source: 'inventory', createdDateStart: '2026-10-31' });
    const b = row('another label', { createdDateStart: '2026-10-31', source: 'inventory' });
    expect(rowKey(a)).toBe(rowKey(b));
    expect(rowKey(row('x', { source: 'inventory' }, 3))).not.toBe(rowKey(row('x', { source: 'inventory' })));
    // Two labels alike on two questions are two rows (the PO bug's rows): the plan takes both.
    expect(() =>
      checkPlan({
        known: [],
        rows: [
          row('source=inventory × createdDate window', { source: 'inventory', createdDateStart: '2026-10-31' }),
          row('source=inventory × createdDate window', { source: 'inventory', createdDateStart: '2026-11-09' }),
        ],
      }),
    ).not.toThrow();
  });

  it('two rows asking one question are refused when the plan is made, as a harness error', () => {
    const plan = { known: [], rows: [row('first', { source: 'inventory' }), row('second', { source: 'inventory' })] };
    expect(() => checkPlan(plan)).toThrow(PlanError);
    expect(() => checkPlan(plan)).toThrow(/two rows ask one question .*"first" and "second"/);
    // Not a violation, not an inconclusive end: the check errors (a harness error, exit 3).
    for (const kind of [ContractViolation, InconclusiveError, SkipError])
      expect(new PlanError('x')).not.toBeInstanceOf(kind);
  });

  it('a row whose two rules share a name or a parameter is refused (a case is its rule)', () => {
    const twice: PairRow = { label: 'twice', rules: [boundRule('w', 'a', '1'), boundRule('w', 'b', '2')] };
    expect(() => checkPlan({ known: [], rows: [twice] })).toThrow(/two rules named w/);
    const shared: PairRow = { label: 'shared', rules: [boundRule('v', 'a', '1'), boundRule('w', 'a', '2')] };
    expect(() => checkPlan({ known: [], rows: [shared] })).toThrow(/sends a for two rules/);
  });

  it('a rule whose way back from its parameters does not give them back is refused', () => {
    const drifting: PairRow = { label: 'drift', rules: [bound(rule('a', 'a', '1'), () => rule('a', 'a', '2'))] };
    expect(() => checkPlan({ known: [], rows: [drifting] })).toThrow(/made again from a=1 gives a: a=2/);
  });
});

describe('a row is judged as its listing was sent', () => {
  const r = row('source × start', { source: 'inventory', createdDateStart: '2026-11-09' });

  it('the rules are made again from the parameters read back from every exchange of the listing', () => {
    const sent = sentRow(
      r,
      listing(
        'http://h/v2/purchaseOrders?companyId=c&source=inventory&createdDateStart=2026-11-09&size=3&page=1',
        'http://h/v2/purchaseOrders?companyId=c&source=inventory&createdDateStart=2026-11-09&size=3&page=2',
      ),
    );
    expect(sent.rules.map((x) => x.query)).toEqual([{ source: 'inventory' }, { createdDateStart: '2026-11-09' }]);
  });

  it('a listing sent with other values, without one, or with no recorded request is a harness error', () => {
    expect(() =>
      sentRow(r, listing('http://h/v2/purchaseOrders?source=inventory&createdDateStart=2026-10-31&size=100&page=1')),
    ).toThrow(/intends createdDateStart=2026-11-09 but its listing sent createdDateStart=2026-10-31/);
    expect(() =>
      sentRow(
        r,
        listing(
          'http://h/v2/purchaseOrders?source=inventory&createdDateStart=2026-11-09&page=1',
          'http://h/v2/purchaseOrders?source=inventory&page=2',
        ),
      ),
    ).toThrow(PlanError);
    const unrecorded = listing('http://h/');
    unrecorded.responses = [{ ...unrecorded.first, url: undefined }];
    expect(() => sentRow(r, unrecorded)).toThrow(/records no request URL/);
  });
});

/**
 * The bug of issue 34: a server whose orders are dated relative to its start, each backend in its
 * own weeks. PO-DATE-FILTERS' window over the inventory orders then holds no order of another
 * backend, so the full run's plan adds a second `source=inventory × createdDate window` row on a
 * window around other backends' orders. Keyed by label, one row was judged against the other's
 * listing (inventory orders "left out" of a window that was never asked): PO-FILTERS-COMBINE
 * failed a conforming server. On the code before this change the same data fail it.
 */
describe('PO-FILTERS-COMBINE on orders dated relative to now, backends apart in time', () => {
  const DAY = 86_400_000;
  const now = Date.now();
  const at = (daysAgo: number, hours = 9) =>
    new Date(now - daysAgo * DAY + hours * 3_600_000).toISOString().replace(/\.\d+Z$/, 'Z');
  const orders: Order[] = [
    ...Array.from({ length: 14 }, (_, i): Order => ({
      id: `inv-${i}`,
      source: 'inventory',
      integrationSource: 'Inventory',
      createdDate: at(70 - i),
      updatedDate: at(70 - i, 15),
    })),
    ...Array.from({ length: 4 }, (_, i): Order => ({
      id: `cat-${i}`,
      source: 'online',
      integrationSource: 'PartsCatalog',
      createdDate: at(20 - i),
      updatedDate: at(20 - i, 15),
    })),
    ...Array.from({ length: 3 }, (_, i): Order => ({
      id: `tire-${i}`,
      source: 'online',
      integrationSource: 'TireCatalog',
      createdDate: at(30 - i),
      updatedDate: at(30 - i, 15),
    })),
    ...Array.from({ length: 4 }, (_, i): Order => ({
      id: `ord-${i}`,
      source: 'orders',
      integrationSource: 'ManualOrder',
      createdDate: at(120 - i),
      updatedDate: at(120 - i, 15),
    })),
  ];
  let server: Awaited<ReturnType<typeof startPoServer>>;
  beforeAll(async () => void (server = await startPoServer(orders)));
  afterAll(() => server.stop());

  it('holds two rows labelled alike, each judged against its own listing, and passes', async () => {
    const ctx = testContext(server.url, { token: 't', companyId: 'c1' });
    const plan = await purchaseOrderPairs.plan(ctx);
    const inventoryCreated = plan.rows.filter((r) => r.label === 'source=inventory × createdDate window');
    expect(inventoryCreated).toHaveLength(2); // the bug's two rows arise on these data
    expect(new Set(inventoryCreated.map(rowKey)).size).toBe(2);
    await judgeCombined(ctx, purchaseOrderPairs); // a ContractViolation would fail the test
    expect(ctx.evidence.join('\n')).toMatch(/known matching records came back/);
    expect(ctx.evidence.join('\n')).toMatch(/known non-matching records stayed out/);
  }, 60_000);
});
