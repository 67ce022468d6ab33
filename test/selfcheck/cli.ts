import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { faultDef, faultIds, isKnownFault, type FaultDef } from '../../mock/faults/index.js';
import {
  knownSurvivors,
  operatorFaultIds,
  operatorOf,
  operators,
  unreachedTargets,
} from '../../mock/faults/operators/index.js';
import type { CheckOutcome } from '../../harness/core/events.js';
import {
  clauseOperatorMarkdown,
  unitOperatorMarkdown,
  killMatrix,
  killMatrixMarkdown,
  isGenerated,
  operatorTable,
  operatorTableMarkdown,
  type FaultInfo,
} from './kill-matrix.js';
import { runSuites } from '../../harness/run/run-suites.js';
import { OPERATOR_KILLS_FILE, readOperatorKills } from '../../harness/certify/operator-kills.js';
import { handWrittenOf, mergeOperatorKills, writeOperatorKills } from './operator-kills.js';

export interface SelfcheckOptions {
  /** Comma-separated fault ids. */
  faults?: string;
  /** Run the faults the operators generate: 'all', or comma-separated operator names. */
  operators?: string;
  /** A rotating sample k/n of the generated faults (known survivors aside) run beside the chosen ones. */
  withOperators?: string;
  /** A rotating subset k/n. */
  subset?: string;
  batch?: number;
  /** Run as against a rate-limited target: the trimmed property runs and sampled matrices must still kill every fault. */
  frugal?: boolean;
  reportsDir: string;
  /** Certify the generated family (test/family/): a count (seeds 1..N) or a list/range of seeds. */
  family?: string;
  /** Run the faults (or --faults) on these family members: a count or a list/range of seeds. */
  familyFaults?: string;
  /** With family or familyFaults: run at this date (ISO 8601), the clocks of the run, mock and members moved to it. */
  at?: string;
  /** With familyFaults: each fault on one member in turn, not on every member. */
  spread?: boolean;
  /** Print every silence of the catalogue beside the spec with the family dimension or reason that covers it. */
  silences?: boolean;
  /** With silences: the spec whose folder holds silences.md (--spec; else SPEC_PATH or the shared copy). */
  spec?: string;
}

class SelfcheckUsage extends Error {}

/**
 * The mocks show every write at once, so a read after a write never needs the live window; only
 * the faults that hide a write wait it out, and they are caught as surely after 2 s as after 10.
 */
const SELFCHECK_WINDOW_MS = 2_000;

/**
 * The faults of the operators named ('all': every operator): those they generate, then the hand-written
 * faults counted under them (mock/faults/operators/hand-written.ts), so one run fills the unit × operator coverage.
 */
function operatorPool(names: string): string[] {
  const wanted =
    names === 'all'
      ? Object.keys(operators)
      : names
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean);
  const unknown = wanted.filter((n) => !Object.hasOwn(operators, n));
  if (unknown.length)
    throw new SelfcheckUsage(
      `unknown operator(s): ${unknown.join(', ')} (known: ${Object.keys(operators).join(', ')})`,
    );
  return [...operatorFaultIds.filter((id) => wanted.includes(operatorOf(id))), ...handWrittenOf(wanted)];
}

const kOfN = (flag: string, v: string): [number, number] => {
  const m = /^(\d+)\/(\d+)$/.exec(v);
  if (!m || Number(m[1]) >= Number(m[2])) throw new SelfcheckUsage(`${flag} takes k/n with 0 <= k < n`);
  return [Number(m[1]), Number(m[2])];
};

/** The generated faults of sample k/n, the known survivors aside (they are reported, not expected caught). */
function operatorSample(v: string): string[] {
  const [k, n] = kOfN('--with-operators', v);
  return operatorFaultIds.filter((id) => !Object.hasOwn(knownSurvivors, id)).filter((_, i) => i % n === k);
}

