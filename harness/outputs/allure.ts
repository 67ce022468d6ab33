import { createHash, randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Stage, Status, type Attachment, type Label, type StepResult, type TestResult } from 'allure-js-commons';
import { clauses } from '../../contract/clauses.js';
import type { Certification, CheckReport, ClauseReport, ClauseVerdict, RunVerdict } from '../certify/types.js';
import type { RecordedExchange } from '../core/events.js';
import { redact } from '../redact.js';
import { curlLine, requestLine } from './curl.js';
import { failureLines, harnessErrorHead, harnessErrorText } from './failure-view.js';
import type { Output, OutputContext } from './output.js';
import { primarySection, sectionTitle } from './sections.js';
import { commandLine } from '../core/invocation.js';

/**
 * allure-results from the certificate: one test result per clause of the catalogue, with the
 * clause's verdict, so Allure's ring counts clauses as the certificate does (its summary widget
 * counts test results by status). Grouped area (epic) → spec section (feature) → clause (story).
 * Each check of the clause is a step with its own status, its failures and what it judged
 * attached, and one sub-step per exchange with the request, the response and a curl line
 * (JSON as application/json). One more result carries the run's verdict.
 */

/**
 * A clause's verdict as Allure's status: a contract violation is `failed` (the report's "Contract
 * violations" category); a clause that could not be decided (no answer, a harness error) `broken`;
 * one the certificate does not judge (skipped, not judged, not testable, not run) `skipped`. An
 * observed clause recorded the target's choice where the spec is silent and never fails: `passed`.
 */
export const clauseStatus: Record<ClauseVerdict, Status> = {
  passed: Status.PASSED,
  observed: Status.PASSED,
  failed: Status.FAILED,
  inconclusive: Status.BROKEN,
  'not-judged': Status.SKIPPED,
  skipped: Status.SKIPPED,
  'not-testable': Status.SKIPPED,
  'not-run': Status.SKIPPED,
};

/** A check's verdict as the status of its step. */
const checkStatus = (c: CheckReport): Status =>
  c.verdict === 'passed'
    ? Status.PASSED
    : c.verdict === 'failed'
      ? Status.FAILED
      : c.verdict === 'errored' || c.verdict === 'inconclusive'
        ? Status.BROKEN
        : Status.SKIPPED;

/**
 * The run's verdict as Allure's own status, for the test result that carries it: the ring counts
 * clauses, where one failed clause of 170 is a thin slice, so the verdict is a result of its own.
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
 * library writer's fsync per file (thousands of attachments) would only cost seconds. An
 * attachment is named by its content: a shared fixture's exchange cited by many checks is written
 * once and referenced by each step (two thirds of a live run's attachments are such repeats).
 */
