import { writeFileSync } from 'node:fs';
import type { ClauseId } from '../../contract/clauses.js';
import type { OperatorKill, OperatorKillsFile } from '../../contract/operator-kills.js';
import { OPERATOR_KILLS_FILE } from '../../harness/certify/operator-kills.js';
import { faultDef } from '../../mock/faults/index.js';
import { handWrittenOperators } from '../../mock/faults/operators/hand-written.js';
import { operatorFaultIds, operatorOf, operators } from '../../mock/faults/operators/index.js';
import type { FaultRow } from './kill-matrix.js';

/** The command that fills contract/operator-kills.json. */
export const OPERATOR_KILLS_COMMAND = 'npm run selfcheck -- --operators';

const ABOUT =
  'The operator kill matrix (issue 28): each fault an operator of mock/faults/operators/ generates, and each ' +
  'hand-written fault counted under an operator (mock/faults/operators/hand-written.ts), with whether the ' +
  `self-check caught it (null: not run yet). Written by \`${OPERATOR_KILLS_COMMAND}\` (a run of some operators ` +
  'merges its rows in); read by the coverage page and the certificate. Do not edit by hand.';

/** Every fault of an operator, generated then hand-written, in operator order: the ids the file must hold. */
export function operatorKillFaults(): Omit<OperatorKill, 'caught' | 'precise'>[] {
  const generatedRows = operatorFaultIds.map((id) => ({
    id,
    operator: operatorOf(id),
    clause: faultDef(id)!.clause as ClauseId,
    source: 'generated' as const,
  }));
  const handWritten = Object.keys(operators).flatMap((operator) =>
    (handWrittenOperators[operator] ?? []).map((id) => ({
      id,
      operator,
      clause: faultDef(id)!.clause as ClauseId,
      source: 'hand-written' as const,
    })),
  );
  return [...generatedRows, ...handWritten];
}

/** The hand-written faults counted under the operators named: they run beside the generated ones. */
export const handWrittenOf = (wanted: readonly string[]): string[] =>
  wanted.flatMap((op) => [...(handWrittenOperators[op] ?? [])]);

/**
 * The file after a run: each fault the run judged takes its result, each other keeps the one it had
 * (when its operator and clause are unchanged), a fault new since is not run, and one gone is dropped.
 */
export function mergeOperatorKills(previous: readonly OperatorKill[], ran: readonly FaultRow[]): OperatorKill[] {
  const judged = new Map(ran.map((r) => [r.id, r]));
  const before = new Map(previous.map((k) => [k.id, k]));
  return operatorKillFaults().map((f): OperatorKill => {
    const r = judged.get(f.id);
    if (r) return { ...f, caught: r.detected, precise: r.detected ? r.precise : null };
    const old = before.get(f.id);
    if (old && old.operator === f.operator && old.clause === f.clause)
      return { ...f, caught: old.caught, precise: old.precise };
    return { ...f, caught: null, precise: null };
  });
}

export function operatorKillsJson(faults: OperatorKill[]): string {
  const file: OperatorKillsFile = { about: ABOUT, faults };
  return `${JSON.stringify(file, null, 2)}\n`;
}

export function writeOperatorKills(faults: OperatorKill[], file = OPERATOR_KILLS_FILE): void {
  writeFileSync(file, operatorKillsJson(faults));
}