function selected(args: SelfcheckOptions): string[] {
  return [...chosenOf(args), ...(args.withOperators ? operatorSample(args.withOperators) : [])];
}

function chosenOf(args: SelfcheckOptions): string[] {
  const pool = args.operators ? operatorPool(args.operators) : faultIds;
  if (args.faults) {
    const list = args.faults
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const unknown = list.filter((f) => !isKnownFault(f));
    if (unknown.length)
      throw new SelfcheckUsage(`unknown fault(s): ${unknown.join(', ')} (see partner-conformance mock --list-faults)`);
    return list;
  }
  if (args.subset) {
    // A rotating subset "k/n": the faults whose index ≡ k (mod n); used to keep `npm test` short.
    const m = /^(\d+)\/(\d+)$/.exec(args.subset);
    if (!m || Number(m[1]) >= Number(m[2])) throw new SelfcheckUsage('--subset takes k/n with 0 <= k < n');
    return pool.filter((_, i) => i % Number(m[2]) === Number(m[1]));
  }
  return [...pool];
}

/**
 * `partner-conformance selfcheck` (`npm run selfcheck`): runs the suites against one mock per
 * fault and proves each fault is caught, precisely. Writes selfcheck.json and selfcheck.md into
 * the reports directory. 0 only when every fault is detected and precise, the conforming mock has
 * no failure, and every strict clause has a fault; 1 otherwise; 2 on a usage error.
 */
