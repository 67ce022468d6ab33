import { describe, expect, it } from 'vitest';
import { clauses } from '../contract/clauses.js';
import { item, partDetails, tireDetails } from '../contract/schemas.js';
import { hasStatedType, statedFields } from '../contract/stated-fields.js';
import { looselyEqual } from '../harness/checks/frame.js';
import { statedTypeFailures } from '../harness/checks/stated-types.js';
import { faultDef, faultIds } from '../mock/faults/index.js';
import { knownSurvivors, operatorFaultIds, operatorFaults, operators } from '../mock/faults/operators/index.js';
import { overlayRoutes, type Overlay } from '../mock/overlay.js';
import { routes } from '../mock/routes.js';
import { startMock, type MockServer } from '../mock/server.js';
import type { ApiResponse } from '../harness/client.js';

/** An answer carrying `json`, as a check judges it: its failures name exchange x1. */
const answer = (json: unknown): ApiResponse => ({
  status: 200,
  headers: {},
  text: JSON.stringify(json),
  json,
  durationMs: 1,
  retries: 0,
  exchangeId: 'x1',
});

describe('fault operators (mock/faults/operators/)', () => {
  it('name every generated fault <operator>:<target>, with a clause of the catalogue, apart from the hand-written ids', () => {
    expect(operatorFaultIds.length).toBeGreaterThan(100);
    for (const id of operatorFaultIds) {
      const [op, ...target] = id.split(':');
      expect(Object.keys(operators)).toContain(op);
      expect(target.join(':')).not.toBe('');
      expect(Object.hasOwn(clauses, operatorFaults[id]!.clause), id).toBe(true);
      expect(faultIds).not.toContain(id);
      expect(faultDef(id)).toBe(operatorFaults[id]);
    }
    for (const id of Object.keys(knownSurvivors)) expect(operatorFaultIds).toContain(id);
  });

  it('are plain overlays on routes the mock has: each one applies to the reference route table', () => {
    for (const id of operatorFaultIds) {
      const o = operatorFaults[id]!.overlay;
      const overlays = (Array.isArray(o) ? o : [o]) as Overlay[];
      expect(() => overlayRoutes(routes, overlays), id).not.toThrow();
    }
  });
});

describe('stated types (contract/stated-fields.ts)', () => {
  it('agree with the zod schemas of contract/schemas.ts', () => {
    const zodType = (s: { def: { type: string; checks?: unknown[] } }) => s.def.type;
    const pairs = [
      [statedFields.item.fields, item.shape],
      [statedFields.partDetails.fields, partDetails.shape],
      [statedFields.tireDetails.fields, tireDetails.shape],
    ] as const;
    for (const [table, shape] of pairs) {
      expect(Object.keys(table).sort()).toEqual(Object.keys(shape).sort());
      for (const [k, t] of Object.entries(table)) {
        const z = zodType((shape as unknown as Record<string, { def: { type: string } }>)[k]!);
        const expected = {
          string: ['string', 'enum'],
          integer: ['number'],
          number: ['number'],
          boolean: ['boolean'],
          object: ['object'],
          array: ['array'],
        }[t as 'string'];
        expect(expected, `${k}: ${t} vs ${z}`).toContain(z);
      }
    }
  });

  it('tell JSON types apart exactly, 12.0 aside', () => {
    expect(hasStatedType('2019', 'integer')).toBe(false);
    expect(hasStatedType(JSON.parse('2019.0'), 'integer')).toBe(true);
    expect(hasStatedType(2019.5, 'integer')).toBe(false);
    expect(hasStatedType(1, 'boolean')).toBe(false);
    expect(hasStatedType(null, 'object')).toBe(false);
    expect(hasStatedType([], 'object')).toBe(false);
    expect(hasStatedType(null, 'string|null')).toBe(true);
  });

  it('judge the records of an answer wherever it puts them, present and non-null fields only', () => {
    const body = {
      data: { vehicles: [{ vehicleId: 'v1', year: '2019', make: null, tags: [{ name: 'VIP', color: 7 }] }] },
    };
    const failures = statedTypeFailures(body, 'vehicle', answer(body));
    expect(failures.map((f) => f.path)).toEqual(['vehicleId v1.year', 'vehicleId v1.tags.0.color']);
    expect(failures.map((f) => f.exchange)).toEqual(['x1', 'x1']);
    const items = {
      content: [{ itemId: 'i1', itemType: 'part', taxable: 1, details: { isStockItem: true, costPerUnit: '3.5' } }],
    };
    expect(statedTypeFailures(items, 'item', answer(items)).map((f) => f.path)).toEqual([
      'itemId i1.taxable',
      'itemId i1.details.costPerUnit',
    ]);
    // Labor details are not shown (§2.2): null there is an unset choice (silences S-2.2-unset-fields).
    const labor = { itemId: 'i2', itemType: 'labor', details: null };
    expect(statedTypeFailures(labor, 'item', answer(labor))).toEqual([]);
  });

  it('compare a number and its string alike only where the layout is not shown', () => {
    expect(looselyEqual(2019, '2019')).toBe(true);
    expect(looselyEqual(2019, '2019', true)).toBe(false);
    expect(looselyEqual(12, JSON.parse('12.0'), true)).toBe(true);
    expect(looselyEqual({ a: [1, 2] }, { a: ['2', 1] }, true)).toBe(false);
  });
});