class Attachments {
  private readonly written = new Set<string>();
  constructor(private readonly dir: string) {}
  /** Writes a text or JSON attachment (once per content) and returns its reference. */
  add(name: string, text: string, type: 'application/json' | 'text/plain'): Attachment {
    const body = redact(text);
    const source = `${hash(`${type}\n${body}`)}-attachment.${type === 'application/json' ? 'json' : 'txt'}`;
    if (!this.written.has(source)) {
      writeFileSync(join(this.dir, source), body);
      this.written.add(source);
    }
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

/** Why a check did not pass, in one line (absent when it passed). */
function checkMessage(check: CheckReport): string | undefined {
  if (check.verdict === 'passed') return undefined;
  if (check.error) return harnessErrorHead(check.error);
  if (check.verdict === 'failed') return check.reason ?? 'failed';
  if (check.cause?.kind === 'guess-refused')
    return `${check.verdict}: not judged, set ${check.cause.profileKey} in CONFORMANCE_PROFILE: ${check.reason ?? ''}`;
  return `${check.verdict}: ${check.reason ?? ''}`;
}

/** The exception, or the typed failures with their request and curl lines. */
function checkTrace(check: CheckReport, ctx: OutputContext): string | undefined {
  if (check.error) return harnessErrorText(check.error);
  const failures = check.failures ?? [];
  if (!failures.length) return undefined;
  return failures
    .flatMap((f) => [...failureLines(f, f.exchange ? ctx.exchange(f.exchange) : undefined), ''])
    .join('\n');
}

/** One check as a step of its clause: its status, why, what it judged, and its exchanges as sub-steps. */
function checkStep(check: CheckReport, ctx: OutputContext, files: Attachments): StepResult {
  const start = Date.parse(check.startedAt);
  const citedFrom = new Map(check.cited.map((c) => [c.id, c.from]));
  const failures = check.failures ?? [];
  const message = checkMessage(check);
  const trace = checkTrace(check, ctx);
  const attachments = failures.length
    ? [files.add('failures', JSON.stringify(failures, null, 2), 'application/json')]
    : [];
  if (check.evidence.length) attachments.push(files.add('judged', check.evidence.join('\n'), 'text/plain'));
  if (check.observations.length)
    attachments.push(files.add('observed', JSON.stringify(check.observations, null, 2), 'application/json'));
  return {
    name: check.name,
    status: checkStatus(check),
    statusDetails: { ...(message ? { message: redact(message) } : {}), ...(trace ? { trace: redact(trace) } : {}) },
    stage: Stage.FINISHED,
    steps: ctx.evidenceOf(check).map((ex) => step(ex, files, citedFrom.get(ex.id))),
    attachments,
    parameters: check.variant ? [{ name: 'variant', value: check.variant }] : [],
    start,
    stop: start + check.durationMs,
  };
}

const verdictWord = (v: ClauseVerdict) => v.replace('-', ' ');

/** Why the clause has its verdict, in one line that starts with the verdict (absent when it passed). */
function clauseMessage(x: ClauseReport, c: Certification): string | undefined {
  if (x.verdict === 'passed') return undefined;
  if (x.verdict === 'observed') return undefined;
  if (x.verdict === 'failed') {
    const first = x.checks.find((ch) => ch.verdict === 'failed');
    const what = first?.failures?.[0]?.message ?? first?.reason;
    return `failed: ${what ?? 'a check failed'}`;
  }
  const errored = x.checks.find((ch) => ch.verdict === 'errored' && ch.error);
  if (x.verdict === 'inconclusive' && errored) return `inconclusive: ${harnessErrorHead(errored.error!)}`;
  if (x.verdict === 'not-judged') {
    const key = c.scope.notJudged.find((n) => n.clause === x.id)?.profileKey;
    return `not judged: ${key ? `set ${key} in CONFORMANCE_PROFILE` : 'the profile was refused'}${x.reason ? `; ${x.reason}` : ''}`;
  }
  return `${verdictWord(x.verdict)}: ${x.reason ?? ''}`;
}

function clauseResult(x: ClauseReport, ctx: OutputContext, files: Attachments): TestResult {
  const c = ctx.certification;
  const id = x.id;
  const clause = clauses[id];
  const checks = [...x.checks].sort((a, b) => a.startedAt.localeCompare(b.startedAt));
  const starts = checks.map((ch) => Date.parse(ch.startedAt));
  const stops = checks.map((ch) => Date.parse(ch.startedAt) + ch.durationMs);
  const start = starts.length ? Math.min(...starts) : Date.parse(c.startedAt);
  const message = clauseMessage(x, c);
  // The failing, undecided checks' details, each under its name: what a reader opens first.
  const trace = checks
    .filter((ch) => ch.verdict === 'failed' || ch.verdict === 'errored' || ch.verdict === 'inconclusive')
    .map((ch) => {
      const t = checkTrace(ch, ctx) ?? checkMessage(ch);
      return t ? `${ch.name}\n${t}` : undefined;
    })
    .filter((t): t is string => t !== undefined)
    .join('\n\n');
  const labels: Label[] = [
    { name: 'epic', value: clause.area },
    { name: 'feature', value: sectionTitle(primarySection(clause.section)) },
    { name: 'story', value: id },
    { name: 'severity', value: clause.severity },
    { name: 'clause', value: id },
    { name: 'strictness', value: clause.strictness },
    { name: 'verdict', value: x.verdict },
    { name: 'suite', value: clause.area },
    ...(clause.strictness === 'observed' ? [{ name: 'tag', value: 'observed' }] : []),
  ];
  const checkCounts = Object.entries(
    checks.reduce<Record<string, number>>((m, ch) => ({ ...m, [ch.verdict]: (m[ch.verdict] ?? 0) + 1 }), {}),
  )
    .map(([v, n]) => `${n} ${v}`)
    .join(', ');
  return {
    uuid: randomUUID(),
    historyId: hash(`clause ${id}`),
    testCaseId: hash(`clause ${id}`),
    name: `${id}: ${clause.must}`,
    fullName: `clause#${id}`,
    status: clauseStatus[x.verdict],
    statusDetails: { ...(message ? { message: redact(message) } : {}), ...(trace ? { trace: redact(trace) } : {}) },
    stage: Stage.FINISHED,
    description:
      `**${id}** (${clause.section}, ${clause.strictness}): ${clause.must}\n\n` +
      `Verdict in the certificate: **${x.verdict}**${x.reason ? ` (${x.reason})` : ''}. ` +
      (checks.length ? `Checks: ${checkCounts}; each is a step below.` : 'No check of this clause ran.'),
    steps: checks.map((ch) => checkStep(ch, ctx, files)),
    attachments: [],
    parameters: [],
    labels,
    links: [{ name: `${id} clause text`, url: `clauses.html#${id}`, type: 'link' }],
    start,
    stop: stops.length ? Math.max(...stops) : start,
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
    description: `The run's verdict over the whole catalogue (${c.clauses.length} clauses); the other results are its clauses, each with its checks as steps.`,
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
  for (const x of ctx.certification.clauses) files.result(clauseResult(x, ctx, files));
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