export async function selfcheck(args: SelfcheckOptions): Promise<number> {
  if (args.silences) return (await import('../family/silences.js')).silencesCommand({ spec: args.spec });
  if (args.family !== undefined || args.familyFaults !== undefined) {
    const { familyCommand } = await import('../family/command.js');
    return familyCommand(args);
  }
  let chosen: string[];
  try {
    chosen = selected(args);
  } catch (err) {
    if (!(err instanceof SelfcheckUsage)) throw err;
    console.error(`Configuration error: selfcheck: ${err.message}`);
    return 2;
  }

  const batchSize = Math.max(1, Number(args.batch ?? 40));
  const out = resolve(args.reportsDir);
  const started = Date.now();
  const checks: CheckOutcome[] = [];
  for (let i = 0; i < chosen.length || i === 0; i += batchSize) {
    const batch = chosen.slice(i, i + batchSize);
    console.log(`selfcheck: batch ${i / batchSize + 1}: conforming mock + ${batch.length} faulted mocks`);
    const results = await runSuites({
      faults: batch,
      reportsDir: join(out, '.selfcheck', String(i / batchSize)),
      frugal: args.frugal,
      consistencyWindowMs: SELFCHECK_WINDOW_MS,
    });
    // The conforming mock runs in every batch; keep its results from the first only.
    checks.push(...results.checks.filter((c) => c.target !== 'main' || i === 0));
    if (results.runErrors.length) {
      checks.push(
        ...results.runErrors.map((e): CheckOutcome => ({
          key: 'run error',
          clause: 'AUTH-TOKEN-REQUIRED',
          target: 'main',
          name: 'run error',
          file: '',
          verdict: 'errored',
          error: { name: 'run error', message: e },
          cause: { kind: 'harness-error', message: e },
          observations: [],
          evidence: [],
          cited: [],
          shared: [],
          waits: [],
          requests: 0,
          retries: 0,
          startedAt: '',
          durationMs: 0,
        })),
      );
    }
    if (chosen.length === 0) break;
    // A long run (the whole operator matrix) leaves what it has so far, should it be stopped.
    const done = chosen.slice(0, i + batch.length).map((id) => ({ id, clause: faultDef(id)!.clause, description: '' }));
    mkdirSync(out, { recursive: true });
    writeFileSync(
      join(out, `${args.operators ? 'selfcheck-operators' : 'selfcheck'}.progress.json`),
      JSON.stringify({ seconds: Math.round((Date.now() - started) / 1000), ...killMatrix(done, checks) }, null, 2),
    );
  }
  const info = (id: string): FaultInfo => {
    const f: FaultDef = faultDef(id)!;
    return { id, clause: f.clause, description: f.description, ...(f.technique ? { technique: f.technique } : {}) };
  };
  const infos = chosen.map(info);
  const pool = args.operators ? operatorPool(args.operators) : faultIds;
  const kind = args.operators ? 'faults (generated, and hand-written ones counted under an operator)' : 'faults';
  const scope = `${chosen.length === pool.length ? `all ${pool.length} ${kind}` : `${chosen.length} of ${pool.length} ${kind} (${args.subset ? `subset ${args.subset}` : 'chosen'})`}${args.operators ? ` of operators ${args.operators}` : ''}${args.withOperators ? `, with generated-fault sample ${args.withOperators}` : ''}${args.frugal ? ', frugal' : ''}`;
  // Clause and technique coverage stay judged by the hand-written catalogue, whatever ran.
  const matrix = killMatrix(infos, checks, faultIds.map(info));
  const seconds = Math.round((Date.now() - started) / 1000);
  mkdirSync(out, { recursive: true });
  // Generated faults report beside the hand-written ones (selfcheck-operators.*), never over them.
  const base = args.operators ? 'selfcheck-operators' : 'selfcheck';
  // The operator table counts generated faults; the unit × operator tables count the hand-written ones too.
  const byOperator = args.operators ? operatorTable(matrix.rows.filter((r) => isGenerated(r.id))) : undefined;
  writeFileSync(
    join(out, `${base}.json`),
    JSON.stringify({ scope, seconds, operators: byOperator, ...matrix }, null, 2),
  );
  writeFileSync(
    join(out, `${base}.md`),
    killMatrixMarkdown(matrix, scope) +
      (byOperator
        ? `\n${clauseOperatorMarkdown(matrix.rows)}\n${unitOperatorMarkdown(matrix.rows)}\n${operatorTableMarkdown(
            byOperator,
            unreachedTargets.filter((u) => chosen.some((id) => operatorOf(id) === u.operator)),
          )}`
        : ''),
  );
  // The committed record the coverage page reads (normal mode only: a frugal run proves something else).
  if (args.operators && !args.frugal) {
    const kills = mergeOperatorKills(readOperatorKills()?.faults ?? [], matrix.rows);
    writeOperatorKills(kills);
    const run = kills.filter((k) => k.caught !== null).length;
    console.log(`  operator kills: ${run} of ${kills.length} faults run so far → ${OPERATOR_KILLS_FILE}`);
  }
  for (const l of byOperator ?? []) {
    console.log(
      `  operator ${l.operator}: generated ${l.generated}, caught ${l.caught}, caught precisely ${l.precise}`,
    );
    for (const s of l.survivors) console.log(`    survivor ${l.operator}:${s}`);
    for (const s of l.imprecise) console.log(`    imprecise ${l.operator}:${s}`);
  }
  for (const r of matrix.rows.filter((x) => !x.detected || !x.precise)) {
    console.log(
      `  ${r.detected ? 'imprecise' : 'MISSED'}: ${r.id} (${r.clause})${r.unrelated.length ? `; other failures: ${r.unrelated.join('; ')}` : ''}`,
    );
  }
  for (const f of matrix.cleanFailures) console.log(`  failure against the conforming mock: ${f}`);
  if (matrix.clausesWithoutFault.length)
    console.log(`  strict clauses without a fault: ${matrix.clausesWithoutFault.join(', ')}`);
  if (matrix.techniques.unproven.length)
    console.log(`  techniques without a fault: ${matrix.techniques.unproven.join(', ')}`);
  if (matrix.techniques.untracked.length)
    console.log(`  faults tagged outside contract/techniques.ts: ${matrix.techniques.untracked.join(', ')}`);
  console.log(`${matrix.summary} (${scope}, ${seconds} s) → ${join(out, `${base}.md`)}`);
  return matrix.ok ? 0 : 1;
}
