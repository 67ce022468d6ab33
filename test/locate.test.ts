import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../harness/eventually.js';
import { ApiClient, type ApiResponse, type Query } from '../harness/client.js';
import { isLocated, locate, type Waiter } from '../harness/locate/locator.js';
import type { Api } from '../harness/locate/requests.js';
import { walkList } from '../harness/locate/walk.js';
import { vehicleShape } from '../harness/locate/shapes.js';
import { defaultProfile, type Profile } from '../harness/core/profile.js';
import { buildPart } from '../generators/items.js';
import { seededFaker } from '../generators/random.js';
import { buildVehicle } from '../generators/vehicles.js';
import { startMock, type MockServer } from '../mock/server.js';

/**
 * The locator finds the run's records by documented means only: ids of a write answer count once a
 * read by id shows what was sent; lists that show a write late are read until they do.
 */

let mock: MockServer;
let api: ApiClient;
const profile = structuredClone(defaultProfile) as unknown as Profile;
const scope = () => ({ companyId: mock.fixtures.companyId, profile });
const waits: { what: string; shown: boolean; reads: number }[] = [];
const wait: Waiter = async (what, read, shows) => {
  const w = await eventually(read, shows, 3_000);
  waits.push({ what, shown: w.shown, reads: w.reads });
  return w;
};

/** The mock behind a gateway whose lists show nothing new for the first `lagReads` list reads: a lagging replica. */
function lagging(lagReads: number): Api & { listReads: number } {
  const wrapper = {
    listReads: 0,
    get: async (path: string, query?: Query): Promise<ApiResponse> => {
      const res = await api.get(path, query);
      if (/^\/(vehicles|items)$/.test(path) && wrapper.listReads++ < lagReads) {
        const empty =
          path === '/items'
            ? { ...(res.json as object), content: [], totalCount: 0 }
            : { message: 'ok', results: { content: [], pagination: { totalCount: 0 } } };
        return { ...res, json: empty, text: JSON.stringify(empty) };
      }
      return res;
    },
    patch: (path: string, body: unknown, query?: Query) => api.patch(path, body, query),
  };
  return wrapper;
}

const noIds = (res: ApiResponse): ApiResponse => ({
  ...res,
  json: { success: true, message: 'accepted', data: {} },
  text: '{}',
});

beforeAll(async () => {
  mock = await startMock();
  api = new ApiClient({ baseUrl: mock.url, token: mock.tokens.full, timeoutMs: 5_000 });
});
afterAll(() => mock.stop());

