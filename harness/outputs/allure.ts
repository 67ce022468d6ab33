import { createHash, randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Stage, Status, type Attachment, type Label, type StepResult, type TestResult } from 'allure-js-commons';
import { clauses, type ClauseId } from '../../contract/clauses.js';
import type { CheckReport, RunVerdict } from '../certify/types.js';
import type { RecordedExchange } from '../core/events.js';
import { redact } from '../redact.js';
import { curlLine, requestLine } from './curl.js';
import { failureLines, harnessErrorHead, harnessErrorText } from './failure-view.js';
import type { Output, OutputContext } from './output.js';
import { primarySection, sectionTitle } from './sections.js';
import { commandLine } from '../core/invocation.js';

/**
 * allure-results from the certificate: one test result per check, grouped area (epic) → spec
 * section (feature) → clause (story); one step per exchange, with the request, the response and
 * a curl line attached (JSON as application/json). A contract violation is `failed` (the
 * report's "Contract violations" category), a harness error `broken`, and skipped and
 * inconclusive checks are `skipped` with their reason (the message says which).
 */

const statusOf = (c: CheckReport): Status =>
  c.verdict === 'passed'
    ? Status.PASSED
    : c.verdict === 'failed'
      ? Status.FAILED
      : c.verdict === 'errored'
        ? Status.BROKEN
        : Status.SKIPPED;

/**
 * The run's verdict as Allure's own status, for the test result that carries it: Allure's ring
 * counts checks, so a run with one failed clause of 170 would look green without it.
 */
const verdictStatus: Record<RunVerdict, Status> = {
  conformant: Status.PASSED,
  passed: Status.SKIPPED,
  'non-conformant': Status.FAILED,
  inconclusive: Status.BROKEN,
  interrupted: Status.BROKEN,
};

const hash = (s: string) => createHash('md5').update(s).digest('hex');

function parseJson(text: string | undefined): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * Writes Allure's result files (the file layout allure-js-commons' writer uses). Plain writes:
 * the whole set is staged and published by rename, and the journal is the durable record, so the
 * library writer's fsync per file (thousands of attachments) would only cost seconds.
 */
class Attachments {
  constructor(private readonly dir: string) {}
  /** Writes a text or JSON attachment and returns its reference. */
  add(name: string, text: string, type: 'application/json' | 'text/plain'): Attachment {
    const source = `${randomUUID()}-attachment.${type === 'application/json' ? 'json' : 'txt'}`;
    writeFileSync(join(this.dir, source), redact(text));
    return { name, source, type };
  }
  result(r: TestResult): void {
    writeFileSync(join(this.dir, `${r.uuid}-result.json`), JSON.stringify(r));
  }
}

function step(ex: RecordedExchange, files: Attachments, cited?: string): StepResult {
  const start = Date.parse(ex.startedAt);
  const requestJson = parseJson(ex.requestBody);
  const responseJson = parseJson(ex.responseBody);
  const attachments: Attachment[] = [
    files.add(
      'request',
      JSON.stringify(
        { method: ex.method, url: ex.url, headers: ex.requestHeaders, body: requestJson ?? ex.requestBody ?? null },
        null,
        2,
      ),
      'application/json',
    ),
    files.add('curl', curlLine(ex), 'text/plain'),
  ];
  if (ex.status !== undefined) {
    attachments.push(
      responseJson !== undefined
        ? files.add(`response ${ex.status}`, JSON.stringify(responseJson, null, 2), 'application/json')
        : files.add(`response ${ex.status}`, ex.responseBody ?? '', 'text/plain'),
    );
  }
  return {
    name: `${requestLine(ex)}${cited ? ` (shared fixture ${cited})` : ''}`,
    status: ex.status === undefined ? Status.BROKEN : Status.PASSED,
    statusDetails: ex.error ? { message: ex.error } : {},
    stage: Stage.FINISHED,
    steps: [],
    attachments,
    parameters: [],
    start,
    stop: start + (ex.durationMs ?? 0),
  };
}

