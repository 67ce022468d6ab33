import { writeFileSync } from 'node:fs';
import type { Certification, ClauseVerdict } from '../certify/types.js';
import { redact } from '../redact.js';
import { coverageLine } from '../certify/coverage.js';
import { failureLines, harnessErrorHead } from './failure-view.js';
import type { Output, OutputContext } from './output.js';
import { harnessText } from '../certify/certify.js';
import {
  budgetLine,
  evidenceCutLine,
  partialText,
  recordsLine,
  scopeText,
  trafficLine,
  visibilityLine,
} from './summary-lines.js';

const icon: Record<ClauseVerdict, string> = {
  passed: '✅ passed',
  failed: '❌ failed',
  skipped: '⏭️ skipped',
  inconclusive: '❔ inconclusive',
  'not-judged': '🔲 not judged',
  observed: '👁 observed',
  'not-testable': '➖ not-testable',
  'not-run': '· not-run',
};

const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');

/** A row's reason: why it was not judged, or which part a pass judged. */
const rowReason = (x: Certification['clauses'][number]) =>
  [x.reason ?? '', ...(x.partial ?? []).map((p) => `judged in part: ${partialText(p)}`)].filter(Boolean).join('; ');

/** certification.md: the verdict per clause as Markdown, what failed first (with request and curl lines). */
export function certificationMarkdown(
  ctx: Pick<OutputContext, 'certification' | 'exchange'> & Partial<Pick<OutputContext, 'replay'>>,
): string {
  const c: Certification = ctx.certification;
  const lines = [
    `# Partner API v2 conformance: ${c.headline}`,
    '',
    `- Target: ${c.target.url} (${c.target.kind})`,
    `- Date: ${c.finishedAt}`,
    `- Seed: ${c.seed} (replay with SEED=${c.seed})`,
    `- Mode: ${c.mode}; property runs: ${c.numRuns}`,
    `- Scope: ${scopeText(c)}`,
    `- Harness: ${harnessText(c.harness)}`,
    `- Company: ${c.target.companyId}`,
    `- Spec: ${c.spec.sha256 ? `sha256 ${c.spec.sha256}` : 'not found beside the checkout'}`,
    `- ${trafficLine(c)}`,
    ...(c.visibility.waits ? [`- ${visibilityLine(c)}`] : []),
    ...(c.verdictCause ? [`- Why ${c.verdict}: ${c.verdictCause}`] : []),
    ...(c.warnings ?? []).map((w) => `- Warning: ${w}`),
    ...[evidenceCutLine(c)].filter((l) => l !== undefined).map((l) => `- ${l}`),
    ...(c.budget ? [`- ${budgetLine(c.budget)}`] : []),
    ...(c.coverage ? [`- ${coverageLine(c.coverage)}`] : []),
    ...(c.run.shard
      ? [`- Shard: ${c.run.shard.index}/${c.run.shard.count} (clauses of other shards show as not-run)`]
      : []),
    ...(c.run.mergedFrom
      ? [
          `- Merged from: ${c.run.mergedFrom.map((m) => (m.shard ? `shard ${m.shard.index}/${m.shard.count}` : m.runId)).join(', ')}`,
        ]
      : []),
    ...(c.ledger ? [`- ${recordsLine(c.ledger)}`] : []),
    '',
    `Clauses: ${Object.entries(c.summary)
      .map(([k, v]) => `${v} ${k}`)
      .join(', ')}. Checks: ${Object.entries(c.checkSummary)
      .map(([k, v]) => `${v} ${k}`)
      .join(', ')}.`,
    '',
  ];
  if (c.baseline) {
    const b = c.baseline;
    lines.push(`## Since the baseline`, '', `Baseline: ${b.file} (${b.baselineVerdict}, ${b.baselineFinishedAt}).`, '');
    for (const [label, list] of [
      ['Newly failing', b.newlyFailing],
      ['Newly passing', b.newlyPassing],
      ['New since the baseline', b.newClauses],
    ] as const) {
      lines.push(
        `- ${label}: ${list.length ? list.map((x) => `${x.id} (${x.was ?? 'absent'} → ${x.now})`).join(', ') : 'none'}`,
      );
    }
    lines.push('');
  }
  if (c.runErrors.length) lines.push('## Run errors', '', ...c.runErrors.map((e) => `- ${cell(e)}`), '');
  const errored = c.clauses.flatMap((x) => x.checks.filter((ch) => ch.verdict === 'errored').map((ch) => ({ x, ch })));
  if (errored.length) {
    lines.push("## Harness errors (the harness broke: not the target's fault)", '');
    for (const { x, ch } of errored)
      lines.push(
        `- **${cell(ch.key)}** (${x.section}): ${cell(ch.error ? harnessErrorHead(ch.error) : (ch.reason ?? 'harness error'))}`,
        ...(ch.error?.stack ? ['', '  ```', ...ch.error.stack.split('\n').map((l) => `  ${l}`), '  ```'] : []),
      );
    lines.push('');
  }
  if (c.scope.notJudged.length) {
    lines.push('## Not judged (outside what this certificate covers)', '');
    for (const n of c.scope.notJudged) {
      const x = c.clauses.find((y) => y.id === n.clause);
      lines.push(
        `- **${n.clause}**: set \`${n.profileKey}\` in CONFORMANCE_PROFILE${x?.reason ? `; ${cell(x.reason)}` : ''}`,
      );
    }
    lines.push('');
  }
  const failed = c.clauses.filter((x) => x.verdict === 'failed');
  if (failed.length) {
    lines.push('## Failed clauses', '');
    for (const f of failed) {
      lines.push(`### ${f.id} (${f.section})`, '', f.must, '');
      for (const ch of f.checks.filter((x) => x.verdict === 'failed')) {
        lines.push(`- **${cell(ch.key)}**: ${cell(ch.reason ?? 'failed')}`);
        for (const failure of ch.failures ?? []) {
          const ex = failure.exchange ? ctx.exchange(failure.exchange) : undefined;
          // The replay: the token as the run loaded it, the writes that stored the value, then the exchange.
          const replay = failure.exchange ? ctx.replay?.(ch, failure.exchange) : undefined;
          const [first, ...rest] = failureLines(failure, ex, { replay });
          lines.push(
            `  - ${cell(first!)} _(${failure.kind})_`,
            ...rest.map((l) =>
              l.startsWith('curl: ')
                ? `\n    \`\`\`sh\n    ${l.slice(6).split('\n').join('\n    ')}\n    \`\`\``
                : `    - ${cell(l)}`,
            ),
          );
        }
      }
      lines.push('');
    }
  }
  lines.push('## Clauses', '', '| Clause | Section | Kind | Verdict | Checks | Reason |', '|---|---|---|---|---|---|');
  for (const x of c.clauses) {
    const checks = x.checks.map((ch) => `${ch.variant ?? 'check'}: ${ch.verdict}`).join('; ');
    lines.push(
      `| ${x.id} | ${cell(x.section)} | ${x.strictness} | ${icon[x.verdict]}${x.partial ? ' (in part)' : ''} | ${cell(checks)} | ${cell(rowReason(x))} |`,
    );
  }
  if (c.observations.length) {
    lines.push(
      '',
      '## Observations (where the spec is silent)',
      '',
      '| Clause | Observation | Value |',
      '|---|---|---|',
    );
    for (const o of c.observations)
      lines.push(`| ${o.clause} | ${cell(o.name)} | ${cell(JSON.stringify(o.value)?.slice(0, 300) ?? '')} |`);
  }
  return `${lines.join('\n')}\n`;
}

export const certificationMd: Output = {
  name: 'certification.md',
  kind: 'file',
  what: 'verdict per clause, as text, with request and curl lines for each failure',
  write: (path, ctx) => writeFileSync(path, redact(certificationMarkdown(ctx))),
};
