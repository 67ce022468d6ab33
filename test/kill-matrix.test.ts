import { describe, expect, it } from 'vitest';
import type { CheckOutcome } from '../harness/core/events.js';
import { check as outcome } from './report-fixtures.js';
import { faultIds, faults } from '../mock/faults/index.js';
import { techniqueScope } from '../contract/techniques.js';
import {
  killMatrix,
  killMatrixMarkdown,
  MAX_UNRELATED_FAILURES,
  techniqueTable,
  unitOperatorMarkdown,
  type FaultInfo,
} from './selfcheck/kill-matrix.js';
import { clauses } from '../contract/clauses.js';

const check = (target: string, clause: string, verdict: CheckOutcome['verdict']): CheckOutcome =>
  outcome({
    clause,
    target,
    verdict,
    ...(verdict === 'failed' ? { failures: [{ kind: 'inconsistency', message: 'boom' }] } : {}),
  });
const fault = (id: string, clause: FaultInfo['clause']): FaultInfo => ({ id, clause, description: id });

describe('kill matrix', () => {
  it('counts a fault as detected and precise when its clause fails and little else does', () => {
    const m = killMatrix(
      [fault('f1', 'ITEM-PAGE-ONE-BASED')],
      [
        check('main', 'ITEM-PAGE-ONE-BASED', 'passed'),
        check('f1', 'ITEM-PAGE-ONE-BASED', 'failed'),
        check('f1', 'ITEM-PAGING', 'passed'),
      ],
    );
    expect(m.rows[0]).toMatchObject({ detected: true, precise: true, unrelated: [] });
    expect(m.summary).toBe('detected 1/1 faults, precise 1/1');
  });

  it('reports a missed fault, and one whose failures spread to unrelated clauses', () => {
    const spread = Array.from({ length: MAX_UNRELATED_FAILURES + 1 }, () => check('f2', 'ITEM-PAGING', 'failed'));
    const m = killMatrix(
      [fault('f1', 'ITEM-PAGE-ONE-BASED'), fault('f2', 'ITEM-FILTER-TYPE')],
      [
        check('f1', 'ITEM-PAGE-ONE-BASED', 'passed'),
        check('f1', 'ITEM-PAGING', 'failed'),
        check('f2', 'ITEM-FILTER-TYPE', 'failed'),
        ...spread,
      ],
    );
    expect(m.rows.map((r) => [r.detected, r.precise])).toEqual([
      [false, false],
      [true, false],
    ]);
    expect(m.summary).toBe('detected 1/2 faults, precise 0/2');
    expect(m.ok).toBe(false);
  });

  it('lists the failures under a fault that name no exchange, so the outputs could show no request for them', () => {
    const named = outcome({
      clause: 'ITEM-PAGING',
      target: 'f1',
      verdict: 'failed',
      failures: [
        { kind: 'unexpected-status', message: 'HTTP 500', expected: 'a 2xx status', actual: 500, exchange: 'x1' },
      ],
    });
    const m = killMatrix(
      [fault('f1', 'ITEM-PAGING')],
      [named, check('f1', 'ITEM-PAGE-ONE-BASED', 'failed'), check('f1', 'ITEM-FILTER-TYPE', 'inconclusive')],
    );
    expect(m.rows[0]!.unnamed).toEqual(['ITEM-PAGE-ONE-BASED: inconsistency: boom']);
    expect(killMatrixMarkdown(m, 'test')).toContain('- Failures under a fault that name no exchange: 1');
  });

  it('shows spec unit × operator: the generated faults on the clauses naming each unit, caught of those run', () => {
    const m = killMatrix(
      [fault('filter:items.type:ignored', 'ITEM-FILTER-TYPE'), fault('type:items.list', 'ITEM-FILTER-TYPE')],
      [
        check('filter:items.type:ignored', 'ITEM-FILTER-TYPE', 'failed'),
        check('type:items.list', 'ITEM-FILTER-TYPE', 'passed'),
      ],
    );
    const md = unitOperatorMarkdown(m.rows);
    const [unit] = clauses['ITEM-FILTER-TYPE'].spec;
    expect(md).toContain('| Unit | Sections | filter | type |');
    expect(md).toContain(`| ${unit} | §4.2 | 1/1 | **0/1** |`);
  });

  it('fails on any failure against the conforming mock', () => {
    const m = killMatrix([], [check('main', 'ITEM-PAGING', 'failed')]);
    expect(m.cleanFailures).toHaveLength(1);
    expect(m.ok).toBe(false);
  });

  it('lists strict clauses that no fault of the catalogue targets', () => {
    const m = killMatrix([], [], [fault('f1', 'ITEM-PAGE-ONE-BASED')]);
    expect(m.clausesWithoutFault).toContain('ITEM-PAGING');
    expect(m.clausesWithoutFault).not.toContain('ITEM-PAGE-ONE-BASED');
    expect(m.clausesWithoutFault).not.toContain('VEHICLE-RECORD-SHAPE'); // observed clauses need no fault
  });

  it('names every technique × resource pair of contract/techniques.ts without a fault, and a fault tagged outside it', () => {
    const tagged = (id: string, name: 'token-attack' | 'boundary', resource: 'auth' | 'items'): FaultInfo => ({
      ...fault(id, 'AUTH-UNSIGNED-TOKEN-REJECTED'),
      technique: { name, resource },
    });
    const table = techniqueTable([tagged('t1', 'token-attack', 'auth'), tagged('t2', 'boundary', 'items')]);
    expect(table.cells.find((c) => c.technique === 'token-attack')?.faults).toEqual(['t1']);
    expect(table.unproven).toContain('precedence × purchaseOrders');
    expect(table.untracked).toEqual(
      techniqueScope.boundary.includes('items' as never) ? [] : ['t2 (boundary × items)'],
    );
    const m = killMatrix(
      [tagged('t1', 'token-attack', 'auth')],
      [check('t1', 'AUTH-UNSIGNED-TOKEN-REJECTED', 'failed')],
      [tagged('t1', 'token-attack', 'auth')],
    );
    expect(killMatrixMarkdown(m, 'test')).toMatch(/\| token-attack \| auth \| t1 ✓ \| AUTH-UNSIGNED-TOKEN-REJECTED/);
  });

  it('has a fault of the mock for every technique × resource pair the catalogue of techniques lists', () => {
    const catalogue = faultIds.map((id): FaultInfo => {
      const f = faults[id];
      return {
        id,
        clause: f.clause,
        description: f.description,
        ...('technique' in f && f.technique ? { technique: f.technique } : {}),
      };
    });
    const table = techniqueTable(catalogue);
    expect(table.unproven).toEqual([]);
    expect(table.untracked).toEqual([]);
  });
});
