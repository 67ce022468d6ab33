import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { clauseIds, clauses, type ClauseId } from '../../contract/clauses.js';
import type { Clause } from '../../contract/clause.js';
import type { Observation } from '../check/types.js';
import type { CheckResult, RunResults } from './results.js';
import type { RunSummary } from './run-summary.js';
import type { Certification, ClauseReport, ClauseVerdict, RunVerdict } from './types.js';
import { coverageLine, specCoverage } from './coverage.js';

export type { Certification, ClauseReport, ClauseVerdict, RunVerdict } from './types.js';
export { clauseVerdicts } from './types.js';





const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

export function harnessVersion(): { name: string; version: string } {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { name: string; version: string };
  return { name: pkg.name, version: pkg.version };
}

/** The spec a run certifies against, hashed; `null` when the file is not there. */
export function specInfo(file: string): { file: string; sha256: string | null } {
  if (!existsSync(file)) return { file, sha256: null };
  return { file, sha256: createHash('sha256').update(readFileSync(file)).digest('hex') };
}

/** Worst-first: one failing check fails the clause; skips count only when nothing ran. */
export function clauseVerdict(clause: Clause, checks: readonly CheckResult[]): { verdict: ClauseVerdict; reason?: string } {
  if (clause.notTestable) return { verdict: 'not-testable', reason: clause.notTestable };
  if (checks.length === 0) return { verdict: 'not-run', reason: 'no check of this clause ran (filtered out or sharded away)' };
  if (clause.strictness === 'observed') {
    if (checks.some((c) => c.verdict === 'passed')) return { verdict: 'observed' };
    // An observation never fails a run: one that broke or got no answer recorded nothing.
    const why = checks.map((c) => c.reason ?? c.errors?.[0]?.split('\n')[0]).find(Boolean);
    return { verdict: checks.some((c) => c.verdict === 'skipped') && !checks.some((c) => c.verdict !== 'skipped') ? 'skipped' : 'inconclusive', reason: why };
  }
  if (checks.some((c) => c.verdict === 'failed')) return { verdict: 'failed' };
  const inconclusive = checks.find((c) => c.verdict === 'inconclusive');
  if (inconclusive) return { verdict: 'inconclusive', reason: inconclusive.reason };
  if (checks.some((c) => c.verdict === 'passed')) return { verdict: 'passed' };
  return { verdict: 'skipped', reason: [...new Set(checks.map((c) => c.reason).filter(Boolean))].join('; ') };
}

/** Strict clauses by verdict: the only ones that decide the run (observed ones are counted apart). */
export function strictSummary(clauses: readonly Pick<ClauseReport, 'strictness' | 'notTestable' | 'verdict'>[]): Record<ClauseVerdict, number> {
  const out = emptySummary();
  for (const c of clauses) if (c.strictness === 'strict' && !c.notTestable) out[c.verdict] += 1;
  return out;
}

/**
 * CONFORMANT only on evidence: at least one strict clause passed and none failed or inconclusive.
 * A run that judged no strict clause at all is inconclusive, never conformant.
 */
export function runVerdict(strict: Record<ClauseVerdict, number>, runErrors: readonly string[]): RunVerdict {
  if (strict.failed > 0 || runErrors.length > 0) return 'non-conformant';
  if (strict.inconclusive > 0 || strict.passed === 0) return 'inconclusive';
  return 'conformant';
}

/** Why a run is inconclusive, in one line: the strict clauses that could not be judged, or none judged at all. */
export function inconclusiveCause(c: Pick<Certification, 'clauses' | 'strictSummary'>): string | undefined {
  const open = c.clauses.filter((x) => x.strictness === 'strict' && x.verdict === 'inconclusive');
  if (open.length) {
    const reasons = [...new Set(open.map((x) => x.reason ?? 'no reason given'))];
    return `${open.length} strict clause(s) could not be judged: ${reasons.slice(0, 3).join('; ')}${reasons.length > 3 ? `; and ${reasons.length - 3} more reasons` : ''}`;
  }
  if (c.strictSummary.passed === 0) return 'no strict clause was judged';
  return undefined;
}

