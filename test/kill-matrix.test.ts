import { describe, expect, it } from 'vitest';
import type { CheckOutcome } from '../harness/core/events.js';
import { check as outcome } from './report-fixtures.js';
import { killMatrix, MAX_UNRELATED_FAILURES, type FaultInfo } from './selfcheck/kill-matrix.js';

const check = (target: string, clause: string, verdict: CheckOutcome['verdict']): CheckOutcome =>
  outcome({ clause, target, verdict, ...(verdict === 'failed' ? { failures: [{ kind: 'inconsistency', message: 'boom' }] } : {}) });
const fault = (id: string, clause: FaultInfo['clause']): FaultInfo => ({ id, clause, description: id });

describe('kill matrix', () => {
  it('counts a fault as detected and precise when its clause fails and little else does', () => {
    const m = killMatrix([fault('f1', 'ITEM-PAGE-ONE-BASED')], [
      check('main', 'ITEM-PAGE-ONE-BASED', 'passed'),
      check('f1', 'ITEM-PAGE-ONE-BASED', 'failed'),
      check('f1', 'ITEM-PAGING', 'passed'),
    ]);
    expect(m.rows[0]).toMatchObject({ detected: true, precise: true, unrelated: [] });
    expect(m.summary).toBe('detected 1/1 faults, precise 1/1');
  });

  it('reports a missed fault, and one whose failures spread to unrelated clauses', () => {
    const spread = Array.from({ length: MAX_UNRELATED_FAILURES + 1 }, () => check('f2', 'ITEM-PAGING', 'failed'));
    const m = killMatrix([fault('f1', 'ITEM-PAGE-ONE-BASED'), fault('f2', 'ITEM-FILTER-TYPE')], [
      check('f1', 'ITEM-PAGE-ONE-BASED', 'passed'),
      check('f1', 'ITEM-PAGING', 'failed'),
      check('f2', 'ITEM-FILTER-TYPE', 'failed'),
      ...spread,
    ]);
    expect(m.rows.map((r) => [r.detected, r.precise])).toEqual([[false, false], [true, false]]);
    expect(m.summary).toBe('detected 1/2 faults, precise 0/2');
    expect(m.ok).toBe(false);
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
});
