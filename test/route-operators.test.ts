import { describe, expect, it } from 'vitest';
import { conditions, conditionSample, AFTER_REQUESTS } from '../mock/faults/operators/conditions.js';
import { operatorFaultIds } from '../mock/faults/operators/index.js';
import { specRoutes } from '../mock/faults/operators/routeauth.js';
import { startMock, type MockServer } from '../mock/server.js';

/** The operators of issue 35 that tables cannot generate: routeauth, errorstatus and the condition wrapper. */

const call = async (m: MockServer, method: string, path: string, o: { token?: string | null; body?: unknown } = {}) => {
  const token = o.token === undefined ? m.tokens.full : o.token;
  const r = await fetch(m.url + path, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), 'content-type': 'application/json' },
    body: o.body === undefined ? undefined : JSON.stringify(o.body),
  });
  return { status: r.status, json: (await r.json()) as any };
};

async function withMock(faults: string[], run: (m: MockServer) => Promise<void>) {
  const m = await startMock({ faults });
  try {
    await run(m);
  } finally {
    await m.stop();
  }
}

const of = (op: string) => operatorFaultIds.filter((id) => id.startsWith(`${op}:`));

describe('route, error and condition operators', () => {
  it('generate three auth faults per route of the spec table, tenancy per read by id and id form, errors and conditions', () => {
    // §4.1-§4.6: 22 routes (the read-only purchase-order writes and the login routes left out).
    expect(specRoutes.length).toBe(22);
    const auth = of('routeauth');
    for (const kind of ['missing-token', 'expired-token', 'missing-token-later'])
      expect(auth.filter((id) => id.endsWith(`:${kind}`)).length).toBe(22);
    // Four reads by id, and GET /purchaseOrders/{id} once per backend id form.
    expect(auth.filter((id) => id.includes(':other-company')).length).toBe(7);
    expect(of('errorstatus').filter((id) => id.endsWith(':answered-500')).length).toBe(9);
    expect(of('errorstatus').filter((id) => /:near-/.test(id)).length).toBe(10);
    expect(of('condition').length).toBe(conditions.length * 2);
    for (const c of conditions) expect(conditionSample[c.name]).toHaveLength(2);
  });

  it('routeauth and errorstatus: one route breaks auth, tenancy or a refusal; the reference and the other routes hold', async () => {
    const [a, b] = ['cmp_harbor_auto', 'cmp_ridge_motors'];
    const part = {
      companyId: a,
      items: [{ itemType: 'part', itemName: 'x', itemNumber: 'n1', status: 'Active', taxable: true }],
    };
    const online = `/purchaseOrders?companyId=${a}&source=online&isPartsCatalog=false`;
    const firstVehicle = async (m: MockServer) =>
      (await call(m, 'GET', `/vehicles?companyId=${a}&size=1`)).json.results.content[0].vehicleId as string;
    await withMock([], async (m) => {
      const v = await firstVehicle(m);
      expect((await call(m, 'GET', `/vehicles/${v}?companyId=${b}`)).status).toBe(404);
      expect((await call(m, 'GET', `/vehicles/${v}?companyId=${a}`, { token: null })).status).toBe(401);
      expect((await call(m, 'POST', '/items', { body: part })).status).toBe(400);
      expect((await call(m, 'GET', online)).status).toBe(200);
    });
    await withMock(
      [
        'routeauth:vehicles.byId.get:missing-token',
        'routeauth:vehicles.byId.get:other-company',
        'routeauth:items.get:missing-token-later',
        'errorstatus:items.create.part-details:answered-500',
        'errorstatus:purchaseOrders.online-without-flag:near-flag-false',
      ],
      async (m) => {
        const v = await firstVehicle(m);
        expect((await call(m, 'GET', `/vehicles/${v}?companyId=${a}`, { token: null })).status).toBe(200);
        expect((await call(m, 'GET', `/vehicles?companyId=${a}`, { token: null })).status).toBe(401);
        expect((await call(m, 'GET', `/vehicles/${v}?companyId=${b}`)).status).toBe(200);
        const later = [];
        for (let i = 0; i < 2; i++) later.push((await call(m, 'GET', `/items?companyId=${a}`, { token: null })).status);
        expect(later).toEqual([401, 200]);
        expect((await call(m, 'POST', '/items', { body: part })).status).toBe(500);
        expect((await call(m, 'GET', online)).status).toBe(400);
      },
    );
  });

  it('condition: the fault applies on page 2 only, and only after the first requests', async () => {
    const make = async (m: MockServer, page: number) =>
      (await call(m, 'GET', `/vehicles?companyId=cmp_harbor_auto&size=5&page=${page}`)).json.results.content[0].make;
    await withMock(['condition:page-2:type:vehicle.make@list'], async (m) => {
      expect(typeof (await make(m, 1))).toBe('string');
      expect(typeof (await make(m, 2))).not.toBe('string');
    });
    await withMock(['condition:after-earlier-calls:routeauth:vehicles.byId.get:missing-token'], async (m) => {
      const v = (await call(m, 'GET', '/vehicles?companyId=cmp_harbor_auto&size=1')).json.results.content[0].vehicleId;
      const statuses = [];
      for (let i = 0; i < AFTER_REQUESTS; i++)
        statuses.push((await call(m, 'GET', `/vehicles/${v}?companyId=cmp_harbor_auto`, { token: null })).status);
      // The layer counts every request: the list above was the first.
      expect(statuses.slice(0, AFTER_REQUESTS - 1).every((s) => s === 401)).toBe(true);
      expect(statuses[AFTER_REQUESTS - 1]).toBe(200);
    });
  });
});