const emptySummary = (): Record<ClauseVerdict, number> => ({ passed: 0, failed: 0, inconclusive: 0, skipped: 0, observed: 0, 'not-testable': 0, 'not-run': 0 });

export function buildCertification(run: RunSummary, results: RunResults, targetId = 'main'): Certification {
  const mine = results.checks.filter((c) => c.target === targetId);
  const summary = emptySummary();
  const observations: Certification['observations'] = [];
  const reports = clauseIds.map((id): ClauseReport => {
    const clause: Clause = clauses[id];
    const checks = mine.filter((c) => c.clause === id);
    const { verdict, reason } = clauseVerdict(clause, checks);
    summary[verdict] += 1;
    for (const c of checks) for (const o of c.observations as Observation[]) observations.push({ clause: id, check: c.name, name: o.name, value: o.value });
    return { id, ...clause, verdict, reason, checks: checks.map(({ clause: _c, target: _t, exchanges: _e, ...rest }) => rest) };
  });
  const cert: Certification = {
    schemaVersion: 1,
    harness: harnessVersion(),
    spec: run.spec ?? { file: 'unknown', sha256: null },
    target: run.target,
    run: { runId: run.runId, ...(run.shard ? { shard: run.shard } : {}), ...(run.mergedFrom ? { mergedFrom: run.mergedFrom } : {}) },
    ...(run.config ? { config: run.config } : {}),
    startedAt: results.startedAt,
    finishedAt: results.finishedAt,
    seed: run.seed,
    mode: run.mode,
    numRuns: run.numRuns,
    verdict: 'inconclusive',
    summary,
    strictSummary: strictSummary(reports),
    requests: mine.reduce((n, c) => n + c.requests, 0),
    retries: mine.reduce((n, c) => n + c.retries, 0),
    ...(run.budget ? { budget: run.budget } : {}),
    coverage: specCoverage(run.spec?.sha256 ? run.spec.file : undefined),
    clauses: reports,
    observations,
    runErrors: results.runErrors,
  };
  cert.verdict = runVerdict(cert.strictSummary, results.runErrors);
  cert.verdictCause = cert.verdict === 'inconclusive' ? inconclusiveCause(cert) : undefined;
  return cert;
}

const icon: Record<ClauseVerdict, string> = {
  passed: '✅ passed',
  failed: '❌ failed',
  skipped: '⏭️ skipped',
  inconclusive: '❔ inconclusive',
  observed: '👁 observed',
  'not-testable': '➖ not-testable',
  'not-run': '· not-run',
};

const seconds = (ms: number) => `${Math.round(ms / 1000)} s`;

/** Planned against used, under the limits: the budget line of the Markdown and the console. */
export function budgetLine(b: NonNullable<Certification['budget']>): string {
  const paced = b.limits.getPerMin > 0 || b.limits.writePerMin > 0;
  const planned = paced
    ? `planned ${b.planned.get} GETs and ${b.planned.write} writes (at least ${seconds(b.planned.lowerBoundMs)} under the limits)`
    : `no rate limit, so every check runs in full (the plan of ${b.planned.get} GETs and ${b.planned.write} writes is for a run under limits)`;
  if (!b.actual) return `- Budget: ${planned}`;
  const a = b.actual;
  const floor = paced ? ` (at least ${seconds(a.lowerBoundMs)})` : '';
  return `- Budget: ${planned}; used ${a.get} GETs and ${a.write} writes${floor}, took ${seconds(a.wallMs)}, ${a.answered429} answered 429`;
}

const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');

