import { describe, expect, it } from 'vitest';
import { readWriteAnswer, sentElements } from '../harness/locate/answers.js';

/**
 * Every element a create answer shows as created is read, whatever the answer's form (§2.7 shows
 * `data: object` only; §4.3 no customer shape; S-2.7-write-data, S-BULK-partial,
 * S-BULK-result-mapping), and nothing that is not one of the run's new records is taken.
 */

const ok = (json: unknown, status = 200, headers: Record<string, string> = {}) => ({ status, json, headers });
const ids = (a: ReturnType<typeof readWriteAnswer>) => a.created.map((e) => e.id);
const vehicles = [
  { customerId: 'c-1', vin: '1HGCM82633A004352', licensePlate: 'CNF-0001' },
  { customerId: 'c-1', vin: '1HGCM82633A004353', licensePlate: 'CNF-0002' },
  { customerId: 'c-1', vin: '1HGCM82633A004354', licensePlate: 'CNF-0003' },
];

describe('readWriteAnswer: the ids of a create answer, in any key', () => {
  it.each([
    [
      'the mock: data.customers of records',
      { success: true, data: { customers: [{ customerId: 'a' }, { customerId: 'b' }] } },
    ],
    ['data.customerIds', { success: true, message: 'queued', data: { customerIds: ['a', 'b'] } }],
    ['data.ids', { success: true, data: { ids: ['a', 'b'] } }],
    ['data: [{ id }]', { success: true, data: [{ id: 'a' }, { id: 'b' }] }],
    [
      'data.results[i].id',
      {
        data: {
          results: [
            { id: 'a', status: 201 },
            { id: 'b', status: 201 },
          ],
        },
      },
    ],
    ['created / failed lists of bare ids', { data: { created: ['a', 'b'], failed: [] } }],
    ['a bare array of records', [{ customerId: 'a' }, { customerId: 'b' }]],
    ['snake_case id list', { data: { created_customer_ids: ['a', 'b'] } }],
  ])('%s', (_, json) => {
    expect(ids(readWriteAnswer('customer', ok(json)))).toEqual(['a', 'b']);
  });

  it('a bare record, and not the ids it nests (its e-mails, its owner)', () => {
    expect(ids(readWriteAnswer('customer', ok({ id: 'a', emails: [{ id: 'e-1', email: 'x@example.com' }] })))).toEqual([
      'a',
    ]);
    const vehicle = { vehicleId: 'v-1', customer: { id: 'c-9' }, customerId: 'c-9' };
    expect(readWriteAnswer('vehicle', ok({ success: true, data: vehicle })).created).toEqual([
      { id: 'v-1', customerId: 'c-9' },
    ]);
  });

  it('a Location header: one record, or the collection with ?ids=', () => {
    expect(ids(readWriteAnswer('customer', ok({ success: true }, 202, { location: '/v2/customers/c-7' })))).toEqual([
      'c-7',
    ]);
    const both = ok({ success: true, data: { customerIds: ['a'] } }, 202, { location: '/v2/customers?ids=a,b' });
    expect(ids(readWriteAnswer('customer', both))).toEqual(['a', 'b']);
    // A job's status resource names no record.
    expect(ids(readWriteAnswer('customer', ok({ success: true }, 202, { location: '/v2/jobs/j-1' })))).toEqual([]);
  });

  it('never an echo of the request, an envelope id or a job id', () => {
    const echoed = {
      id: 'req-1',
      success: true,
      data: {},
      meta: { request: { ids: ['x'] } },
      links: { self: '/x?id=y' },
    };
    expect(ids(readWriteAnswer('vehicle', ok(echoed)))).toEqual([]);
    expect(ids(readWriteAnswer('vehicle', ok({ success: true, data: { id: 'j-1', jobId: 'j-1' } }, 202)))).toEqual([]);
    // Another resource's ids in a vehicle answer are not vehicles.
    expect(ids(readWriteAnswer('vehicle', ok({ success: true, data: { customerIds: ['c-1'] } })))).toEqual([]);
  });

  it('per-element results: the created ones taken, the refused one mapped to its element', () => {
    const multi = {
      results: [
        { index: 0, status: 201, vehicleId: 'v-0' },
        { index: 1, status: 422, message: 'duplicate VIN' },
        { index: 2, status: 201, vehicleId: 'v-2' },
      ],
    };
    const a = readWriteAnswer('vehicle', ok(multi, 207), vehicles);
    expect(a.created).toEqual([
      { id: 'v-0', index: 0, customerId: 'c-1' },
      { id: 'v-2', index: 2, customerId: 'c-1' },
    ]);
    expect(a.refused.map((r) => r.index)).toEqual([1]);
  });

  it('maps results by a natural key they repeat, and indexes counted from 1', () => {
    const byKey = {
      data: {
        failed: [{ vin: vehicles[2]!.vin, error: 'bad' }],
        created: [{ vehicleId: 'v-0', vin: vehicles[0]!.vin }],
      },
    };
    const a = readWriteAnswer('vehicle', ok(byKey), vehicles);
    expect(a.created).toEqual([{ id: 'v-0', index: 0, customerId: 'c-1' }]);
    expect(a.refused.map((r) => r.index)).toEqual([2]);
    const fromOne = {
      data: [
        { index: 1, id: 'v-a', success: true },
        { index: 3, success: false, error: 'x' },
      ],
    };
    const b = readWriteAnswer('vehicle', ok(fromOne), vehicles);
    expect(b.created.map((e) => e.index)).toEqual([0]);
    expect(b.refused.map((r) => r.index)).toEqual([2]);
  });

  it('an answer that failed: only the elements that say they were created', () => {
    const partial = {
      success: false,
      data: [
        { id: 'v-0', success: true },
        { id: 'v-1', success: false },
      ],
    };
    expect(ids(readWriteAnswer('vehicle', ok(partial)))).toEqual(['v-0']);
    // A refusal naming an existing record (a duplicate) names no record of ours.
    expect(ids(readWriteAnswer('customer', ok({ error: 'duplicate', customerId: 'old-1' }, 409)))).toEqual([]);
    expect(ids(readWriteAnswer('customer', ok({ success: false, data: { customerIds: ['x'] } })))).toEqual([]);
  });

  it("a record's own fields do not read as a refusal", () => {
    const item = { itemId: 'i-1', status: 'Active', code: 404, state: 'IN' };
    expect(ids(readWriteAnswer('item', ok({ success: true, data: { items: [item] } })))).toEqual(['i-1']);
  });

  it('sentElements: the first array of objects of the body sent', () => {
    expect(sentElements({ companyId: 'x', clients: [{ a: 1 }] })).toEqual([{ a: 1 }]);
    expect(sentElements('no')).toEqual([]);
  });
});