function result(check: CheckReport, id: ClauseId, ctx: OutputContext, files: Attachments): TestResult {
  const clause = clauses[id];
  const start = Date.parse(check.startedAt);
  const citedFrom = new Map(check.cited.map((c) => [c.id, c.from]));
  const failures = check.failures ?? [];
  const message =
    check.verdict === 'passed'
      ? undefined
      : check.error
        ? harnessErrorHead(check.error)
        : check.verdict === 'failed'
          ? (check.reason ?? 'failed')
          : check.cause?.kind === 'guess-refused'
            ? `${check.verdict}: not judged, set ${check.cause.profileKey} in CONFORMANCE_PROFILE: ${check.reason ?? ''}`
            : `${check.verdict}: ${check.reason ?? ''}`;
  const trace =
    (check.error ? harnessErrorText(check.error) : undefined) ??
    (failures.length
      ? failures.flatMap((f) => [...failureLines(f, f.exchange ? ctx.exchange(f.exchange) : undefined), '']).join('\n')
      : undefined);
  const labels: Label[] = [
    { name: 'epic', value: clause.area },
    { name: 'feature', value: sectionTitle(primarySection(clause.section)) },
    { name: 'story', value: id },
    { name: 'severity', value: clause.severity },
    { name: 'clause', value: id },
    { name: 'strictness', value: clause.strictness },
    { name: 'suite', value: clause.area },
  ];
  const attachments = failures.length
    ? [files.add('failures', JSON.stringify(failures, null, 2), 'application/json')]
    : [];
  if (check.evidence.length) attachments.push(files.add('judged', check.evidence.join('\n'), 'text/plain'));
  return {
    uuid: randomUUID(),
    historyId: hash(`${check.key}`),
    testCaseId: hash(`${check.key}`),
    name: check.name,
    fullName: `${check.file}#${check.key}`,
    status: statusOf(check),
    statusDetails: { ...(message ? { message: redact(message) } : {}), ...(trace ? { trace: redact(trace) } : {}) },
    stage: Stage.FINISHED,
    description: `**${id}** (${clause.section}, ${clause.strictness}): ${clause.must}`,
    steps: ctx.evidenceOf(check).map((ex) => step(ex, files, citedFrom.get(ex.id))),
    attachments,
    parameters: check.variant ? [{ name: 'variant', value: check.variant }] : [],
    labels,
    links: [{ name: `${id} clause text`, url: `clauses.html#${id}`, type: 'link' }],
    start,
    stop: start + check.durationMs,
  };
}

/** One test result at the top of the report that carries the run's verdict, its scope and why. */
function verdictResult(c: OutputContext['certification']): TestResult {
  const start = Date.parse(c.startedAt);
  const lines = [
    c.headline,
    ...(c.verdictCause ? [`why: ${c.verdictCause}`] : []),
    `strict clauses: ${Object.entries(c.strictSummary)
      .filter(([, n]) => n)
      .map(([v, n]) => `${n} ${v}`)
      .join(', ')}`,
    ...c.clauses.filter((x) => x.verdict === 'failed').map((x) => `failed: ${x.id} (${x.section})`),
    ...c.scope.notJudged.map((n) => `not judged: ${n.clause}: set ${n.profileKey} in CONFORMANCE_PROFILE`),
  ];
  return {
    uuid: randomUUID(),
    historyId: hash('certification verdict'),
    testCaseId: hash('certification verdict'),
    name: `Certification verdict: ${c.headline}`,
    fullName: 'certification#verdict',
    status: verdictStatus[c.verdict],
    statusDetails: { message: redact(lines[0]!), trace: redact(lines.join('\n')) },
    stage: Stage.FINISHED,
    description: `The run's verdict over the whole catalogue (${c.clauses.length} clauses); the other results are its checks.`,
    steps: [],
    attachments: [],
    parameters: [],
    labels: [
      { name: 'epic', value: 'certification' },
      { name: 'feature', value: 'verdict' },
      { name: 'story', value: 'verdict' },
      { name: 'severity', value: 'blocker' },
      { name: 'suite', value: 'certification' },
    ],
    links: [],
    start,
    stop: Date.parse(c.finishedAt),
  };
}

const property = (v: string) =>
  v
    .replace(/\\/g, '\\\\')
    .replace(/\n/g, '\\n')
    .replace(/([=:])/g, '\\$1');

export function writeAllureResults(dir: string, ctx: OutputContext): void {
  mkdirSync(dir, { recursive: true });
  const files = new Attachments(dir);
  for (const x of ctx.certification.clauses)
    for (const check of x.checks) files.result(result(check, x.id, ctx, files));
  const c = ctx.certification;
  files.result(verdictResult(c));
  const env = {
    Verdict: c.headline,
    Target: `${c.target.url} (${c.target.kind})`,
    Run: c.run.runId,
    Seed: String(c.seed),
    Mode: c.mode,
  };
  writeFileSync(
    join(dir, 'environment.properties'),
    Object.entries(env)
      .map(([k, v]) => `${k}=${property(v)}`)
      .join('\n') + '\n',
  );
}

export const allureResults: Output = {
  name: 'allure-results',
  kind: 'dir',
  what: `Allure results: ${commandLine('report')} builds the single-file HTML report`,
  write: writeAllureResults,
};