export function certificationMarkdown(c: Certification): string {
  const lines = [
    `# Partner API v2 conformance: ${c.verdict.toUpperCase()}`,
    '',
    `- Target: ${c.target.url} (${c.target.kind})`,
    `- Date: ${c.finishedAt}`,
    `- Seed: ${c.seed} (replay with SEED=${c.seed})`,
    `- Mode: ${c.mode}; property runs: ${c.numRuns}`,
    `- Harness: ${c.harness.name} ${c.harness.version}`,
    `- Spec: ${c.spec.sha256 ? `sha256 ${c.spec.sha256}` : 'not found beside the checkout'}`,
    c.budget?.actual
      ? `- Requests: ${c.budget.actual.get + c.budget.actual.write} in all, ${c.requests} of them made by checks themselves (the rest by shared fixtures, the preflight and the cleanup); retries: ${c.retries}`
      : `- Requests made by checks themselves (shared fixtures not counted): ${c.requests}; retries: ${c.retries}`,
    ...(c.verdictCause ? [`- Why ${c.verdict}: ${c.verdictCause}`] : []),
    ...(c.warnings ?? []).map((w) => `- Warning: ${w}`),
    ...(c.budget ? [budgetLine(c.budget)] : []),
    ...(c.coverage ? [`- ${coverageLine(c.coverage)}`] : []),
    ...(c.run?.shard ? [`- Shard: ${c.run.shard.index}/${c.run.shard.count} (clauses of other shards show as not-run)`] : []),
    ...(c.run?.mergedFrom ? [`- Merged from: ${c.run.mergedFrom.map((m) => (m.shard ? `shard ${m.shard.index}/${m.shard.count}` : m.runId)).join(', ')}`] : []),
    '',
    `Clauses: ${Object.entries(c.summary).map(([k, v]) => `${v} ${k}`).join(', ')}.`,
    '',
  ];
  if (c.baseline) {
    const b = c.baseline;
    lines.push(`## Since the baseline`, '', `Baseline: ${b.file} (${b.baselineVerdict}, ${b.baselineFinishedAt}).`, '');
    for (const [label, list] of [['Newly failing', b.newlyFailing], ['Newly passing', b.newlyPassing], ['New since the baseline', b.newClauses]] as const) {
      lines.push(`- ${label}: ${list.length ? list.map((x) => `${x.id} (${x.was ?? 'absent'} → ${x.now})`).join(', ') : 'none'}`);
    }
    lines.push('');
  }
  if (c.runErrors.length) lines.push('## Run errors', '', ...c.runErrors.map((e) => `- ${cell(e)}`), '');
  const failed = c.clauses.filter((x) => x.verdict === 'failed');
  if (failed.length) {
    lines.push('## Failed clauses', '');
    for (const f of failed) {
      lines.push(`### ${f.id} (${f.section})`, '', f.must, '');
      for (const ch of f.checks.filter((x) => x.verdict === 'failed')) {
        lines.push(`- ${cell(ch.name)}`, ...(ch.errors ?? []).map((e) => `  - ${cell(e.split('\n').slice(0, 6).join(' '))}`));
      }
      lines.push('');
    }
  }
  lines.push('## Clauses', '', '| Clause | Section | Kind | Verdict | Checks | Reason |', '|---|---|---|---|---|---|');
  for (const x of c.clauses) {
    const checks = x.checks.map((ch) => `${ch.variant ?? 'check'}: ${ch.verdict}`).join('; ');
    lines.push(`| ${x.id} | ${cell(x.section)} | ${x.strictness} | ${icon[x.verdict]} | ${cell(checks)} | ${cell(x.reason ?? '')} |`);
  }
  if (c.observations.length) {
    lines.push('', '## Observations (where the spec is silent)', '', '| Clause | Observation | Value |', '|---|---|---|');
    for (const o of c.observations) lines.push(`| ${o.clause} | ${cell(o.name)} | ${cell(JSON.stringify(o.value)?.slice(0, 300) ?? '')} |`);
  }
  return `${lines.join('\n')}\n`;
}
