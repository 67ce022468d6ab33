import { redact } from '../redact.js';
import { artifactLines } from './artifacts.js';
import { baselineLines } from './baseline.js';
import { budgetLine, clauseVerdicts, type Certification } from './certification.js';
import { coverageLine } from './coverage.js';
import type { Shard } from './run-summary.js';

/** The verdict, its cause and what was published: the last lines of a run. */
export function endLines(cert: Certification, published: readonly string[], dir: string, shard?: Shard): string[] {
  const count = (pick: (c: Certification['clauses'][number]) => boolean) => {
    const by = new Map<string, number>();
    for (const c of cert.clauses.filter(pick)) by.set(c.verdict, (by.get(c.verdict) ?? 0) + 1);
    return clauseVerdicts.filter((v) => by.has(v)).map((v) => `${by.get(v)} ${v}`).join(', ');
  };
  const strict = count((c) => c.strictness === 'strict' && !c.notTestable);
  const observed = count((c) => c.strictness === 'observed' && !c.notTestable);
  const untestable = cert.summary['not-testable'];
  const lines = [
    '',
    `Verdict: ${cert.verdict.toUpperCase()}${shard ? ` for shard ${shard.index}/${shard.count}` : ''}`,
    `  strict clauses: ${strict || 'none'} · observed clauses: ${observed || 'none'}${untestable ? ` · not testable: ${untestable}` : ''}`,
  ];
  if (cert.verdictCause) lines.push(`  why: ${cert.verdictCause}`);
  for (const f of cert.clauses.filter((c) => c.verdict === 'failed')) lines.push(`  failed: ${f.id} (${f.section})`);
  for (const e of cert.runErrors) lines.push(`  run error: ${e.split('\n')[0]}`);
  if (cert.budget) lines.push(`  ${budgetLine(cert.budget).replace(/^- /, '')}`);
  if (cert.coverage) lines.push(`  ${coverageLine(cert.coverage)}`);
  if (cert.baseline) lines.push(...baselineLines(cert.baseline));
  lines.push(...artifactLines(dir, published));
  return lines.map((l) => redact(l));
}

