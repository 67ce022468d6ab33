import { existsSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { choices } from './production/choices.js';
import { productionSeedSizes } from './production/options.js';
import { startProductionServer, type ProductionServer } from './production/server.js';

/**
 * The production-like server of test/production/, judged through its HTTP interface only: each of
 * its choices is observable, and it keeps the rules the spec states. (Whether the harness copes
 * with it is another matter: test/production/README.md.)
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const NEVER_ISSUED = '00000000-0000-4000-8000-000000000000';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type Json = Record<string, any>;

/** Polls `read` until `done` holds or `ms` pass; the time it took, or undefined. */
async function within(ms: number, read: () => Promise<boolean>): Promise<number | undefined> {
  const start = Date.now();
  while (Date.now() - start < ms) {
    if (await read()) return Date.now() - start;
    await sleep(100);
  }
  return undefined;
}

describe('the production-like server', () => {
  let server: ProductionServer;
  let company: string;
  const marker = `cnf-selftest-${process.pid}`;

  /** A JSON exchange with the full token (fetch decompresses what it asked gzipped). */
  async function call(path: string, init: { method?: string; body?: unknown; token?: string | null } = {}) {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (init.token !== null) headers.authorization = `Bearer ${init.token ?? server.tokens.full}`;
    const res = await fetch(`${server.url}${path}`, {
      method: init.method ?? 'GET',
      headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    const text = await res.text();
    return {
      status: res.status,
      type: res.headers.get('content-type') ?? '',
      text,
      json: (text ? JSON.parse(text) : undefined) as Json,
    };
  }

  beforeAll(async () => {
    // The burst limit has its own server below; here it would throttle the test's own reads.
    server = await startProductionServer({ burstPerSecond: 0 });
    company = server.fixtures.companyId;
  });
  afterAll(() => server?.stop());

  it('declares every choice with the spec silence it relies on, and where it is built', () => {
    expect(new Set(choices.map((c) => c.id)).size).toBe(choices.length);
    for (const c of choices) {
      expect(c.why, c.id).toMatch(/§\d/);
      expect(existsSync(new URL(`./production/${c.module}`, import.meta.url)), c.module).toBe(true);
    }
  });

  it('holds real-size data, pages 25 by default, refuses a size over 100 and a page past the last', async () => {
    const [vehicles, items, customers, orders, tooLarge, past, poPast, max] = await Promise.all([
      call(`/vehicles?companyId=${company}`),
      call(`/items?companyId=${company}`),
      call(`/customers?companyId=${company}`),
      call(`/purchaseOrders?companyId=${company}`),
      call(`/items?companyId=${company}&size=101`),
      call(`/items?companyId=${company}&size=100&page=26`),
      call(`/purchaseOrders?companyId=${company}&size=100&page=8`),
      call(`/vehicles?companyId=${company}&size=100`),
    ]);
    expect(vehicles.json.results.pagination.totalCount).toBe(productionSeedSizes.vehicles);
    expect(vehicles.json.results.content).toHaveLength(25);
    expect(max.json.results.content).toHaveLength(100);
    expect([items.json.totalCount, items.json.size, items.json.number, items.json.content.length]).toEqual([
      productionSeedSizes.items,
      25,
      1,
      25,
    ]);
    expect(customers.json.count).toBe(productionSeedSizes.customers);
    expect(orders.json.pagination.totalCount).toBe(650);
    expect([tooLarge.status, tooLarge.type]).toEqual([400, 'application/problem+json']);
    expect([past.status, past.json]).toEqual([404, { detail: 'Invalid page.' }]);
    // §2.7, §7: purchase-order errors keep their envelope.
    expect(poPast.status).toBe(404);
    expect(poPast.json).toMatchObject({ status: false, data: null, error: { message: 'Invalid page.' } });
  });

  it('shows UUIDs, answers 400 to a malformed id and 404 to one it never issued', async () => {
    const list = await call(`/vehicles?companyId=${company}&size=1`);
    const vehicle = list.json.results.content[0];
    expect(vehicle.vehicleId).toMatch(UUID);
    expect(vehicle.customerId).toMatch(UUID);
    const orders = await call(`/purchaseOrders?companyId=${company}&size=1`);
    const [byId, malformed, unknown, poMalformed, poUnknown, otherCompany, bulkMalformed, bulkUnknown] =
      await Promise.all([
        call(`/vehicles/${vehicle.vehicleId}?companyId=${company}`),
        call(`/vehicles/veh_harbor_0001?companyId=${company}`),
        call(`/vehicles/${NEVER_ISSUED}?companyId=${company}`),
        call(`/purchaseOrders/42?companyId=${company}`),
        call(`/purchaseOrders/${NEVER_ISSUED}?companyId=${company}`),
        call(`/vehicles/${vehicle.vehicleId}?companyId=${server.fixtures.otherCompanyId}`),
        call('/vehicles', {
          method: 'PUT',
          body: { companyId: company, vehicles: [{ vehicleId: 'nope', color: 'Red' }] },
        }),
        call('/vehicles', {
          method: 'PUT',
          body: { companyId: company, vehicles: [{ vehicleId: NEVER_ISSUED, color: 'Red' }] },
        }),
      ]);
    expect(orders.json.data[0].id).toMatch(UUID);
    expect(byId.json.results.content[0].vehicleId).toBe(vehicle.vehicleId);
    expect([malformed.status, malformed.type]).toEqual([400, 'application/problem+json']);
    expect(malformed.json).toMatchObject({ type: 'about:blank', title: 'Bad Request', status: 400 });
    expect([unknown.status, unknown.type]).toEqual([404, 'application/problem+json']);
    expect([poMalformed.status, poMalformed.json.status, poMalformed.json.error === null]).toEqual([400, false, false]);
    expect([poUnknown.status, poUnknown.json.status, poUnknown.json.error === null]).toEqual([404, false, false]);
    expect(otherCompany.status).toBe(404);
    expect([bulkMalformed.status, bulkUnknown.status]).toEqual([400, 404]);
    expect(bulkUnknown.json.detail).toContain(NEVER_ISSUED);
  });

  it('answers writes without ids, reads them by id at once and lists them 1-2 s later, old values meanwhile', async () => {
    const customerId = server.fixtures.customerId;
    const created = await call('/vehicles', {
      method: 'POST',
      body: {
        companyId: company,
        vehicles: [
          {
            customerId,
            year: 2021,
            make: ' Mazda ',
            model: 'CX-5',
            vin: 'jm3kfbcm1m0123456',
            licensePlate: 'prd 123',
            notes: `${marker} lag`,
          },
        ],
      },
    });
    expect([created.status, created.json]).toEqual([200, { success: true, message: expect.any(String), data: {} }]);
    const [record] = await server.activeRecordsCarrying(`${marker} lag`);
    expect(record?.id).toMatch(UUID);
    const id = record!.id;
    const byId = await call(`/vehicles/${id}?companyId=${company}`);
    // Normalised: trimmed, VIN and plate upper-cased.
    expect(byId.json.results.content[0]).toMatchObject({
      vehicleId: id,
      customerId,
      make: 'Mazda',
      vin: 'JM3KFBCM1M0123456',
      licensePlate: 'PRD 123',
    });
    const listed = async () =>
      (await call(`/vehicles?companyId=${company}&customerId=${customerId}`)).json.results.content.some(
        (v: Json) => v.vehicleId === id,
      );
    expect(await listed()).toBe(false);
    const shownAfter = await within(2_800, listed);
    expect(shownAfter).toBeDefined();

    // An update: the list keeps the old value (and filters on it) until the replica has it.
    const since = new Date().toISOString();
    const updated = await call('/vehicles', {
      method: 'PUT',
      body: { companyId: company, vehicles: [{ vehicleId: id, color: 'Teal' }] },
    });
    expect(updated.json).toEqual({ success: true, message: expect.any(String), data: {} });
    expect((await call(`/vehicles/${id}?companyId=${company}`)).json.results.content[0].color).toBe('Teal');
    const window = `/vehicles?companyId=${company}&updatedDateStart=${since}`;
    const inWindow = async () =>
      (await call(window)).json.results.content.some((v: Json) => v.vehicleId === id && v.color === 'Teal');
    expect(await inWindow()).toBe(false);
    expect(await within(2_800, inWindow)).toBeDefined();
    // The list shows the primary's own timestamps.
    const fromList = (await call(window)).json.results.content.find((v: Json) => v.vehicleId === id);
    expect(fromList.updatedDate).toBe(
      (await call(`/vehicles/${id}?companyId=${company}`)).json.results.content[0].updatedDate,
    );

    const archived = await call('/vehicles', {
      method: 'PATCH',
      body: { companyId: company, vehicles: [{ vehicleId: id, customerId }] },
    });
    expect(archived.json.data).toEqual({});
    expect(await server.activeRecordsCarrying(`${marker} lag`)).toEqual([]);
  });

  it('searches whole words of VIN, plate, make and model only', async () => {
    const sample = (await call(`/vehicles?companyId=${company}&size=100`)).json.results.content as Json[];
    const v = sample.find((r) => r.notes)!;
    const search = async (term: string) =>
      (await call(`/vehicles?companyId=${company}&search=${encodeURIComponent(term)}&size=100`)).json.results
        .content as Json[];
    const [byVin, byPrefix, byNotes, byMake] = await Promise.all([
      search(v.vin.toLowerCase()),
      search(v.vin.slice(0, 8)),
      search(v.notes.split(' ')[0]),
      search(`${v.make} ${v.model}`),
    ]);
    expect(byVin.map((r) => r.vehicleId)).toContain(v.vehicleId);
    expect(byPrefix.map((r) => r.vehicleId)).not.toContain(v.vehicleId);
    expect(byNotes.map((r) => r.vehicleId)).not.toContain(v.vehicleId);
    expect(byMake.map((r) => r.vehicleId)).toContain(v.vehicleId);
    expect(byMake.every((r) => `${r.make} ${r.model}`.toLowerCase().includes(v.make.toLowerCase()))).toBe(true);
  });

  it('accepts an inventory update with 202 and applies it 1-2 s later, get-by-id included', async () => {
    const level = (await call(`/inventoryLevels?companyId=${company}&size=1`)).json.results.content[0] as Json;
    expect(level.itemId).toMatch(UUID);
    const quantity = level.quantityOnHand + 7;
    const put = await call('/inventoryLevels', {
      method: 'PUT',
      body: {
        companyId: company,
        inventoryLevels: [{ itemId: level.itemId, locationId: level.locationId, quantityOnHand: quantity }],
      },
    });
    expect(put.status).toBe(202);
    expect(put.json.jobId).toMatch(/^[0-9a-f-]{36}$/);
    const read = async () =>
      ((await call(`/inventoryLevels/${level.itemId}?companyId=${company}`)).json.results.content as Json[]).find(
        (l) => l.locationId === level.locationId,
      )?.quantityOnHand;
    expect(await read()).toBe(level.quantityOnHand);
    expect(await within(2_800, async () => (await read()) === quantity)).toBeDefined();
    const [unknownItem, unknownLocation] = await Promise.all([
      call('/inventoryLevels', {
        method: 'PUT',
        body: {
          companyId: company,
          inventoryLevels: [{ itemId: NEVER_ISSUED, locationId: level.locationId, quantityOnHand: 1 }],
        },
      }),
      call('/inventoryLevels', {
        method: 'PUT',
        body: {
          companyId: company,
          inventoryLevels: [{ itemId: level.itemId, locationId: 'loc_nowhere', quantityOnHand: 1 }],
        },
      }),
    ]);
    expect([unknownItem.status, unknownLocation.status]).toEqual([404, 400]);
  });

  it('refuses a part without both prices with problem+json, and answers 401 as a problem too', async () => {
    const part = {
      itemType: 'part',
      itemName: 'Brake pad',
      itemNumber: `BP-${process.pid}`,
      status: 'Active',
      taxable: true,
      description: marker,
    };
    const details = { defaultQuantity: 1, isStockItem: false, supplier: 'Acme', brand: 'Bosch' };
    const [noPrice, noToken] = await Promise.all([
      call('/items', {
        method: 'POST',
        body: { companyId: company, items: [{ ...part, partDetails: { ...details, costPerUnit: 10 } }] },
      }),
      call(`/items?companyId=${company}`, { token: null }),
    ]);
    expect([noPrice.status, noPrice.type]).toEqual([400, 'application/problem+json']);
    expect(noPrice.json.errors).toEqual([{ field: 'items[0].partDetails.pricePerUnit', message: expect.any(String) }]);
    expect([noToken.status, noToken.type, noToken.json.status]).toEqual([401, 'application/problem+json', 401]);
  });

  it('nests customer records, pages them Django-style, and answers updates 204', async () => {
    const id = server.fixtures.customerId;
    const [list, one] = await Promise.all([
      call(`/customers?companyId=${company}&size=2`),
      call(`/customers/${id}?companyId=${company}`),
    ]);
    expect(Object.keys(list.json)).toEqual(['count', 'next', 'previous', 'results']);
    expect(list.json.next).toContain('page=2');
    expect(one.json).toMatchObject({
      customerId: id,
      name: { first: expect.any(String) },
      contact: { emails: expect.any(Array) },
    });
    const put = await call('/customers', {
      method: 'PUT',
      body: { companyId: company, customers: [{ customerId: id, notes: 'Prefers mornings.' }] },
    });
    expect([put.status, put.text]).toEqual([204, '']);
    expect((await call(`/customers/${id}?companyId=${company}`)).json.notes).toBe('Prefers mornings.');
  });

  it('names the appointment-request id requestRef', async () => {
    const list = await call(`/appointmentRequests?companyId=${company}&size=3`);
    for (const r of list.json.results.content as Json[]) {
      expect(r.requestRef).toMatch(UUID);
      expect(r).not.toHaveProperty('appointmentRequestId');
    }
  });

  it('kept the replica in step with the primary', async () => {
    await server.settled();
    expect(server.replication.writes).toBeGreaterThan(0);
    expect(server.replication.diverged).toBe(0);
  });
});

describe('the production-like server at the edge: limits and connections', () => {
  let edge: ProductionServer;
  let perMinute: ProductionServer;
  const small = {
    vehicles: 5,
    items: 5,
    customers: 5,
    appointmentRequests: 5,
    purchaseOrders: { inventory: 2, online: 2, orders: 2 },
  };
  beforeAll(async () => {
    [edge, perMinute] = await Promise.all([
      startProductionServer({ seedSizes: small }),
      startProductionServer({ seedSizes: small, perMinute: { get: 6, write: 6 } }),
    ]);
  });
  afterAll(() => Promise.all([edge?.stop(), perMinute?.stop()]));

  /** One GET with node:http, so the test decides every header (fetch adds Accept-Encoding). */
  function get(s: ProductionServer, path: string, headers: Record<string, string> = {}) {
    return new Promise<{ status: number; headers: Record<string, string | string[] | undefined> }>(
      (resolve, reject) => {
        const req = httpRequest(
          `${s.url}${path}`,
          { headers: { authorization: `Bearer ${s.tokens.full}`, ...headers } },
          (res) => {
            res.resume();
            res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
          },
        );
        req.on('error', reject);
        req.end();
      },
    );
  }

  it('answers the 11th request within one second 429 with Retry-After: 1', async () => {
    const path = `/items?companyId=${edge.fixtures.companyId}&size=1`;
    const answers = await Promise.all(Array.from({ length: 11 }, () => get(edge, path)));
    const refused = answers.filter((a) => a.status === 429);
    expect(refused).toHaveLength(1);
    expect(refused[0]!.headers['retry-after']).toBe('1');
    await sleep(1_100);
    expect((await get(edge, path)).status).toBe(200);
  });

  it('enforces per-minute limits when asked to', async () => {
    const path = `/items?companyId=${perMinute.fixtures.companyId}&size=1`;
    const [first, second] = [await get(perMinute, path), await get(perMinute, path)];
    expect(first.status).toBe(200);
    expect(second.status).toBe(429);
    expect(Number(second.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  });

  it('gzips a large body only when asked', async () => {
    await sleep(1_100);
    const path = `/vehicles?companyId=${edge.fixtures.companyId}&size=5`;
    const [plain, gzipped, refused] = [
      await get(edge, path),
      await get(edge, path, { 'accept-encoding': 'gzip, br' }),
      await get(edge, path, { 'accept-encoding': 'gzip;q=0' }),
    ];
    expect([plain.status, plain.headers['content-encoding']]).toEqual([200, undefined]);
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(refused.headers['content-encoding']).toBeUndefined();
  });

  it('closes a keep-alive connection after 1 s idle', async () => {
    const url = new URL(edge.url);
    const socket = connect(Number(url.port), url.hostname);
    let received = '';
    socket.on('data', (d: Buffer) => (received += d.toString()));
    const closed = new Promise<number>((resolve) => socket.on('close', () => resolve(Date.now())));
    await new Promise<void>((r) => socket.once('connect', () => r()));
    socket.write(
      `GET /v2/items?companyId=${edge.fixtures.companyId}&size=1 HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${edge.tokens.full}\r\n\r\n`,
    );
    await within(2_000, async () => received.includes('\r\n\r\n'));
    const answeredAt = Date.now();
    expect(received).toMatch(/keep-alive: timeout=1/i);
    const idle = (await closed) - answeredAt;
    expect(idle).toBeGreaterThan(700);
    expect(idle).toBeLessThan(2_500);
  });
});
