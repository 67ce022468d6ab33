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
