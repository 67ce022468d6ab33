import { clauseIds, isStrict, type ClauseId } from '../../contract/clauses.js';
import type { CheckOutcome } from '../../harness/core/events.js';
import { techniqueScope, type Technique, type TechniqueResource } from '../../contract/techniques.js';

/** How many checks of other clauses may fail under a fault before the diagnosis counts as imprecise. */
export const MAX_UNRELATED_FAILURES = 2;

export interface FaultInfo {
  id: string;
  clause: ClauseId;
  description: string;
  technique?: { name: Technique; resource: TechniqueResource };
}

/** One cell of the technique table: the faults that prove a technique where it applies. */
export interface TechniqueCell {
  technique: Technique;
  resource: TechniqueResource;
  faults: string[];
}

/**
 * Technique × resource: for each pair techniqueScope lists, the faults of the whole catalogue
 * tagged with it. A pair without a fault is a technique nobody proved able to fail there.
 */
export function techniqueTable(catalogue: readonly FaultInfo[]): {
  cells: TechniqueCell[];
  unproven: string[];
  untracked: string[];
} {
  const cells: TechniqueCell[] = [];
  for (const [technique, resources] of Object.entries(techniqueScope) as [Technique, readonly TechniqueResource[]][]) {
    for (const resource of resources) {
      const faults = catalogue
        .filter((f) => f.technique?.name === technique && f.technique.resource === resource)
        .map((f) => f.id);
      cells.push({ technique, resource, faults });
    }
  }
  const unproven = cells.filter((c) => c.faults.length === 0).map((c) => `${c.technique} × ${c.resource}`);
  // A fault tagged with a pair the scope does not list: the scope is out of date.
  const untracked = catalogue
    .filter(
      (f) => f.technique && !(techniqueScope[f.technique.name] as readonly string[]).includes(f.technique.resource),
    )
    .map((f) => `${f.id} (${f.technique!.name} × ${f.technique!.resource})`);
  return { cells, unproven, untracked };
}

export interface FaultRow extends FaultInfo {
  detected: boolean;
  precise: boolean;
  /** Failing checks of the faulted clause. */
  killing: string[];
  /** Failing checks of other clauses. */
  unrelated: string[];
  inconclusive: number;
}

export interface KillMatrix {
  rows: FaultRow[];
  /** Failing checks against the conforming mock: must be none. */
  cleanFailures: string[];
  /** Strict clauses that no fault targets. */
  clausesWithoutFault: ClauseId[];
  /** Technique × resource pairs of contract/techniques.ts without a fault, and faults tagged outside it. */
  techniques: ReturnType<typeof techniqueTable>;
  summary: string;
  ok: boolean;
}

const firstError = (c: CheckOutcome) => c.error ?? c.failures?.[0]?.message;
const label = (c: CheckOutcome) =>
  `${c.key} (${c.file})${firstError(c) ? `: ${firstError(c)!.split('\n')[0]!.slice(0, 200)}` : ''}`;

/** Fault × clause: detected when a check of the faulted clause fails; precise when little else does. */
/** `catalogue`: every fault the mock has, so a subset run still judges clause coverage by all of them. */
export function killMatrix(
  faults: readonly FaultInfo[],
  checks: readonly CheckOutcome[],
  catalogue: readonly FaultInfo[] = faults,
  cleanTarget = 'main',
): KillMatrix {
  const byTarget = new Map<string, CheckOutcome[]>();
  for (const c of checks) byTarget.set(c.target, [...(byTarget.get(c.target) ?? []), c]);
  const rows = faults.map((f): FaultRow => {
    const mine = byTarget.get(f.id) ?? [];
    const failing = mine.filter((c) => c.verdict === 'failed');
    const killing = failing.filter((c) => c.clause === f.clause).map(label);
    const unrelated = failing.filter((c) => c.clause !== f.clause).map(label);
    return {
      ...f,
      detected: killing.length > 0,
      precise: killing.length > 0 && unrelated.length <= MAX_UNRELATED_FAILURES,
      killing,
      unrelated,
      inconclusive: mine.filter((c) => c.verdict === 'inconclusive').length,
    };
  });
  const cleanFailures = (byTarget.get(cleanTarget) ?? []).filter((c) => c.verdict === 'failed').map(label);
  const targeted = new Set(catalogue.map((f) => f.clause));
  const clausesWithoutFault = clauseIds.filter((id) => isStrict(id) && !targeted.has(id));
  const detected = rows.filter((r) => r.detected).length;
  const precise = rows.filter((r) => r.precise).length;
  const summary = `detected ${detected}/${rows.length} faults, precise ${precise}/${rows.length}`;
  const table = techniqueTable(catalogue);
  const covered = clausesWithoutFault.length === 0 && table.unproven.length === 0 && table.untracked.length === 0;
  return {
    rows,
    cleanFailures,
    clausesWithoutFault,
    techniques: table,
    summary,
    ok: detected === rows.length && precise === rows.length && cleanFailures.length === 0 && covered,
  };
}

