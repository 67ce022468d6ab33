import type { Clause } from './clause.js';
import type { ClauseId } from './clauses.js';

/**
 * The operator kill matrix as data (issue 28 item 3): every fault an operator of mock/faults/operators/
 * generates, and every hand-written fault counted under an operator (mock/faults/operators/hand-written.ts),
 * with whether the self-check caught it. `npm run selfcheck -- --operators` writes contract/operator-kills.json
 * (a partial run merges its rows in), so the coverage page and the certificate read it without running
 * anything (harness/certify/operator-kills.ts reads it; this module stays pure). The spec units come from the clauses at read time: a fault judges the units its clause names.
 */
export interface OperatorKill {
  /** `<operator>:<target>` for a generated fault; the fault's own id for a hand-written one. */
  id: string;
  operator: string;
  clause: ClauseId;
  source: 'generated' | 'hand-written';
  /** Caught by a check of its clause; null: not run since it was added. */
  caught: boolean | null;
  /** Caught with at most two other clauses failing; null when not caught or not run. */
  precise: boolean | null;
}

export interface OperatorKillsFile {
  about: string;
  faults: OperatorKill[];
}

/** What the faults of one operator on one unit show. */
export type CellState = 'judged' | 'survivor' | 'not-run';

export interface UnitOperatorCell {
  faults: OperatorKill[];
  caught: number;
  /** Run and not caught. */
  survivors: OperatorKill[];
  notRun: number;
  /** judged: every fault run and caught; survivor: one run and missed; not-run: none missed, some not run. */
  state: CellState;
}

export interface UnitOperatorRow {
  fingerprint: string;
  sections: string[];
  /** By operator; absent where the operator makes no fault on the unit. */
  cells: Readonly<Record<string, UnitOperatorCell>>;
  /** Judged by every operator that applies to it. */
  judged: boolean;
}

export interface UnitOperatorTable {
  operators: string[];
  /** Units the operators reach, in fingerprint order (the page orders them by the spec). */
  rows: UnitOperatorRow[];
  summary: UnitOperatorSummary;
}

/** The counts the certificate and the page both state. */
export interface UnitOperatorSummary {
  /** Units some fault of an operator reaches. */
  reached: number;
  /** Of those, judged by every operator that applies to them. */
  judged: number;
  /** With a cell that has a survivor. */
  withSurvivor: number;
  /** With no survivor but a fault not run. */
  withNotRun: number;
}

const cellOf = (faults: OperatorKill[]): UnitOperatorCell => {
  const survivors = faults.filter((f) => f.caught === false);
  const notRun = faults.filter((f) => f.caught === null).length;
  return {
    faults,
    caught: faults.filter((f) => f.caught === true).length,
    survivors,
    notRun,
    state: survivors.length ? 'survivor' : notRun ? 'not-run' : 'judged',
  };
};

/**
 * Spec unit × operator: a unit counts as judged by an operator when every fault of that operator on it
 * (generated or hand-written) ran and was caught, and as covered when that holds for every operator that
 * makes a fault on it. Stricter than "one fault caught": a survivor is a place the checks do not look.
 */
export function unitOperatorTable(
  kills: readonly OperatorKill[],
  catalogue: Readonly<Record<ClauseId, Pick<Clause, 'spec' | 'section'>>>,
): UnitOperatorTable {
  const operators = [...new Set(kills.map((k) => k.operator))];
  const byUnit = new Map<string, OperatorKill[]>();
  for (const k of kills)
    for (const fp of catalogue[k.clause]?.spec ?? []) byUnit.set(fp, [...(byUnit.get(fp) ?? []), k]);
  const rows = [...byUnit.keys()].sort().map((fingerprint): UnitOperatorRow => {
    const mine = byUnit.get(fingerprint)!;
    const cells: Record<string, UnitOperatorCell> = {};
    for (const op of operators) {
      const of = mine.filter((k) => k.operator === op);
      if (of.length) cells[op] = cellOf(of);
    }
    return {
      fingerprint,
      // A clause's section may name several places ('§4.5 slots, §7 row 1'): each once.
      sections: [...new Set(mine.flatMap((k) => catalogue[k.clause]!.section.split(/,\s*/)))].sort(),
      cells,
      judged: Object.values(cells).every((c) => c.state === 'judged'),
    };
  });
  const states = (r: UnitOperatorRow) => Object.values(r.cells).map((c) => c.state);
  return {
    operators,
    rows,
    summary: {
      reached: rows.length,
      judged: rows.filter((r) => r.judged).length,
      withSurvivor: rows.filter((r) => states(r).includes('survivor')).length,
      withNotRun: rows.filter((r) => !states(r).includes('survivor') && states(r).includes('not-run')).length,
    },
  };
}

/** The one line the certificate, the console and the page say. */
export function unitOperatorLine(s: UnitOperatorSummary): string {
  return `Spec unit × operator: ${s.judged} of ${s.reached} units the fault operators reach are judged by every operator that applies to them (${s.withSurvivor} with a surviving fault, ${s.withNotRun} with faults not run yet)`;
}
