import { writeFileSync } from 'node:fs';
import { XMLBuilder } from 'fast-xml-parser';
import { clauses, type ClauseId } from '../../contract/clauses.js';
import type { CheckReport } from '../certify/types.js';
import { redact } from '../redact.js';
import { failureLines, harnessErrorHead, harnessErrorText } from './failure-view.js';
import { partialText } from './summary-lines.js';
import type { Output, OutputContext } from './output.js';

/**
 * junit.xml from the certificate, written with an XML library (never spliced by hand): one test
 * suite per catalogue area, one test case per check. A failure carries its typed failures with
 * the request and curl lines; skipped and inconclusive checks carry their reason, and an
 * inconclusive one says so (`<skipped message="inconclusive: …">`), so a CI viewer cannot
 * mistake it for a plain skip. The run's verdict and scope are properties of the root.
 */

type Xml = Record<string, unknown>;

const seconds = (ms: number) => (ms / 1000).toFixed(3);

function testcase(check: CheckReport, clause: ClauseId, ctx: OutputContext): Xml {
  const base: Xml = {
    '@_name': check.name,
    '@_classname': `partner-api-v2.${clauses[clause].area}.${clause}`,
    '@_time': seconds(check.durationMs),
  };
  if (check.verdict === 'errored')
    return {
      ...base,
      error: {
        '@_message': check.error ? harnessErrorHead(check.error) : (check.reason ?? 'harness error'),
        '@_type': 'harness-error',
        '#text': check.error ? harnessErrorText(check.error) : (check.reason ?? ''),
      },
    };
  if (check.verdict === 'failed') {
    const failures = check.failures ?? [];
    const text = failures
      .flatMap((f) => [
        ...failureLines(f, f.exchange ? ctx.exchange(f.exchange) : undefined, {
          replay: f.exchange ? ctx.replay(check, f.exchange) : undefined,
        }),
        '',
      ])
      .join('\n');
    return {
      ...base,
      failure: {
        '@_message': check.reason ?? failures[0]?.message ?? 'failed',
        '@_type': failures[0]?.kind ?? 'contract-violation',
        '#text': text,
      },
    };
  }
  if (check.verdict === 'skipped' || check.verdict === 'inconclusive') {
    // A refused guess of what the spec does not show: not judged, with the profile key that lets it run.
    const label =
      check.cause?.kind === 'guess-refused'
        ? `${check.verdict}: not judged, set ${check.cause.profileKey} in CONFORMANCE_PROFILE`
        : check.verdict;
    return { ...base, skipped: { '@_message': `${label}: ${check.reason ?? 'no reason given'}` } };
  }
  // A pass on part of its cases says which part, beside what it judged.
  const out = [
    ...(check.evidence.length ? [`judged: ${check.evidence.join('; ')}`] : []),
    ...(check.partial ?? []).map((p) => `judged in part: ${partialText(p)}`),
  ];
  return out.length ? { ...base, 'system-out': out.join('\n') } : base;
}

export function junitXml(ctx: OutputContext): string {
  const c = ctx.certification;
  const byArea = new Map<string, { check: CheckReport; clause: ClauseId }[]>();
  for (const x of c.clauses)
    for (const check of x.checks) byArea.set(x.area, [...(byArea.get(x.area) ?? []), { check, clause: x.id }]);
  const count = (list: { check: CheckReport }[]) => ({
    tests: list.length,
    failures: list.filter((x) => x.check.verdict === 'failed').length,
    errors: list.filter((x) => x.check.verdict === 'errored').length,
    skipped: list.filter((x) => x.check.verdict === 'skipped' || x.check.verdict === 'inconclusive').length,
    time: seconds(list.reduce((n, x) => n + x.check.durationMs, 0)),
  });
  const all = [...byArea.values()].flat();
  const totals = count(all);
  const suites = [...byArea.keys()].sort().map((area) => {
    const list = byArea.get(area)!;
    const t = count(list);
    return {
      '@_name': area,
      '@_tests': t.tests,
      '@_failures': t.failures,
      '@_errors': t.errors,
      '@_skipped': t.skipped,
      '@_time': t.time,
      '@_timestamp': c.startedAt,
      testcase: list.map(({ check, clause }) => testcase(check, clause, ctx)),
    };
  });
  const properties = [
    ['verdict', c.headline],
    ['scope', c.scope.note ?? (c.scope.complete ? 'complete' : 'partial')],
    ['run', c.run.runId],
    ['target', `${c.target.url} (${c.target.kind})`],
    ['seed', String(c.seed)],
    [
      'strict clauses',
      Object.entries(c.strictSummary)
        .filter(([, n]) => n)
        .map(([v, n]) => `${n} ${v}`)
        .join(', '),
    ],
    ...(c.verdictCause ? [['why', c.verdictCause]] : []),
  ].map(([name, value]) => ({ '@_name': name, '@_value': value }));
  const doc = {
    '?xml': { '@_version': '1.0', '@_encoding': 'UTF-8' },
    testsuites: {
      '@_name': `Partner API v2 conformance: ${c.headline}`,
      '@_tests': totals.tests,
      '@_failures': totals.failures,
      '@_errors': totals.errors,
      '@_skipped': totals.skipped,
      '@_time': seconds(Date.parse(c.finishedAt) - Date.parse(c.startedAt)),
      properties: { property: properties },
      testsuite: suites,
    },
  };
  return new XMLBuilder({
    ignoreAttributes: false,
    attributeNamePrefix: '@_',
    format: true,
    suppressEmptyNode: true,
  }).build(doc) as string;
}

export const junitOutput: Output = {
  name: 'junit.xml',
  kind: 'file',
  what: 'JUnit for CI: a suite per catalogue area, inconclusive told apart from skipped',
  inBundle: true,
  write: (path, ctx) => writeFileSync(path, redact(junitXml(ctx))),
};
