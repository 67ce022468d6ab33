import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { SerializedError } from 'vitest';
import type { Reporter, TestCase, TestModule, Vitest } from 'vitest/node';
import type { ClauseId } from '../../contract/clauses.js';
import { readJsonl } from '../jsonl.js';
import { redact } from '../redact.js';
import type { RunInfo } from '../run/run-info.js';
import type { CheckResult, RunResults } from './results.js';

/**
 * The conformance project's raw results, in the run's scratch directory: each check as it ends
 * (checks.jsonl, what an interrupted run publishes), and all of them when the run ends
 * (results.json, which the end of the run turns into the outputs).
 */
export const RAW_RESULTS = 'raw-results.json';
export const RAW_CHECKS = 'checks.jsonl';

/** A finished check as the certification counts it; undefined when it did not run (filtered out, pending). */
export function checkResultOf(test: TestCase): CheckResult | undefined {
  const meta = test.meta().conformance;
  const result = test.result();
  if (!meta || result.state === 'pending') return undefined;
  if (result.state === 'skipped' && !meta.outcome) return undefined; // filtered out, never started
  const verdict = result.state === 'failed' ? 'failed' : result.state === 'passed' ? 'passed' : meta.outcome === 'inconclusive' ? 'inconclusive' : 'skipped';
  return {
    clause: meta.clause as ClauseId,
    variant: meta.variant,
    target: meta.target,
    name: test.name,
    file: test.module.relativeModuleId,
    verdict,
    reason: meta.reason ? redact(meta.reason) : undefined,
    errors: result.state === 'failed' ? result.errors.map((e) => redact(e.message)) : undefined,
    observations: meta.observations,
    evidence: meta.evidence,
    shared: meta.shared,
    requests: meta.requests,
    retries: meta.retries,
    durationMs: Math.round(test.diagnostic()?.duration ?? 0),
  };
}

/** The checks that ended so far (an interrupted run's results). */
export function readFinishedChecks(workDir: string): CheckResult[] {
  return readJsonl<CheckResult>(join(workDir, RAW_CHECKS));
}

export default class ResultsReporter implements Reporter {
  private vitest?: Vitest;

  onInit(vitest: Vitest): void {
    this.vitest = vitest;
  }

  private run(): RunInfo | undefined {
    return this.vitest?.projects.find((p) => p.name === 'conformance')?.getProvidedContext().run as RunInfo | undefined;
  }

  onTestCaseResult(test: TestCase): void {
    if (test.project.name !== 'conformance') return;
    const run = this.run();
    const check = checkResultOf(test);
    if (!run || !check) return;
    const file = join(run.runDir, RAW_CHECKS);
    mkdirSync(dirname(file), { recursive: true });
    appendFileSync(file, `${JSON.stringify(check)}\n`);
  }

  onTestRunEnd(modules: ReadonlyArray<TestModule>, unhandled: ReadonlyArray<SerializedError>): void {
    const run = this.run();
    if (!run) return;
    const checks: CheckResult[] = [];
    const runErrors: string[] = unhandled.map((e) => redact(`${e.name ?? 'Error'}: ${e.message}`));
    for (const mod of modules) {
      if (mod.project.name !== 'conformance') continue;
      for (const err of mod.errors()) runErrors.push(redact(`${mod.moduleId}: ${err.message}`));
      for (const test of mod.children.allTests()) {
        const check = checkResultOf(test);
        if (check) checks.push(check);
      }
    }
    // Evidence, budgets and verdicts are keyed by (clause, variant, target): two checks of one key would mix.
    const seen = new Map<string, string>();
    for (const c of checks) {
      const key = `${c.clause} [${c.variant ?? ''}] ${c.target}`;
      const other = seen.get(key);
      if (other && other !== c.file) runErrors.push(`${c.clause}${c.variant ? ` [${c.variant}]` : ''} is registered by both ${other} and ${c.file}: give each check of a clause its own variant`);
      seen.set(key, c.file);
    }
    const results: RunResults = { runId: run.runId, seed: run.seed, startedAt: run.startedAt, finishedAt: new Date().toISOString(), checks, runErrors };
    mkdirSync(run.runDir, { recursive: true });
    writeFileSync(join(run.runDir, RAW_RESULTS), JSON.stringify(results, null, 2));
  }
}