describe('the locator', () => {
  it('takes the ids of a write answer once a read by id shows what was sent', async () => {
    const f = seededFaker(1, 'locate-a');
    const inputs = [1, 2].map(() => buildVehicle(f, 'cnf-locate', mock.fixtures.customerId));
    const since = Date.now();
    const create = await api.post('/vehicles', { companyId: mock.fixtures.companyId, vehicles: inputs });
    const r = await locate(
      'vehicle',
      inputs.map((v) => ({ keys: { vin: v.vin, licensePlate: v.licensePlate }, customerId: v.customerId })),
      { api, scope: scope(), wait, what: 'POST /vehicles', since, answer: create },
    );
    expect(r.outcomes.every(isLocated)).toBe(true);
    expect(r.outcomes.map((o) => (isLocated(o) ? o.via : '-'))).toEqual(['answer', 'answer']);
  });

  it('does not trust an id whose record shows other content, and finds the record in the narrowed list instead', async () => {
    const f = seededFaker(2, 'locate-b');
    const [input] = [buildVehicle(f, 'cnf-locate', mock.fixtures.customerId)];
    const since = Date.now();
    const create = await api.post('/vehicles', { companyId: mock.fixtures.companyId, vehicles: [input] });
    const someoneElse = vehicleShape.records(
      (await api.get('/vehicles', { companyId: mock.fixtures.companyId, size: 1, page: 1 })).json,
    )[0]!;
    const lying = { ...create, json: { success: true, data: { vehicles: [{ vehicleId: someoneElse.vehicleId }] } } };
    const r = await locate(
      'vehicle',
      [{ keys: { vin: input!.vin, licensePlate: input!.licensePlate }, customerId: input!.customerId }],
      { api, scope: scope(), wait, what: 'POST /vehicles', since, answer: lying },
    );
    const at = r.outcomes[0];
    expect(isLocated(at) && at.via).toBe('list');
    expect(isLocated(at) && at.id).not.toBe(someoneElse.vehicleId);
    // The mock's own answer names the real id, which the list led to.
    expect(isLocated(at) && at.id).toBe(
      (create.json as { data: { vehicles: { vehicleId: string }[] } }).data.vehicles[0]!.vehicleId,
    );
  });

  it('reads a lagging list until the records show, with no ids in the answer, and records the wait', async () => {
    const f = seededFaker(3, 'locate-c');
    const parts = [1, 2, 3].map(() => buildPart(f, 'cnf-locate'));
    const since = Date.now();
    const create = await api.post('/items', { companyId: mock.fixtures.companyId, items: parts });
    const lag = lagging(2);
    waits.length = 0;
    const r = await locate(
      'item',
      parts.map((p) => ({ keys: { itemNumber: p.itemNumber } })),
      { api: lag, scope: scope(), wait, what: 'POST /items (3 items)', since, answer: noIds(create) },
    );
    expect(r.outcomes.every(isLocated)).toBe(true);
    expect(waits[0]).toMatchObject({ shown: true, reads: 3 });
    expect(waits[0]!.what).toMatch(/POST \/items \(3 items\) shown in GET \/items\?updatedDateStart=/);
  });

  it('finds a vehicle stored without its owner by the window alone, so the check judges the owner it shows', async () => {
    const ownerless = await startMock({ faults: ['vehicles-create-drops-customer'] });
    try {
      const client = new ApiClient({ baseUrl: ownerless.url, token: ownerless.tokens.full, timeoutMs: 5_000 });
      const companyId = ownerless.fixtures.companyId;
      const customerId = ownerless.fixtures.customerId;
      const vehicle = buildVehicle(seededFaker(4, 'locate-d'), 'cnf-locate', customerId);
      const since = Date.now();
      const create = await client.post('/vehicles', { companyId, vehicles: [vehicle] });
      const r = await locate(
        'vehicle',
        [{ keys: { vin: vehicle.vin, licensePlate: vehicle.licensePlate }, customerId }],
        {
          api: client,
          scope: { companyId, profile },
          wait: (what, read, shows) => eventually(read, shows, 300),
          what: 'POST /vehicles',
          since,
          answer: noIds(create),
        },
      );
      const at = r.outcomes[0]!;
      expect(isLocated(at)).toBe(true);
      expect(isLocated(at) && at.record.customerId).toBe('');
    } finally {
      await ownerless.stop();
    }
  });

  it('shows an absence only after the window, from a narrowed list read to its end', async () => {
    const r = await locate('item', [{ keys: { itemNumber: 'CNFNEVERCREATED' } }], {
      api,
      scope: scope(),
      wait: (what, read, shows) => eventually(read, shows, 300),
      what: 'POST /items',
      since: Date.now(),
    });
    expect(r.outcomes[0]).toMatchObject({ proven: true });
  });
});

describe('walkList: the end of a list', () => {
  const page = (records: number, extra: Record<string, unknown> = {}) =>
    ({
      status: 200,
      headers: {},
      text: '',
      json: { results: Array.from({ length: records }, (_, i) => ({ customerId: `c${i}` })), ...extra },
      durationMs: 0,
      retries: 0,
    }) as ApiResponse;
  const reader = {
    records: (res: ApiResponse) => (res.json as { results: Record<string, unknown>[] }).results ?? [],
    total: (res: ApiResponse) => (res.json as { totalElements?: number }).totalElements,
    idOf: (r: Record<string, unknown>) => String(r.customerId),
  };

  it('is complete when the reported total is reached on page 1, without asking page 2', async () => {
    const asked: number[] = [];
    const l = await walkList(
      async (q) => (asked.push(Number(q.page)), page(5, { totalElements: 5, totalPages: 1 })),
      reader,
      {},
    );
    expect([l.complete, asked]).toEqual([true, [1]]);
  });

  it('is complete when a page past the last answers 404 (Invalid page.)', async () => {
    const l = await walkList(
      async (q) =>
        Number(q.page) === 1
          ? page(5)
          : ({
              status: 404,
              headers: {},
              text: '{"detail":"Invalid page."}',
              json: { detail: 'Invalid page.' },
              durationMs: 0,
              retries: 0,
            } as ApiResponse),
      reader,
      {},
      { size: 5 },
    );
    expect(l.complete).toBe(true);
    expect(l.ids).toHaveLength(5);
  });

  it('asks page 1 again with the size a refusal names, when the size was above the maximum', async () => {
    const sizes: number[] = [];
    const l = await walkList(
      async (q) => {
        sizes.push(Number(q.size));
        return Number(q.size) > 50
          ? ({
              status: 400,
              headers: {},
              text: '{"detail":"size must be at most 50"}',
              json: {},
              durationMs: 0,
              retries: 0,
            } as ApiResponse)
          : page(3, { totalElements: 3 });
      },
      reader,
      {},
    );
    expect([l.ok, l.complete, l.size, sizes]).toEqual([true, true, 50, [100, 50]]);
  });
});
