import type { KeyObject } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Certification } from '../certify/types.js';
import type { JournalEvent } from '../core/events.js';
import { allureResults } from './allure.js';
import { bundleOutput, type BundlePages } from './bundle.js';
import { coverageHtml } from './coverage-page.js';
import { exchangesHar } from './har.js';
import { certificationJson, journalJsonl, ledgerJson, pacingJson, resultsJson, runJson } from './json.js';
import { junitOutput } from './junit.js';
import { certificationMd } from './md.js';
import { outputContext, type Output } from './output.js';
import { commandLine } from '../core/invocation.js';

/**
 * Every output of a run, in the order a reader wants them: each a handler of the same certificate
 * (and the journal behind it). The run renders them into its stage when it ends, merge-reports
 * renders them again from the merged journal, the publisher moves them, the console lists them,
 * and a self-test checks reports/README.md against this list. A new output is one file exporting
 * an Output plus one entry here.
 */

export const BUNDLE_DIR = 'certification';
export const CERTIFICATION_JSON = certificationJson.name;
export const JOURNAL_FILE = journalJsonl.name;
export const ALLURE_RESULTS = allureResults.name;
export const ALLURE_REPORT = 'allure-report';

/** Built by `npm run report` from the published set; removed whenever a new set is published. */
const allureReport: Output = {
  name: ALLURE_REPORT,
  kind: 'dir',
  show: `${ALLURE_REPORT}/index.html`,
  what: `Allure report, one file that opens from disk (${commandLine('report')})`,
  later: true,
};

const files: readonly Output[] = [
  certificationMd,
  certificationJson,
  junitOutput,
  allureResults,
  exchangesHar,
  ledgerJson,
  pacingJson,
  resultsJson,
  runJson,
  journalJsonl,
];

/** Pages of the bundle besides index.html (which links them). */
const pages: BundlePages = { 'coverage.html': coverageHtml };

export function outputs(): readonly Output[] {
  return [
    bundleOutput(
      files.filter((o) => o.inBundle),
      pages,
    ),
    ...files,
    allureReport,
  ];
}

export function outputNames(): string[] {
  return outputs().map((o) => o.name);
}

/** Files the bundle carries besides its own pages and manifest, in registry order. */
export function bundledFiles(): string[] {
  return files.filter((o) => o.inBundle).map((o) => o.name);
}

/**
 * Renders every output of a certificate into `stage`: the files first, then the bundle, which
 * copies the bundled ones. Nothing here is published: harness/publish/ moves the set.
 */
export function renderOutputs(
  stage: string,
  certification: Certification,
  events: readonly JournalEvent[],
  o: { signKey?: KeyObject } = {},
): string[] {
  mkdirSync(stage, { recursive: true });
  const ctx = outputContext(certification, events, o);
  const [bundle, ...rest] = outputs();
  const written: string[] = [];
  for (const o of [...rest, bundle!]) {
    if (o.later || !o.write) continue;
    o.write(join(stage, o.name), ctx);
    written.push(o.name);
  }
  return written;
}

/** Where the bundle's page is under a reports directory, as the console shows paths. */
export function pagePath(dir: string): string {
  const p = join(dir, BUNDLE_DIR, 'index.html');
  const rel = relative(process.cwd(), p);
  return rel && !rel.startsWith('..') ? rel : p;
}

/** Console lines naming the outputs `names` (what this run published) under `dir`. */
export function outputLines(dir: string, names: readonly string[]): string[] {
  const shown = (p: string) => {
    const rel = relative(process.cwd(), p);
    return rel && !rel.startsWith('..') ? rel : p;
  };
  const list = outputs()
    .filter((o) => names.includes(o.name))
    .map((o) => [shown(join(dir, o.show ?? o.name)), o.what] as const);
  if (list.length === 0) return [];
  const width = Math.max(...list.map(([p]) => p.length), 10);
  return ['Outputs:', ...list.map(([p, what]) => `  ${p.padEnd(width)}  ${what}`)];
}
