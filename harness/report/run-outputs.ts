import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError } from '../errors.js';
import type { RecordedExchange } from '../exchange-log.js';
import { redact } from '../redact.js';
import { diffBaseline, type Baseline } from './baseline.js';
import type { PacingReport } from '../pacing/stats.js';
import { artifacts, BUNDLE_DIR, bundledFiles, outputFormats, RESULTS_FILE, RUN_FILE } from './artifacts.js';
import { writeBundle } from './bundle.js';
import { buildCertification, type Certification } from './certification.js';
import type { RunResults } from './results.js';
import type { Interruption, RunSummary } from './run-summary.js';

export { RESULTS_FILE, RUN_FILE, BUNDLE_DIR } from './artifacts.js';

/** Bodies kept per exchange in results.json; exchanges.har keeps them whole. */
const MAX_BODY = 4000;
const clip = (s: string | undefined) => (s !== undefined && s.length > MAX_BODY ? `${s.slice(0, MAX_BODY)}…[${s.length - MAX_BODY} more characters]` : s);

/**
 * Gives every check of the results its exchanges (matched on clause, variant and target, which
 * is what the exchange log records), with URLs shown as the server's own address.
 */
export function attachExchanges(results: RunResults, exchanges: RecordedExchange[], urlMap: { from: string; to: string }[] = []): RunResults {
  const key = (x: { clause: string; variant?: string; target: string }) => `${x.clause}\u0000${x.variant ?? ''}\u0000${x.target}`;
  const byCheck = new Map<string, RecordedExchange[]>();
  const sorted = [...exchanges].sort((a, b) => a.startedAt.localeCompare(b.startedAt));
  for (const e of sorted) {
    let url = e.url;
    for (const m of urlMap) if (m.from !== m.to && url.startsWith(m.from)) url = m.to + url.slice(m.from.length);
    const list = byCheck.get(key(e)) ?? [];
    list.push({ ...e, url, requestBody: clip(e.requestBody), responseBody: clip(e.responseBody) });
    byCheck.set(key(e), list);
  }
  return { ...results, checks: results.checks.map((c) => ({ ...c, exchanges: byCheck.get(key(c)) ?? [] })) };
}

export interface OutputOptions {
  baseline?: { file: string; data: Baseline };
  /** The run was interrupted: its certification says so, whatever its checks found. */
  interrupted?: Interruption;
  /** The run's traffic, to say why a run whose target stopped answering is inconclusive. */
  pacing?: PacingReport;
}

const clock = (iso: string) => new Date(iso).toISOString().slice(11, 19);

/**
 * Why the run ended as it did, in one line, when the certification alone cannot say it: an
 * interruption, or a target that stopped answering (pacing.json tells when).
 */
function verdictCause(cert: Certification, results: RunResults, o: OutputOptions): string | undefined {
  if (o.interrupted) {
    const i = o.interrupted;
    const recs = i.records ? `; ${i.records.created} records created, ${i.records.archivedByChecks + i.records.archivedByCleanup} archived, ${i.records.leftovers} left (ledger.json)` : '';
    return `interrupted by ${i.signal} at ${clock(i.at)} UTC after ${i.checksFinished} finished check(s); the others did not run${recs}`;
  }
  if (cert.verdict === 'inconclusive' && o.pacing?.targetDownAt) {
    const unanswered = results.checks.filter((c) => c.verdict === 'inconclusive' && /no answer|stopped answering/i.test(c.reason ?? '')).length;
    return `the target stopped answering at ${clock(o.pacing.targetDownAt)} UTC; ${unanswered} check(s) without an answer` + (cert.verdictCause ? ` (${cert.verdictCause})` : '');
  }
  return cert.verdictCause;
}

/** The certification of a run: the clause verdicts, then what only the run's end knows (interruption, baseline, warnings). */
export function certify(results: RunResults, summary: RunSummary, o: OutputOptions = {}): Certification {
  const cert = buildCertification(summary, results);
  if (o.baseline) cert.baseline = diffBaseline(o.baseline.data, cert, o.baseline.file);
  if (summary.warnings?.length) cert.warnings = summary.warnings;
  const interrupted = o.interrupted ?? summary.interrupted;
  if (interrupted) {
    cert.verdict = 'interrupted';
    cert.interrupted = interrupted;
    for (const c of cert.clauses) if (c.verdict === 'not-run') c.reason = `no check of this clause ended before the run was interrupted (${interrupted.signal})`;
  }
  cert.verdictCause = verdictCause(cert, results, { ...o, interrupted });
  return cert;
}

/** Text files a reporter wrote into the stage: masked like every file the harness writes itself. */
const TEXT = /\.(json|xml|txt|har|md|html|csv)$/i;

function maskFile(file: string): void {
  const text = readFileSync(file, 'utf8');
  const masked = redact(text);
  if (masked !== text) writeFileSync(file, masked);
}

function maskStaged(stage: string): void {
  for (const a of artifacts) {
    if (a.source.by !== 'reporter') continue;
    const path = join(stage, a.name);
    if (!existsSync(path)) continue;
    if (a.kind === 'file') maskFile(path);
    else for (const f of readdirSync(path)) if (TEXT.test(f)) maskFile(join(path, f));
  }
}

/**
 * Stages a run's outputs in `stage` (the run's scratch `out/`, which may already hold what the
 * reporters and the end of the run wrote there): every format of the artifact registry, then the
 * bundle with the registry's bundled files. Returns the certification. Nothing is published here.
 */
export function stageRunOutputs(stage: string, results: RunResults, summary: RunSummary, o: OutputOptions = {}): Certification {
  mkdirSync(stage, { recursive: true });
  const interrupted = o.interrupted ?? summary.interrupted;
  if (interrupted) {
    // Outputs complete only at a run's natural end (junit.xml) would be empty or cut short.
    for (const a of artifacts) if (a.endOnly) rmSync(join(stage, a.name), { recursive: true, force: true });
  }
  maskStaged(stage);
  const fullSummary: RunSummary = interrupted ? { ...summary, interrupted } : summary;
  const certification = certify(results, fullSummary, o);
  for (const { name, format } of outputFormats()) writeFileSync(join(stage, name), redact(format.render({ certification, results, summary: fullSummary })));
  const copies: Record<string, string> = {};
  for (const f of bundledFiles()) if (existsSync(join(stage, f))) copies[f] = readFileSync(join(stage, f), 'utf8');
  writeBundle(join(stage, BUNDLE_DIR), { certification, results, copies });
  return certification;
}

/** Reads what a published run left in a directory (a shard's output, for merge-reports). */
export function readRunOutputs(dir: string): { results: RunResults; summary: RunSummary } {
  const read = <T>(name: string): T => {
    const file = join(dir, name);
    if (!existsSync(file)) throw new ConfigError(`${dir}: no ${name} (is it the reports directory of a conformance run?)`);
    try {
      return JSON.parse(readFileSync(file, 'utf8')) as T;
    } catch (err) {
      throw new ConfigError(`${file}: not valid JSON (${(err as Error).message})`);
    }
  };
  return { results: read<RunResults>(RESULTS_FILE), summary: read<RunSummary>(RUN_FILE) };
}