describe('operators scope, status and transition, as a client sees them', () => {
  const call = async (m: MockServer, method: string, path: string, body?: unknown, token = m.tokens.full) => {
    const r = await fetch(m.url + path, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: r.status, json: (await r.json()) as any };
  };
  const withFault = async (fault: string, run: (m: MockServer) => Promise<void>) => {
    const m = await startMock({ faults: [fault] });
    try {
      await run(m);
    } finally {
      await m.stop();
    }
  };

  it('scope: another company leaks into a full page, only from page 2 for the page-2 target, only past offset 1,000 for the deep one', async () => {
    for (const [fault, page, leaks] of [
      ['scope:vehicles.company:plain', 1, true],
      ['scope:vehicles.company:page-2', 1, false],
      ['scope:vehicles.company:page-2', 2, true],
      ['scope:vehicles.company:deep-page', 2, false],
      ['scope:vehicles.company:deep-page', 100, false],
      ['scope:vehicles.company:deep-page', 101, true],
    ] as const)
      await withFault(fault, async (m) => {
        const other = m.fixtures.otherCompanyId;
        const res = await call(m, 'GET', `/vehicles?companyId=${other}&size=10&page=${page}`);
        const list = res.json.results.content as { companyId: string }[];
        // Page 100 lies past the end of the other company's vehicles: empty unless the fault leaks.
        if (leaks || page <= 2) expect(list.length, `${fault} page ${page}`).toBe(10);
        else expect(list, `${fault} page ${page}`).toEqual([]);
        expect(
          list.some((v) => v.companyId !== other),
          `${fault} page ${page}`,
        ).toBe(leaks);
      });
  });

  it('scope: a source row of §4.6 lists the other backends', async () => {
    await withFault('scope:purchaseOrders.source-inventory:plain', async (m) => {
      const res = await call(m, 'GET', `/purchaseOrders?companyId=${m.fixtures.companyId}&source=inventory&size=100`);
      expect(new Set(res.json.data.map((o: { source: string }) => o.source)).size).toBeGreaterThan(1);
    });
  });

  it('status: a §7 row served 2xx, answered 422, and answered 500 without the permission', async () => {
    const q = (m: MockServer) => `/purchaseOrders?companyId=${m.fixtures.companyId}&source=online`;
    await withFault('status:purchaseOrders.online-without-flag:answered-2xx', async (m) =>
      expect((await call(m, 'GET', q(m))).status).toBe(200),
    );
    await withFault('status:purchaseOrders.online-without-flag:answered-422', async (m) =>
      expect((await call(m, 'GET', q(m))).status).toBe(422),
    );
    await withFault('status:purchaseOrders.online-without-flag:without-permission-500', async (m) => {
      expect((await call(m, 'GET', q(m), undefined, m.tokens.noPo)).status).toBe(500);
      expect((await call(m, 'GET', `${q(m)}&isPartsCatalog=true`, undefined, m.tokens.noPo)).status).toBe(403);
    });
  });

  it('transition: an archive toggled, and one hidden behind a read-by-id cache', async () => {
    const statuses = async (m: MockServer, archives: number) => {
      const companyId = m.fixtures.companyId;
      const itemId = (await call(m, 'GET', `/items?companyId=${companyId}&size=1`)).json.content[0].itemId;
      const read = async () => (await call(m, 'GET', `/items/${itemId}?companyId=${companyId}`)).json.status;
      const seen = [await read()];
      for (let i = 0; i < archives; i++) {
        await call(m, 'PATCH', '/items', { companyId, items: [{ itemId }] });
        seen.push(await read());
      }
      return seen;
    };
    await withFault('transition:item.archive:toggled', async (m) =>
      expect(await statuses(m, 2)).toEqual(['Active', 'Inactive', 'Active']),
    );
    await withFault('transition:item.archive:stale-cache', async (m) =>
      expect(await statuses(m, 1)).toEqual(['Active', 'Active']),
    );
  });
});
