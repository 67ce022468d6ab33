import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { childEnv, environment, reportSettings, type ReportSettings } from '../config.js';
import { ConfigError } from '../core/errors.js';
import { redact } from '../redact.js';
import { openableFromDisk } from '../outputs/allure-single-file.js';
import { ALLURE_REPORT, ALLURE_RESULTS, CERTIFICATION_JSON } from '../outputs/registry.js';
import type { Certification } from '../certify/certify.js';
import { clauseLinks, copyWithClauseLinks } from '../outputs/clause-links.js';
import { clausesPage } from '../outputs/clauses-page.js';
import { EXIT } from '../core/exit-codes.js';
import { removeIfEmpty, RUNS_DIR } from '../publish/publish.js';
import { claimReportsDir } from '../publish/reports-dir.js';
import { commandLine } from '../core/invocation.js';
import { PROJECT_ROOT } from '../core/paths.js';

/**
 * `npm run report`: the Allure 3 HTML report of the published run, as one file that opens from
 * disk (reports/allure-report/index.html), grouped area (epic) → spec section (feature) →
 * clause (story), with a clauses.html page that each test's clause link points at. The history
 * of earlier runs (trends, new and flaky tests) is kept in ALLURE_HISTORY_DIR, which CI can
 * persist between pipelines; each run is added to it once, however often its report is built.
 */
const root = PROJECT_ROOT;
/** allure's CLI wherever npm put it (hoisted when the harness is installed as a package). */
const allureCli = () => join(dirname(fileURLToPath(import.meta.resolve('allure'))), '../cli.js');
export const HISTORY_FILE = 'history.jsonl';
/** Run ids already in the history, so building a run's report twice adds it once. */
export const HISTORY_RUNS = 'runs.json';

/** Relative to the working directory when inside it, else absolute. */
function shown(path: string): string {
  const rel = relative(process.cwd(), path);
  return rel && !rel.startsWith('..') ? rel : path;
}

function readCertification(dir: string): Certification | undefined {
  try {
    return JSON.parse(readFileSync(join(dir, CERTIFICATION_JSON), 'utf8')) as Certification;
  } catch {
    return undefined;
  }
}

