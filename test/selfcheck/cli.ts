import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { faults, faultIds, type FaultDef } from '../../mock/faults/index.js';
import type { CheckOutcome } from '../../harness/core/events.js';
import { killMatrix, killMatrixMarkdown, type FaultInfo } from './kill-matrix.js';
import { runSuites } from '../../harness/run/run-suites.js';

export interface SelfcheckOptions {
  /** Comma-separated fault ids. */
  faults?: string;
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
}

class SelfcheckUsage extends Error {}

/**
 * The mocks show every write at once, so a read after a write never needs the live window; only
 * the faults that hide a write wait it out, and they are caught as surely after 2 s as after 10.
 */
const SELFCHECK_WINDOW_MS = 2_000;

function selected(args: SelfcheckOptions): string[] {
  if (args.faults) {
    const list = args.faults
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const unknown = list.filter((f) => !faultIds.includes(f as never));
    if (unknown.length)
      throw new SelfcheckUsage(`unknown fault(s): ${unknown.join(', ')} (see partner-conformance mock --list-faults)`);
    return list;
  }
  if (args.subset) {
    // A rotating subset "k/n": the faults whose index ≡ k (mod n); used to keep `npm test` short.
    const m = /^(\d+)\/(\d+)$/.exec(args.subset);
    if (!m || Number(m[1]) >= Number(m[2])) throw new SelfcheckUsage('--subset takes k/n with 0 <= k < n');
    return faultIds.filter((_, i) => i % Number(m[2]) === Number(m[1]));
  }
  return [...faultIds];
}

/**
 * `partner-conformance selfcheck` (`npm run selfcheck`): runs the suites against one mock per
 * fault and proves each fault is caught, precisely. Writes selfcheck.json and selfcheck.md into
 * the reports directory. 0 only when every fault is detected and precise, the conforming mock has
 * no failure, and every strict clause has a fault; 1 otherwise; 2 on a usage error.
 */
export async function selfcheck(args: SelfcheckOptions): Promise<number> {
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
  }
  const info = (id: string): FaultInfo => {
    const f: FaultDef = faults[id as keyof typeof faults];
    return { id, clause: f.clause, description: f.description, ...(f.technique ? { technique: f.technique } : {}) };
  };
  const infos = chosen.map(info);
  const scope = `${chosen.length === faultIds.length ? `all ${faultIds.length} faults` : `${chosen.length} of ${faultIds.length} faults (${args.subset ? `subset ${args.subset}` : 'chosen'})`}${args.frugal ? ', frugal' : ''}`;
  const matrix = killMatrix(infos, checks, faultIds.map(info));
  mkdirSync(out, { recursive: true });
  writeFileSync(
    join(out, 'selfcheck.json'),
    JSON.stringify({ scope, seconds: Math.round((Date.now() - started) / 1000), ...matrix }, null, 2),
  );
  writeFileSync(join(out, 'selfcheck.md'), killMatrixMarkdown(matrix, scope));
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
  console.log(
    `${matrix.summary} (${scope}, ${Math.round((Date.now() - started) / 1000)} s) → ${join(out, 'selfcheck.md')}`,
  );
  return matrix.ok ? 0 : 1;
}
