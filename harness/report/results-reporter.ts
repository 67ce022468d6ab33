import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Reporter, TestModule, Vitest } from 'vitest/node';
import type { SerializedError } from 'vitest';
import type { ClauseId } from '../../contract/clauses.js';
import { redact } from '../redact.js';
import type { RunInfo } from '../run/run-info.js';
import { buildCertification, certificationMarkdown } from './certification.js';
import type { CheckResult, RunResults } from './results.js';
import { summarizeRun } from './run-summary.js';

/** Turns the conformance project's test results into results.json and the certification files. */
export default class ResultsReporter implements Reporter {
  private vitest?: Vitest;

  onInit(vitest: Vitest): void {
    this.vitest = vitest;
  }

  onTestRunEnd(modules: ReadonlyArray<TestModule>, unhandled: ReadonlyArray<SerializedError>): void {
    const project = this.vitest?.projects.find((p) => p.name === 'conformance');
    const run = project?.getProvidedContext().run as RunInfo | undefined;
    if (!run) return;
    const checks: CheckResult[] = [];
    const runErrors: string[] = unhandled.map((e) => redact(`${e.name ?? 'Error'}: ${e.message}`));
    for (const mod of modules) {
      if (mod.project.name !== 'conformance') continue;
      for (const err of mod.errors()) runErrors.push(redact(`${mod.moduleId}: ${err.message}`));
      for (const test of mod.children.allTests()) {
        const meta = test.meta().conformance;
        const result = test.result();
        if (!meta || result.state === 'pending') continue;
        const verdict = result.state === 'failed' ? 'failed' : result.state === 'passed' ? 'passed' : meta.outcome === 'inconclusive' ? 'inconclusive' : 'skipped';
        if (result.state === 'skipped' && !meta.outcome) continue; // filtered out, never started
        checks.push({
          clause: meta.clause as ClauseId,
          variant: meta.variant,
          target: meta.target,
          name: test.name,
          file: mod.relativeModuleId,
          verdict,
          reason: meta.reason ? redact(meta.reason) : undefined,
          errors: result.state === 'failed' ? result.errors.map((e) => redact(e.message)) : undefined,
          observations: meta.observations,
          evidence: meta.evidence,
          shared: meta.shared,
          requests: meta.requests,
          retries: meta.retries,
          durationMs: Math.round(test.diagnostic()?.duration ?? 0),
        });
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
    mkdirSync(run.reportsDir, { recursive: true });
    writeFileSync(join(run.runDir, 'results.json'), JSON.stringify(results, null, 2));
    // No check ran (a selection that matches nothing): no certification at all, never an empty one.
    if (!run.targets.some((t) => t.id === 'main') || checks.length === 0) return;
    // The CLI rewrites these with its configuration, baseline and bundle; plain vitest runs keep these.
    const cert = buildCertification(summarizeRun(run), results);
    writeFileSync(join(run.reportsDir, 'certification.json'), redact(JSON.stringify(cert, null, 2)));
    writeFileSync(join(run.reportsDir, 'certification.md'), redact(certificationMarkdown(cert)));
  }
}