export function killMatrixMarkdown(m: KillMatrix, scope: string): string {
  const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');
  const lines = [
    `# Fault self-check: ${m.summary}`,
    '',
    `Scope: ${scope}. Verdict: ${m.ok ? 'PASS' : 'FAIL'}.`,
    '',
    `- Failures against the conforming mock: ${m.cleanFailures.length}`,
    ...m.cleanFailures.map((f) => `  - ${cell(f)}`),
    `- Strict clauses without a fault: ${m.clausesWithoutFault.length ? m.clausesWithoutFault.join(', ') : 'none'}`,
    `- Technique × resource pairs without a fault: ${m.techniques.unproven.length ? m.techniques.unproven.join(', ') : 'none'}`,
    ...(m.techniques.untracked.length
      ? [`- Faults tagged with a pair contract/techniques.ts does not list: ${m.techniques.untracked.join(', ')}`]
      : []),
    '',
    '## Techniques',
    '',
    '| Technique | Resource | Faults that prove it (detected in this run: ✓, missed: ✗, not run: ·) | Checks that caught them |',
    '|---|---|---|---|',
    ...m.techniques.cells.map((c) => {
      const rows = c.faults.map((id) => m.rows.find((r) => r.id === id));
      const marks = c.faults.map((id, i) => `${id} ${rows[i] ? (rows[i]!.detected ? '✓' : '✗') : '·'}`);
      const checks = [...new Set(rows.flatMap((r) => (r ? r.killing.map((k) => k.split(' (')[0]!) : [])))];
      return `| ${c.technique} | ${c.resource} | ${cell(marks.join('<br>')) || '**none**'} | ${cell(checks.join('<br>'))} |`;
    }),
    '',
    '## Faults',
    '',
    '| Fault | Clause | Detected | Precise | Failing checks of the clause | Other failing checks |',
    '|---|---|---|---|---|---|',
    ...m.rows.map(
      (r) =>
        `| ${r.id} | ${r.clause} | ${r.detected ? 'yes' : '**MISSED**'} | ${r.precise ? 'yes' : '**no**'} | ${cell(r.killing.join('<br>'))} | ${cell(r.unrelated.join('<br>'))} |`,
    ),
    '',
  ];
  return lines.join('\n');
}

/** One operator's line of the kill matrix over generated faults (mock/faults/operators/). */
export interface OperatorLine {
  operator: string;
  generated: number;
  caught: number;
  precise: number;
  /** `<target> (clause)` of each generated fault no check of its clause caught. */
  survivors: string[];
  /** Caught, but with more other clauses failing than MAX_UNRELATED_FAILURES allows. */
  imprecise: string[];
}

/** Per operator: faults generated, caught (a check of the fault's clause failed), caught precisely. */
export function operatorTable(rows: readonly FaultRow[]): OperatorLine[] {
  const by = new Map<string, FaultRow[]>();
  for (const r of rows) {
    const op = r.id.split(':')[0]!;
    by.set(op, [...(by.get(op) ?? []), r]);
  }
  return [...by].map(([operator, rs]) => ({
    operator,
    generated: rs.length,
    caught: rs.filter((r) => r.detected).length,
    precise: rs.filter((r) => r.precise).length,
    survivors: rs.filter((r) => !r.detected).map((r) => `${r.id.slice(operator.length + 1)} (${r.clause})`),
    imprecise: rs
      .filter((r) => r.detected && !r.precise)
      .map((r) => `${r.id.slice(operator.length + 1)} (${r.clause})`),
  }));
}

export function operatorTableMarkdown(
  lines: readonly OperatorLine[],
  unreached: readonly { operator: string; target: string; why: string }[],
): string {
  const total = (k: 'generated' | 'caught' | 'precise') => lines.reduce((n, l) => n + l[k], 0);
  return [
    '## Operators',
    '',
    '| Operator | Generated | Caught | Caught precisely | Survivors (target, clause) |',
    '|---|---:|---:|---:|---|',
    ...lines.map(
      (l) =>
        `| ${l.operator} | ${l.generated} | ${l.caught} | ${l.precise} | ${l.survivors.join('<br>').replace(/\|/g, '\\|') || 'none'} |`,
    ),
    `| **all** | ${total('generated')} | ${total('caught')} | ${total('precise')} | |`,
    '',
    '### Targets an operator does not reach',
    '',
    '| Operator | Target | Why |',
    '|---|---|---|',
    ...unreached.map((u) => `| ${u.operator} | ${u.target} | ${u.why.replace(/\|/g, '\\|')} |`),
    '',
  ].join('\n');
}

/**
 * Coverage that means judged: clause × operator, each cell the generated faults of that operator on
 * that clause caught of those run (`3/3`), so a clause counts as covered by an operator only where
 * its faults were caught.
 */
export function clauseOperatorMarkdown(rows: readonly FaultRow[]): string {
  const ops = [...new Set(rows.map((r) => r.id.split(':')[0]!))];
  const clauses = [...new Set(rows.map((r) => r.clause))].sort();
  const cell = (clause: string, op: string) => {
    const mine = rows.filter((r) => r.clause === clause && r.id.startsWith(`${op}:`));
    if (!mine.length) return '·';
    const caught = mine.filter((r) => r.detected).length;
    return caught === mine.length ? `${caught}/${mine.length}` : `**${caught}/${mine.length}**`;
  };
  return [
    '## Clause × operator (generated faults caught / run)',
    '',
    `| Clause | ${ops.join(' | ')} |`,
    `|---|${ops.map(() => '---:').join('|')}|`,
    ...clauses.map((c) => `| ${c} | ${ops.map((op) => cell(c, op)).join(' | ')} |`),
    '',
  ].join('\n');
}
