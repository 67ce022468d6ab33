import { baselineLines } from '../certify/baseline.js';
import { coverageLine } from '../certify/coverage.js';
import type { Certification } from '../certify/types.js';
import { clauseVerdicts } from '../core/outcome.js';
import { redact } from '../redact.js';
import { areaTable, type AreaCounts } from './console.js';
import { harnessErrorHead } from './failure-view.js';
import { outputLines } from './registry.js';
import { budgetLine, evidenceCutLine, recordsLine, trafficLine, visibilityLine } from './summary-lines.js';

/** Checks per area from the certificate: the same counts as junit.xml's suites. */
export function areaCounts(cert: Certification): AreaCounts {
  const counts: AreaCounts = new Map();
  for (const c of cert.clauses) {
    for (const ch of c.checks) {
      const row = counts.get(c.area) ?? { passed: 0, failed: 0, skipped: 0, inconclusive: 0, errored: 0 };
      row[ch.verdict] += 1;
      counts.set(c.area, row);
    }
  }
  return counts;
}

/**
 * The last lines of a run: the table per area (once), the verdict with its scope, why, what
 * failed, the figures, and what was published. `verdict` colours the verdict line on a terminal.
 */
export function endLines(
  cert: Certification,
  published: readonly string[],
  dir: string,
  verdict: (headline: string, v: string) => string = (h) => `Verdict: ${h}`,
): string[] {
  const count = (pick: (c: Certification['clauses'][number]) => boolean) => {
    const by = new Map<string, number>();
    for (const c of cert.clauses.filter(pick)) by.set(c.verdict, (by.get(c.verdict) ?? 0) + 1);
    return clauseVerdicts
      .filter((v) => by.has(v))
      .map((v) => `${by.get(v)} ${v}`)
      .join(', ');
  };
  const strict = count((c) => c.strictness === 'strict' && !c.notTestable);
  const observed = count((c) => c.strictness === 'observed' && !c.notTestable);
  const untestable = cert.summary['not-testable'];
  const table = areaTable(areaCounts(cert));
  const lines = [
    '',
    ...(cert.clauses.some((c) => c.checks.length) ? ['Checks per area', ...table.map((l) => `  ${l}`), ''] : []),
    verdict(cert.headline, cert.verdict),
    `  strict clauses: ${strict || 'none'} · observed clauses: ${observed || 'none'}${untestable ? ` · not testable: ${untestable}` : ''}`,
  ];
  if (cert.verdictCause) lines.push(`  why: ${cert.verdictCause}`);
  for (const f of cert.clauses.filter((c) => c.verdict === 'failed')) {
    const first = f.checks.find((ch) => ch.verdict === 'failed');
    const what = first?.failures?.[0]?.message ?? first?.reason ?? '';
    lines.push(`  failed: ${f.id} (${f.section})${what ? `: ${what}` : ''}`);
  }
  for (const c of cert.clauses)
    for (const ch of c.checks.filter((x) => x.verdict === 'errored' && x.error))
      lines.push(`  ${ch.key}: ${harnessErrorHead(ch.error!)}`);
  for (const n of cert.scope.notJudged) {
    const c = cert.clauses.find((x) => x.id === n.clause);
    lines.push(
      `  not judged: ${n.clause}${c ? ` (${c.section})` : ''}: set ${n.profileKey} in CONFORMANCE_PROFILE${c?.reason ? `; ${c.reason}` : ''}`,
    );
  }
  for (const g of cert.scope.notExercised ?? [])
    lines.push(`  not exercised: ${g.clause}: ${g.why}${g.setting ? ` (set ${g.setting})` : ''}`);
  for (const g of cert.scope.partial ?? []) lines.push(`  judged in part: ${g.clause}: ${g.why}`);
  for (const e of cert.runErrors) lines.push(`  run error: ${e.split('\n')[0]}`);
  const cut = evidenceCutLine(cert);
  if (cut) lines.push(`  ${cut}`);
  lines.push(`  ${trafficLine(cert)}`);
  if (cert.visibility.waits) lines.push(`  ${visibilityLine(cert)}`);
  if (cert.ledger) lines.push(`  ${recordsLine(cert.ledger)}`);
  if (cert.budget) lines.push(`  ${budgetLine(cert.budget)}`);
  if (cert.coverage) lines.push(`  ${coverageLine(cert.coverage)}`);
  if (cert.baseline) lines.push(...baselineLines(cert.baseline));
  lines.push(...outputLines(dir, published));
  return lines.map((l) => redact(l));
}
