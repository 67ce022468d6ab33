import { join, relative } from 'node:path';
import type { Reporter } from 'vitest/node';
import { mergeHar, mergeJunit, mergeLedger, perShard } from './merge.js';
import type { OutputFormat } from './output-format.js';
import { certificationJson } from './outputs/certification-json.js';
import { certificationMd } from './outputs/certification-md.js';
import { resultsJson } from './outputs/results-json.js';
import { runJson } from './outputs/run-json.js';
import ResultsReporter from './results-reporter.js';

/**
 * The artifact registry: every output of a run, in the order a reader wants them. The run's
 * writers, the bundle, merge-reports, the publisher and the console read it; a self-test checks
 * reports/README.md against it. A new output format is one file exporting an OutputFormat
 * (harness/report/output-format.ts) plus one entry here.
 */

/** A vitest reporter as `startVitest` takes it. */
export type ReporterEntry = Reporter | string | [string, Record<string, unknown>];

export type ArtifactSource =
  /** Rendered from the certification and results when the run ends (rendered again by merge-reports). */
  | { by: 'format'; format: OutputFormat }
  /** Written by a vitest reporter while the run goes, into the run's stage. */
  | { by: 'reporter'; reporter: (path: string) => ReporterEntry }
  /** Written by the end of the run (harness/run/end-run.ts): cleanup, traffic. */
  | { by: 'end-of-run' }
  /** The certification bundle (harness/report/bundle.ts). */
  | { by: 'bundle' }
  /** Built later from the published set by `npm run report`; removed whenever a new set is published. */
  | { by: 'report' };

/** Several shards' copies of one file, each labelled with its shard. */
export type ShardTexts = { label: string; text: string }[];

export interface Artifact {
  /** Name under the reports directory. */
  name: string;
  kind: 'file' | 'dir';
  /** What it is, for the console and reports/README.md. */
  what: string;
  source: ArtifactSource;
  /** The path the console offers, when not the artifact itself (a directory's page). */
  show?: string;
  /** Copied into the certification bundle (and listed in its manifest). */
  inBundle?: boolean;
  /** Complete only when the run ends normally: left out of an interrupted run's set. */
  endOnly?: boolean;
  /** How merge-reports combines the shards' copies: a function over their texts, or 'union' (every file of the directories). Formats are rendered again instead. */
  merge?: ((parts: ShardTexts) => string) | 'union';
}

export const BUNDLE_DIR = 'certification';
export const CERTIFICATION_JSON = 'certification.json';
export const JUNIT_FILE = 'junit.xml';
export const ALLURE_RESULTS = 'allure-results';
export const HAR_FILE = 'exchanges.har';
export const LEDGER_FILE = 'ledger.json';
export const PACING_FILE = 'pacing.json';
export const RESULTS_FILE = 'results.json';
export const RUN_FILE = 'run.json';
export const ALLURE_REPORT = 'allure-report';

export const artifacts: readonly Artifact[] = [
  { name: BUNDLE_DIR, kind: 'dir', show: `${BUNDLE_DIR}/index.html`, what: 'certification bundle: open in a browser; npm run verify-bundle checks it', source: { by: 'bundle' } },
  { name: 'certification.md', kind: 'file', what: 'verdict per clause, as text', source: { by: 'format', format: certificationMd } },
  { name: CERTIFICATION_JSON, kind: 'file', what: 'verdict per clause, machine-readable (use as --baseline)', source: { by: 'format', format: certificationJson }, inBundle: true },
  {
    name: JUNIT_FILE,
    kind: 'file',
    what: 'JUnit for CI',
    // By path: vitest loads it, so the CLI does not load vitest before it needs to.
    source: { by: 'reporter', reporter: (path) => ['./harness/report/junit-reporter.ts', { outputFile: path }] },
    inBundle: true,
    endOnly: true,
    merge: (parts) => mergeJunit(parts.map((p) => p.text)),
  },
  {
    name: ALLURE_RESULTS,
    kind: 'dir',
    what: 'Allure results: npm run report builds the single-file HTML report',
    source: { by: 'reporter', reporter: (path) => ['allure-vitest/reporter', { resultsDir: path }] },
    // allure-vitest writes its results when the run ends.
    endOnly: true,
    merge: 'union',
  },
  { name: HAR_FILE, kind: 'file', what: 'every exchange, redacted (HAR 1.2)', source: { by: 'end-of-run' }, inBundle: true, merge: (parts) => mergeHar(parts.map((p) => p.text)) },
  { name: LEDGER_FILE, kind: 'file', what: 'records created and archived', source: { by: 'end-of-run' }, inBundle: true, merge: (parts) => mergeLedger(parts.map((p) => p.text)) },
  { name: PACING_FILE, kind: 'file', what: 'traffic: requests, retries, unanswered, waits', source: { by: 'end-of-run' }, inBundle: true, merge: perShard },
  { name: RESULTS_FILE, kind: 'file', what: 'raw results per check: input of merge-reports', source: { by: 'format', format: resultsJson } },
  { name: RUN_FILE, kind: 'file', what: 'run summary without secrets: input of merge-reports', source: { by: 'format', format: runJson } },
  { name: ALLURE_REPORT, kind: 'dir', show: `${ALLURE_REPORT}/index.html`, what: 'Allure report, one file that opens from disk', source: { by: 'report' } },
];

export function artifactNames(): string[] {
  return artifacts.map((a) => a.name);
}

export function artifactNamed(name: string): Artifact {
  const a = artifacts.find((x) => x.name === name);
  if (!a) throw new Error(`no artifact ${name} in the registry`);
  return a;
}

/** Files the bundle carries besides its own index.html and manifest, in registry order. */
export function bundledFiles(): string[] {
  return artifacts.filter((a) => a.inBundle && a.kind === 'file').map((a) => a.name);
}

/** The formats a run renders when it ends. */
export function outputFormats(): { name: string; format: OutputFormat }[] {
  return artifacts.flatMap((a) => (a.source.by === 'format' ? [{ name: a.name, format: a.source.format }] : []));
}

/**
 * The reporters of a conformance vitest run, registered here only: the console, each artifact a
 * reporter writes into `stage` (unless `outputs` is false, as in the self-check), and the raw
 * results the end of the run reads.
 */
export function vitestReporters(o: { stage: string; console: ReporterEntry; outputs: boolean }): ReporterEntry[] {
  const writers = o.outputs
    ? artifacts.flatMap((a) => (a.source.by === 'reporter' ? [a.source.reporter(join(o.stage, a.name))] : []))
    : [];
  return [o.console, ...writers, new ResultsReporter()];
}

/** Console lines naming the artifacts `names` (what this run published) under `dir`. */
export function artifactLines(dir: string, names: readonly string[]): string[] {
  const shown = (p: string) => {
    const rel = relative(process.cwd(), p);
    return rel && !rel.startsWith('..') ? rel : p;
  };
  const list = artifacts.filter((a) => names.includes(a.name)).map((a) => [shown(join(dir, a.show ?? a.name)), a.what] as const);
  if (list.length === 0) return [];
  const width = Math.max(...list.map(([p]) => p.length), 10);
  return ['Artifacts:', ...list.map(([p, what]) => `  ${p.padEnd(width)}  ${what}`)];
}
