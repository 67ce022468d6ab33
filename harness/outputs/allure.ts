import { createHash, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Stage, Status, type Attachment, type Label, type StepResult, type TestResult } from 'allure-js-commons';
import { clauses } from '../../contract/clauses.js';
import type { Certification, CheckReport, ClauseReport, ClauseVerdict, RunVerdict } from '../certify/types.js';
import type { JournalEvent, RecordedExchange } from '../core/events.js';
import { redact } from '../redact.js';
import { curlLine, requestLine } from './curl.js';
import { failureLines, harnessErrorHead, harnessErrorText } from './failure-view.js';
import { outputContext, type Output, type OutputContext } from './output.js';
import { primarySection, sectionTitle } from './sections.js';
import { partialText } from './summary-lines.js';
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

type AttachmentType = 'application/json' | 'text/plain';

/** An attachment's file: named by its content, so the same content is one file however often it is cited. */
function attachmentFile(text: string, type: AttachmentType): { source: string; body: string } {
  const body = redact(text);
  return {
    source: `${hash(`${type}\n${body}`)}-attachment.${type === 'application/json' ? 'json' : 'txt'}`,
    body,
  };
}

/** An attachment made: its reference (the file's name is its content's hash). */
interface Made {
  name: string;
  source: string;
  type: AttachmentType;
}

/**
 * The attachments made of each exchange, per results directory: a shared fixture's exchange is cited
 * by many checks, and the rendering follows the staging, so each exchange is formatted, redacted and
 * hashed once (twice per citing check before: a fifth of a full run's CPU on the mock).
 */
const madeIn = new Map<string, WeakMap<RecordedExchange, Made[]>>();

/** The exchange's attachments in `dir`, made (and written with `write`) the first time only. */
function exchangeFiles(dir: string, ex: RecordedExchange, write: (source: string, body: string) => void): Made[] {
  let made = madeIn.get(dir);
  if (!made) madeIn.set(dir, (made = new WeakMap()));
  const known = made.get(ex);
  if (known) return known;
  const files = exchangeAttachments(ex).map((a) => {
    const { source, body } = attachmentFile(a.text, a.type);
    write(source, body);
    return { name: a.name, source, type: a.type };
  });
  made.set(ex, files);
  return files;
}

/**
 * Writes Allure's result files (the file layout allure-js-commons' writer uses). Plain writes:
 * the whole set is staged and published by rename, and the journal is the durable record, so the
 * library writer's fsync per file (thousands of attachments) would only cost seconds. An
 * attachment is named by its content: a shared fixture's exchange cited by many checks is written
 * once and referenced by each step (two thirds of a live run's attachments are such repeats), and
 * one written ahead (stageAllureAttachments) is not written again.
 */
class Attachments {
  /** In the directory before this rendering: written ahead. */
  private readonly ahead: Set<string>;
  private readonly written = new Set<string>();
  constructor(private readonly dir: string) {
    this.ahead = new Set(existsSync(dir) ? readdirSync(dir) : []);
  }
  /** Writes a text or JSON attachment (once per content) and returns its reference. */
  add(name: string, text: string, type: AttachmentType): Attachment {
    const { source, body } = attachmentFile(text, type);
    this.write(source, body);
    return { name, source, type };
  }
  /** The request, curl line and response of an exchange, made once however many checks cite it. */
  exchange(ex: RecordedExchange): Attachment[] {
    const made = exchangeFiles(this.dir, ex, (source, body) => this.write(source, body));
    for (const m of made) this.written.add(m.source);
    return made.map((m) => ({ ...m }));
  }
  private write(source: string, body: string): void {
    if (this.written.has(source)) return;
    if (!this.ahead.has(source)) writeFileSync(join(this.dir, source), body);
    this.written.add(source);
  }
  result(r: TestResult): void {
    writeFileSync(join(this.dir, `${r.uuid}-result.json`), JSON.stringify(r));
  }
  /** Removes what was written ahead that no result refers to (nothing, unless the journal grew in between). */
  prune(): void {
    for (const f of this.ahead)
      if (/-attachment\.(json|txt)$/.test(f) && !this.written.has(f)) rmSync(join(this.dir, f), { force: true });
  }
}

