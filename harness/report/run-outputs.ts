import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError } from '../errors.js';
import type { RecordedExchange } from '../exchange-log.js';
import { redact } from '../redact.js';
import { diffBaseline, type Baseline } from './baseline.js';
import { COPIED_FILES, writeBundle } from './bundle.js';
import { buildCertification, certificationMarkdown, type Certification } from './certification.js';
import type { RunResults } from './results.js';
import type { RunSummary } from './run-summary.js';

/**
 * The files one run (or one merge of shards) leaves in the reports directory:
 *   results.json, run.json        raw results and the secret-free run summary (merge-reports reads them)
 *   certification.json / .md      the verdict per clause
 *   certification/                the bundle (index.html, copies, MANIFEST.sha256)
 */
export const RESULTS_FILE = 'results.json';
export const RUN_FILE = 'run.json';
export const BUNDLE_DIR = 'certification';

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

/** A file's text, unless it is absent or older than `since` (left by an earlier run). */
function readOptional(file: string, since?: number): string | undefined {
  if (!existsSync(file)) return undefined;
  if (since !== undefined && statSync(file).mtimeMs < since) {
    console.warn(`Left out of the bundle: ${file} is from an earlier run.`);
    return undefined;
  }
  return readFileSync(file, 'utf8');
}

export interface OutputOptions {
  baseline?: { file: string; data: Baseline };
  /** Epoch ms: copies older than this were not written by this run and stay out of the bundle. */
  freshSince?: number;
}

/** Writes every report file of the run into `dir` and returns the certification. */
export function writeRunOutputs(dir: string, results: RunResults, summary: RunSummary, opts: OutputOptions = {}): Certification {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, RESULTS_FILE), redact(JSON.stringify(results, null, 2)));
  writeFileSync(join(dir, RUN_FILE), redact(JSON.stringify(summary, null, 2)));
  const cert = buildCertification(summary, results);
  if (opts.baseline) cert.baseline = diffBaseline(opts.baseline.data, cert, opts.baseline.file);
  writeFileSync(join(dir, 'certification.json'), redact(JSON.stringify(cert, null, 2)));
  writeFileSync(join(dir, 'certification.md'), redact(certificationMarkdown(cert)));
  const copies = Object.fromEntries(COPIED_FILES.map((f) => [f, readOptional(join(dir, f), opts.freshSince)]));
  writeBundle(join(dir, BUNDLE_DIR), { certification: cert, results, copies });
  return cert;
}

/** Reads what writeRunOutputs left in a directory (a shard's output, for merge-reports). */
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