function readRuns(file: string): string[] {
  try {
    const v = JSON.parse(readFileSync(file, 'utf8')) as unknown;
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

/** Allure 3 configuration: one file, the tree by epic/feature/story, the run's facts as report variables, the history. */
function allureConfig(cert: Certification | undefined, history: { file: string; append: boolean }): object {
  const variables: Record<string, string> = cert
    ? {
        Verdict: cert.headline ?? cert.verdict,
        ...(cert.verdictCause ? { Why: cert.verdictCause } : {}),
        Target: `${cert.target.url} (${cert.target.kind})`,
        Run: cert.run.runId,
        Seed: String(cert.seed),
        Mode: cert.mode,
        'Spec sha256': cert.spec.sha256 ?? 'unknown',
        Harness: `${cert.harness.name} ${cert.harness.version}`,
      }
    : {};
  // The header and the page title carry the verdict: the ring counts clauses, and one failed clause is
  // a thin slice of it. Allure 3 shows the top-level name there (the plugin's reportName only in its summary).
  const title = cert ? `Partner API v2 conformance: ${cert.headline}` : 'Partner API v2 conformance';
  return {
    name: title,
    variables,
    historyPath: history.file,
    appendHistory: history.append,
    plugins: {
      awesome: {
        options: {
          reportName: title,
          singleFile: true,
          groupBy: ['epic', 'feature', 'story'],
          stepTreeExpansion: 'collapsed',
        },
      },
    },
    // Each clause result carries its certificate verdict as a label; a harness error names itself in the message.
    categories: [
      { name: 'Contract violations', matchers: { statuses: ['failed'] } },
      { name: "Harness errors (not the target's fault)", matchers: { statuses: ['broken'], message: 'harness error' } },
      {
        name: 'Inconclusive (no answer, an answer that cannot be judged, a precondition failed)',
        matchers: { statuses: ['broken'] },
      },
      {
        name: 'Not judged (set the CONFORMANCE_PROFILE key named)',
        matchers: { statuses: ['skipped'], labels: { verdict: '^not-judged$' } },
      },
      {
        name: 'Skipped (mode or configuration)',
        matchers: { statuses: ['skipped'], labels: { verdict: '^skipped$' } },
      },
      {
        name: 'Not testable or not run',
        matchers: { statuses: ['skipped'], labels: { verdict: '^(not-testable|not-run)$' } },
      },
    ],
  };
}

function build(s: ReportSettings, scratchRoot: string): number {
  const dir = s.reportsDir;
  const results = join(dir, ALLURE_RESULTS);
  const cert = readCertification(dir);
  mkdirSync(s.allureHistoryDir, { recursive: true });
  const runsFile = join(s.allureHistoryDir, HISTORY_RUNS);
  const runs = readRuns(runsFile);
  const runId = cert?.run.runId;
  const append = runId === undefined || !runs.includes(runId);
  const history = { file: join(s.allureHistoryDir, HISTORY_FILE), append };

  const configFile = join(scratchRoot, 'allurerc.json');
  writeFileSync(configFile, JSON.stringify(allureConfig(cert, history), null, 2));
  // Raw results stay as the run wrote them; the report is built from a copy with clickable clause links.
  const links = clauseLinks(s, root);
  const linked = join(scratchRoot, ALLURE_RESULTS);
  copyWithClauseLinks(results, linked, links);
  const built = join(scratchRoot, ALLURE_REPORT);
  const r = spawnSync(process.execPath, [allureCli(), 'generate', linked, '--output', built, '--config', configFile], {
    stdio: ['ignore', 'inherit', 'inherit'],
    env: childEnv({ NO_COLOR: process.stdout.isTTY && !s.console.noColor ? undefined : '1' }),
  });
  const index = join(built, 'index.html');
  if (r.status !== 0 || !existsSync(index)) {
    console.error(`allure generate failed (exit ${r.status ?? r.signal}); see the output above.`);
    return EXIT.failed;
  }
  writeFileSync(index, openableFromDisk(readFileSync(index, 'utf8')));
  writeFileSync(join(built, 'clauses.html'), clausesPage(cert));
  // Replace the previous report whole (a directory rename), never leave half of one.
  const out = join(dir, ALLURE_REPORT);
  const old = join(scratchRoot, 'previous');
  if (existsSync(out)) renameSync(out, old);
  renameSync(built, out);
  if (append && runId) writeFileSync(runsFile, JSON.stringify([...runs, runId], null, 2));

  const target = join(out, 'index.html');
  console.log(`Allure report: ${shown(target)} (one file: open it in a browser, no server needed)`);
  console.log(
    `  ${cert ? `run ${cert.run.runId}, ${cert.headline ?? cert.verdict}` : 'no certification.json beside the results'}; history: ${shown(history.file)} (${append ? 'this run added' : 'this run was already in it'}; ALLURE_HISTORY_DIR keeps it across runs)`,
  );
  console.log(`  ${links.describe}`);
  return EXIT.ok;
}

export function buildReport(flags: Record<string, string> = {}): number {
  let s: ReportSettings;
  try {
    s = reportSettings(environment(), { flags });
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(`Configuration error: ${err.message}`);
      return EXIT.usage;
    }
    throw err;
  }
  const results = join(s.reportsDir, ALLURE_RESULTS);
  const noResults = () => !existsSync(results) || readdirSync(results).length === 0;
  if (noResults() && !existsSync(join(s.reportsDir, '.publish.json'))) {
    console.error(`No Allure results in ${shown(results)}: run ${commandLine('run')} first.`);
    return EXIT.usage;
  }
  let claim;
  try {
    // A run publishing into REPORTS_DIR meanwhile would replace the results under the report.
    claim = claimReportsDir(s.reportsDir, `report-${Date.now().toString(36)}`, 'report');
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(`Configuration error: ${err.message}`);
      return EXIT.usage;
    }
    throw err;
  }
  try {
    for (const n of claim.notes) console.log(`note: ${n}`);
    if (noResults()) {
      console.error(`No Allure results in ${shown(results)}: run ${commandLine('run')} first.`);
      return EXIT.usage;
    }
    return build(s, claim.scratch.root);
  } finally {
    rmSync(claim.scratch.root, { recursive: true, force: true });
    removeIfEmpty(join(s.reportsDir, RUNS_DIR));
    claim.lock.release();
  }
}