/** An exchange as attachments: the request (JSON), its curl line, and the response when there was one. */
function exchangeAttachments(ex: RecordedExchange): { name: string; text: string; type: AttachmentType }[] {
  const requestJson = parseJson(ex.requestBody);
  const responseJson = parseJson(ex.responseBody);
  return [
    {
      name: 'request',
      text: JSON.stringify(
        { method: ex.method, url: ex.url, headers: ex.requestHeaders, body: requestJson ?? ex.requestBody ?? null },
        null,
        2,
      ),
      type: 'application/json',
    },
    { name: 'curl', text: curlLine(ex), type: 'text/plain' },
    ...(ex.status === undefined
      ? []
      : [
          responseJson !== undefined
            ? {
                name: `response ${ex.status}`,
                text: JSON.stringify(responseJson, null, 2),
                type: 'application/json' as const,
              }
            : { name: `response ${ex.status}`, text: ex.responseBody ?? '', type: 'text/plain' as const },
        ]),
  ];
}

function step(ex: RecordedExchange, files: Attachments, cited?: string): StepResult {
  const start = Date.parse(ex.startedAt);
  const attachments = files.exchange(ex);
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
    .flatMap((f) => [
      ...failureLines(f, f.exchange ? ctx.exchange(f.exchange) : undefined, {
        replay: f.exchange ? ctx.replay(check, f.exchange) : undefined,
      }),
      '',
    ])
    .join('\n');
}

/** A check's own attachments: its typed failures, what it judged, what it observed. */
function checkAttachments(check: CheckReport): { name: string; text: string; type: AttachmentType }[] {
  const failures = check.failures ?? [];
  return [
    ...(failures.length
      ? [{ name: 'failures', text: JSON.stringify(failures, null, 2), type: 'application/json' as const }]
      : []),
    ...(check.evidence.length
      ? [{ name: 'judged', text: check.evidence.join('\n'), type: 'text/plain' as const }]
      : []),
    ...(check.observations.length
      ? [{ name: 'observed', text: JSON.stringify(check.observations, null, 2), type: 'application/json' as const }]
      : []),
  ];
}

/** One check as a step of its clause: its status, why, what it judged, and its exchanges as sub-steps. */
function checkStep(check: CheckReport, ctx: OutputContext, files: Attachments): StepResult {
  const start = Date.parse(check.startedAt);
  const citedFrom = new Map(check.cited.map((c) => [c.id, c.from]));
  const failures = check.failures ?? [];
  const message = checkMessage(check);
  const trace = checkTrace(check, ctx);
  const attachments = checkAttachments(check).map((a) => files.add(a.name, a.text, a.type));
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
  if (x.verdict === 'passed')
    return x.partial?.length ? `judged in part: ${x.partial.map(partialText).join('; ')}` : undefined;
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
    ...c.scope.notExercised.map((g) => `not exercised: ${g.clause}: ${g.why}`),
    ...c.scope.partial.map((g) => `judged in part: ${g.clause}: ${g.why}`),
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
  files.prune();
}

/**
 * The attachments of the checks' exchanges, written into `dir` ahead of the rendering: while the
 * run's cleanup waits on its paced requests, which change none of them. The rendering finds them
 * there by name and writes only the rest. One file at a time, so the proxy in this process goes on
 * serving the cleanup between them.
 */
export async function stageAllureAttachments(
  dir: string,
  certification: Certification,
  events: readonly JournalEvent[],
): Promise<void> {
  mkdirSync(dir, { recursive: true });
  const ctx = outputContext(certification, events);
  const staged = new Set<string>();
  const pending: Promise<void>[] = [];
  const write = (source: string, body: string) => {
    if (staged.has(source)) return;
    staged.add(source);
    pending.push(writeFile(join(dir, source), body));
  };
  for (const x of certification.clauses)
    for (const check of x.checks) {
      for (const a of checkAttachments(check)) {
        const { source, body } = attachmentFile(a.text, a.type);
        write(source, body);
      }
      for (const ex of ctx.evidenceOf(check)) exchangeFiles(dir, ex, write);
      // Lets the cleanup's paced requests and the proxy run between checks.
      await Promise.all(pending.splice(0));
    }
}

export const allureResults: Output = {
  name: 'allure-results',
  kind: 'dir',
  what: `Allure results: ${commandLine('report')} builds the single-file HTML report`,
  write: writeAllureResults,
};
