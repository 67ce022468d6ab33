import { describe, expect, it } from 'vitest';
import { clauses } from '../contract/clauses.js';
import { readOperatorKills } from '../harness/certify/operator-kills.js';
import { unitOperatorLine, unitOperatorTable, type OperatorKill } from '../contract/operator-kills.js';
import { faultIds } from '../mock/faults/index.js';
import { handWrittenOperators } from '../mock/faults/operators/hand-written.js';
import { operatorFaultIds, operators } from '../mock/faults/operators/index.js';
import { coverageLine, specCoverage } from '../harness/certify/coverage.js';
import { coveragePage } from '../harness/outputs/coverage-page.js';
import type { FaultRow } from './selfcheck/kill-matrix.js';
import { mergeOperatorKills, OPERATOR_KILLS_COMMAND, operatorKillFaults } from './selfcheck/operator-kills.js';

const kill = (id: string, operator: string, clause: OperatorKill['clause'], caught: boolean | null): OperatorKill => ({
  id,
  operator,
  clause,
  source: id.includes(':') ? 'generated' : 'hand-written',
  caught,
  precise: caught ? true : null,
});

describe('contract/operator-kills.json', () => {
  const file = readOperatorKills();

  it('holds exactly the faults the operators generate and the hand-written ones counted under them', () => {
    expect(file, `contract/operator-kills.json is missing: run \`${OPERATOR_KILLS_COMMAND}\``).toBeDefined();
    const have = file!.faults.map((k) => `${k.id} ${k.operator} ${k.clause} ${k.source}`);
    const want = operatorKillFaults().map((k) => `${k.id} ${k.operator} ${k.clause} ${k.source}`);
    const missing = want.filter((w) => !have.includes(w));
    const gone = have.filter((h) => !want.includes(h));
    // A target added (or a clause moved) without a run: the message names the command that fills the file.
    expect(
      { missing, gone },
      `contract/operator-kills.json is stale: run \`${OPERATOR_KILLS_COMMAND}\` (or \`${OPERATOR_KILLS_COMMAND} <names>\` for the operators that changed)`,
    ).toEqual({ missing: [], gone: [] });
    expect(file!.faults.filter((k) => k.source === 'generated').map((k) => k.id)).toEqual(operatorFaultIds);
  });

  it('records a result only as the self-check gives it: caught or not, precise only when caught, null when not run', () => {
    for (const k of file?.faults ?? []) {
      expect([true, false, null], k.id).toContain(k.caught);
      if (k.caught !== true) expect(k.precise, k.id).toBeNull();
      else expect(typeof k.precise, k.id).toBe('boolean');
    }
  });
});

describe('hand-written faults counted under an operator', () => {
  it('name hand-written faults of the mock, each under one operator of mock/faults/operators/', () => {
    const all = Object.values(handWrittenOperators).flat();
    expect(all.filter((id) => !(faultIds as readonly string[]).includes(id))).toEqual([]);
    expect(new Set(all).size).toBe(all.length);
    expect(Object.keys(handWrittenOperators).filter((op) => !Object.hasOwn(operators, op))).toEqual([]);
  });
});

describe('merging a run into the kill record', () => {
  const [a, b, c] = operatorKillFaults();
  const row = (id: string, clause: FaultRow['clause'], detected: boolean, precise: boolean): FaultRow => ({
    id,
    clause,
    description: '',
    detected,
    precise,
    killing: [],
    unrelated: [],
    inconclusive: 0,
    unnamed: [],
  });

  it('takes the results of the faults the run judged, keeps the others, and leaves a new one not run', () => {
    const previous: OperatorKill[] = [
      { ...a!, caught: true, precise: true },
      { ...b!, caught: true, precise: false },
      kill('type:gone.field@get', 'type', 'VEHICLE-GET-ENVELOPE', true),
    ];
    const merged = mergeOperatorKills(previous, [row(a!.id, a!.clause, false, false)]);
    expect(merged.map((k) => k.id)).toEqual(operatorKillFaults().map((k) => k.id));
    expect(merged[0]).toMatchObject({ id: a!.id, caught: false, precise: null });
    expect(merged[1]).toMatchObject({ id: b!.id, caught: true, precise: false });
    expect(merged[2]).toMatchObject({ id: c!.id, caught: null, precise: null });
  });

  it('does not keep a result whose fault now names another clause', () => {
    const moved = { ...a!, clause: 'ITEM-PAGING' as const, caught: true, precise: true };
    expect(mergeOperatorKills([moved], [])[0]).toMatchObject({ caught: null, precise: null });
  });
});

describe('spec unit × operator', () => {
  const [u1] = clauses['ITEM-FILTER-TYPE'].spec;
  const kills = [
    kill('filter:items.type:ignored', 'filter', 'ITEM-FILTER-TYPE', true),
    kill('items-type-filter-ignored', 'filter', 'ITEM-FILTER-TYPE', true),
    kill('type:item.itemType@get', 'type', 'ITEM-FILTER-TYPE', false),
    kill('scope:items.company:always', 'scope', 'ITEM-FILTER-TYPE', null),
  ];

  it('counts a cell judged only when every fault of it ran and was caught, a survivor before a fault not run', () => {
    const t = unitOperatorTable(kills, clauses);
    expect(t.operators).toEqual(['filter', 'type', 'scope']);
    const row = t.rows.find((r) => r.fingerprint === u1)!;
    expect(row.cells.filter).toMatchObject({ caught: 2, state: 'judged' });
    expect(row.cells.type).toMatchObject({ caught: 0, state: 'survivor' });
    expect(row.cells.type!.survivors.map((k) => k.id)).toEqual(['type:item.itemType@get']);
    expect(row.cells.scope).toMatchObject({ caught: 0, notRun: 1, state: 'not-run' });
    expect(row.judged).toBe(false);
    const judgedOnly = unitOperatorTable(kills.slice(0, 2), clauses);
    expect(judgedOnly.summary).toEqual({
      reached: clauses['ITEM-FILTER-TYPE'].spec.length,
      judged: clauses['ITEM-FILTER-TYPE'].spec.length,
      withSurvivor: 0,
      withNotRun: 0,
    });
    expect(t.summary.withSurvivor).toBe(t.summary.reached);
    expect(unitOperatorLine(t.summary)).toContain(`0 of ${t.summary.reached} units`);
  });
});

describe('the count the harness states about itself', () => {
  it('is on the coverage page\'s "about this harness" part, never in the certificate (issue 36 case 6)', () => {
    const file = readOperatorKills();
    expect(file).toBeDefined();
    const summary = unitOperatorTable(file!.faults, clauses).summary;
    const coverage = specCoverage(undefined);
    expect(coverage.operators).toBeUndefined();
    const line = unitOperatorLine(summary);
    // certification.md and the console's end lines both print coverageLine: about the spec, not the harness's faults.
    expect(coverageLine(coverage)).not.toContain('operator');
    const page = coveragePage({ verdicts: new Map(), units: undefined, runLabel: 'x' });
    const about = /<section id="about-harness"[\s\S]*<\/section>/.exec(page)?.[0] ?? '';
    expect(about).toContain(`<p id="unit-operators-line">${line.replace(/&/g, '&amp;')}.</p>`);
  });
});
