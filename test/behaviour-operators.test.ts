import { describe, expect, it } from 'vitest';
import { statedTypeFailures } from '../harness/checks/stated-types.js';
import type { ApiResponse } from '../harness/client.js';
import { operatorFaultIds } from '../mock/faults/operators/index.js';
import { startMock, type MockServer } from '../mock/server.js';

/** The behaviour operators of issue 35 (time, fidelity, paging, readmodel, the deep union of scope) and the misses they stand beside. */

const answer = (json: unknown): ApiResponse => ({
  status: 200,
  headers: {},
  text: JSON.stringify(json),
  json,
  durationMs: 1,
  retries: 0,
  exchangeId: 'x1',
});

const call = async (m: MockServer, method: string, path: string, body?: unknown) => {
  const r = await fetch(m.url + path, {
    method,
    headers: { authorization: `Bearer ${m.tokens.full}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: r.status, json: (await r.json()) as any };
};

async function withMock(o: Parameters<typeof startMock>[0], run: (m: MockServer) => Promise<void>) {
  const m = await startMock(o);
  try {
    await run(m);
  } finally {
    await m.stop();
  }
}

describe('behaviour operators', () => {
  it('generate time and fidelity faults, the deep union of scope and a stated refusal answered 500', () => {
    expect(operatorFaultIds.filter((id) => id.startsWith('time:')).length).toBeGreaterThanOrEqual(7);
    expect(operatorFaultIds.filter((id) => id.startsWith('fidelity:')).length).toBeGreaterThanOrEqual(15);
    expect(operatorFaultIds).toContain('scope:vehicles.company:deep-union');
    expect(operatorFaultIds.filter((id) => id.endsWith(':answered-500')).length).toBeGreaterThanOrEqual(11);
    // Four page faults on each of the five paged lists (a total kept after an archive is S-PAGE-totals' choice).
    expect(operatorFaultIds.filter((id) => id.startsWith('paging:')).length).toBe(20);
    expect(operatorFaultIds.filter((id) => id.startsWith('readmodel:')).length).toBe(10);
  });

  it('stated types: a tag shown as its name only is not the §2.1 Tag object', () => {
    const ok = { vehicleId: 'v1', tags: [{ name: 'EV', color: '00ff00' }] };
    const names = { vehicleId: 'v1', tags: ['EV'] };
    expect(statedTypeFailures(ok, 'vehicle', answer(ok))).toEqual([]);
    expect(statedTypeFailures(names, 'vehicle', answer(names)).map((f) => (f as { path?: string }).path)).toEqual([
      'vehicleId v1.tags.0',
    ]);
  });

  it('scope deep union: past offset 1,000 two companies asked for the same page get the same vehicles', async () => {
    const seedSizes = { vehicles: 1100 };
    const page = async (m: MockServer, companyId: string, p: number) =>
      (
        (await call(m, 'GET', `/vehicles?companyId=${companyId}&size=50&page=${p}`)).json.results.content as {
          vehicleId: string;
        }[]
      ).map((v) => v.vehicleId);
    const shared = async (m: MockServer, p: number) => {
      const [a, b] = [await page(m, m.fixtures.companyId, p), await page(m, m.fixtures.otherCompanyId, p)];
      return a.filter((id) => b.includes(id));
    };
    await withMock({ seedSizes }, async (m) => expect(await shared(m, 21)).toEqual([]));
    await withMock({ seedSizes, faults: ['scope:vehicles.company:deep-union'] }, async (m) => {
      expect(await shared(m, 20)).toEqual([]);
      expect((await shared(m, 21)).length).toBe(50);
    });
  });

  it('time: the updated window applied to the creation time; the answer still shows the update time', async () => {
    const run = async (faults: string[]) => {
      let shown: string[] = [];
      await withMock({ faults }, async (m) => {
        const companyId = m.fixtures.companyId;
        const v = (await call(m, 'GET', `/vehicles?companyId=${companyId}&size=1`)).json.results.content[0];
        const since = new Date(Date.now() - 60_000).toISOString().replace(/\.\d{3}Z$/, 'Z');
        await call(m, 'PUT', '/vehicles', { companyId, vehicles: [{ vehicleId: v.vehicleId, notes: 'changed' }] });
        const listed = await call(m, 'GET', `/vehicles?companyId=${companyId}&updatedDateStart=${since}&size=100`);
        shown = listed.json.results.content.map((x: { vehicleId: string }) => x.vehicleId);
        expect(shown.includes(v.vehicleId)).toBe(faults.length === 0);
      });
      return shown;
    };
    await run([]);
    await run(['time:vehicles.updated:on-created']);
  });

  it('fidelity: a mileage wrapped at 16 bits on create', async () => {
    await withMock({ faults: ['fidelity:vehicles.create.mileage:int16'] }, async (m) => {
      const companyId = m.fixtures.companyId;
      const v = (await call(m, 'GET', `/vehicles?companyId=${companyId}&size=1`)).json.results.content[0];
      const vin = `1HGCM82633A${String(Date.now()).slice(-6)}`;
      const { vehicleId, vehicleStatus, createdDate, updatedDate, companyId: _c, ...fields } = v;
      const body = { companyId, vehicles: [{ ...fields, vin, licensePlate: vin.slice(-7), mileage: 40000 }] };
      void [vehicleId, vehicleStatus, createdDate, updatedDate, _c];
      expect((await call(m, 'POST', '/vehicles', body)).status).toBeLessThan(300);
      const listed = await call(m, 'GET', `/vehicles?companyId=${companyId}&search=${vin}`);
      expect(listed.json.results.content[0].mileage).toBe(40000 - 65536);
    });
  });

  it('paging: pages overlapping by one and a size capped below the one asked, the total unchanged', async () => {
    const walk = async (faults: string[]) => {
      let pages: string[][] = [];
      await withMock({ faults }, async (m) => {
        const at = (p: number) => call(m, 'GET', `/customers?companyId=${m.fixtures.companyId}&size=3&page=${p}`);
        const all = await Promise.all([1, 2, 3].map(at));
        expect(all[0]!.json.results.pagination.totalCount).toBe(160);
        pages = all.map((r) => r.json.results.content.map((c: { customerId: string }) => c.customerId));
      });
      return pages;
    };
    const [clean, overlap, capped] = await Promise.all([
      walk([]),
      walk(['paging:customers.list:overlap-by-one']),
      walk(['paging:customers.list:size-capped-below-asked']),
    ]);
    expect(overlap[0]).toEqual(clean[0]);
    expect(overlap[1]).toEqual([clean[0]![2], clean[1]![0], clean[1]![1]]);
    expect(overlap[2]![0]).toBe(overlap[1]![2]);
    expect(capped).toEqual(clean.map((p) => p.slice(0, 2)));
  });

  it('readmodel: a read by id cached past an update, evicted by an archive', async () => {
    await withMock({ faults: ['readmodel:vehicles.get:cache-kept-by-update'] }, async (m) => {
      const companyId = m.fixtures.companyId;
      const v = (await call(m, 'GET', `/vehicles?companyId=${companyId}&size=1`)).json.results.content[0];
      const read = async () =>
        (await call(m, 'GET', `/vehicles/${v.vehicleId}?companyId=${companyId}`)).json.results.content[0];
      const first = await read();
      await call(m, 'PUT', '/vehicles', { companyId, vehicles: [{ vehicleId: v.vehicleId, notes: 'changed' }] });
      expect((await read()).notes).toBe(first.notes);
      await call(m, 'PATCH', '/vehicles', {
        companyId,
        vehicles: [{ vehicleId: v.vehicleId, customerId: v.customerId }],
      });
      expect(await read()).toMatchObject({ notes: 'changed', vehicleStatus: 'Inactive' });
    });
  });
});
