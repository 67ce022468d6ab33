import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { loadSettings, type Settings } from '../config.js';
import { ConfigError } from '../errors.js';
import { readExchanges } from '../exchange-log.js';
import { loadProfile } from '../profile.js';
import { redact } from '../redact.js';
import { baselineLines, failOnValues, gateExitCode, readBaseline, type Baseline, type FailOn } from '../report/baseline.js';
import ConsoleReporter from '../report/console-reporter.js';
import { EXIT } from '../report/exit-codes.js';
import type { RunResults } from '../report/results.js';
import { artifactLines } from '../report/artifacts.js';
import { attachExchanges, RESULTS_FILE, RUN_FILE, writeRunOutputs } from '../report/run-outputs.js';
import { configSummary, parseShard, summarizeRun, type Shard } from '../report/run-summary.js';
import { handOver } from '../run/handover.js';
import { lowerBoundMs } from '../run/plan.js';
import { budgetLine } from '../report/certification.js';
import { coverageLine } from '../report/coverage.js';
import { PreflightInconclusive } from '../run/preflight.js';
import { startRun, type StartedRun } from '../run/start-run.js';

/**
 * `npm run conformance`: certify BASE_URL, or the embedded mock when it is unset.
 * Exit codes: 0 conformant, 1 a contract check failed, 2 configuration or usage error,
 * 3 inconclusive (the target could not be reached or did not answer).
 * With --fail-on regression and --baseline, 1 means a clause fails that did not fail in the baseline.
 */
export { EXIT };

const USAGE =
  'usage: npm run conformance -- [--shard i/n] [--baseline certification.json] [--fail-on any|regression] [-t name-pattern] [suite paths…]';

function usageError(message: string): never {
  console.error(`Configuration error: ${message}`);
  process.exit(EXIT.usage);
}

interface Options {
  shard?: Shard;
  baseline?: { file: string; data: Baseline };
  failOn: FailOn;
  filter?: string;
  paths: string[];
}

/** Validates the flags; every mistake is one line and exit 2. */
function parseOptions(argv: string[]): Options | 'help' {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      options: {
        shard: { type: 'string' },
        baseline: { type: 'string' },
        'fail-on': { type: 'string' },
        filter: { type: 'string', short: 't' },
        help: { type: 'boolean', short: 'h' },
      },
      allowPositionals: true,
    });
  } catch (err) {
    usageError(`${(err as Error).message.split('\n')[0]} (${USAGE})`);
  }
  const v = parsed.values;
  if (v.help) return 'help';
  const opts: Options = { failOn: 'any', filter: v.filter, paths: parsed.positionals };
  if (v.shard !== undefined) {
    opts.shard = parseShard(v.shard);
    if (!opts.shard) usageError(`--shard must be i/n with 1 ≤ i ≤ n, e.g. 1/3 (got "${v.shard}")`);
  }
  if (v['fail-on'] !== undefined) {
    if (!(failOnValues as readonly string[]).includes(v['fail-on'])) usageError(`--fail-on must be ${failOnValues.join(' or ')} (got "${v['fail-on']}")`);
    opts.failOn = v['fail-on'] as FailOn;
  }
  if (v.baseline !== undefined) {
    try {
      opts.baseline = { file: v.baseline, data: readBaseline(v.baseline) };
    } catch (err) {
      if (err instanceof ConfigError) usageError(err.message);
      throw err;
    }
  }
  if (opts.failOn === 'regression' && !opts.baseline) usageError('--fail-on regression needs --baseline <certification.json> to compare with');
  return opts;
}

/** Outputs of an earlier run that must not be mistaken for this run's (the bundle is replaced atomically at the end). */
function clearStaleOutputs(dir: string): void {
  for (const f of [RESULTS_FILE, RUN_FILE, 'certification.json', 'certification.md', 'allure-results']) rmSync(join(dir, f), { recursive: true, force: true });
}

/** The run's facts before it starts: what is judged, how, and how long the limits make it take. */
function startLines(run: StartedRun, settings: Settings): string[] {
  const t = run.info.targets.find((x) => x.id === 'main')!;
  const e = run.info.plan.estimate;
  const limits = settings.rateLimitGetPerMin || settings.rateLimitWritePerMin
    ? `${settings.rateLimitGetPerMin || 'unlimited'} GETs and ${settings.rateLimitWritePerMin || 'unlimited'} writes a minute`
    : 'no rate limit';
  const minutes = (ms: number) => (ms >= 60_000 ? `${(ms / 60_000).toFixed(1)} min` : `${Math.round(ms / 1000)} s`);
  return [
    `Certifying ${t.publicUrl} (${t.kind === 'embedded' ? 'the embedded reference mock' : 'live target'}) for company ${t.companyId}`,
    `  mode ${settings.mode}, seed ${settings.seed} (replay with SEED=${settings.seed}), ${settings.numRuns} property runs, at most ${settings.maxConcurrency} requests in flight, ${limits}`,
    e.lowerBoundMs > 0
      ? `  budget: ${e.checks} checks and ${e.sharedTasks} shared fixtures, about ${e.get} GETs and ${e.write} writes; the limits alone make that at least ${minutes(e.lowerBoundMs)}`
      : `  budget: ${e.checks} checks and ${e.sharedTasks} shared fixtures; not paced (no rate limit), so property runs are not trimmed and it is not planned`,
    ...settings.warnings.map((w) => `  warning: ${w}`),
  ];
}

async function main(): Promise<number> {
  const opts = parseOptions(process.argv.slice(2));
  if (opts === 'help') {
    console.log(USAGE);
    return EXIT.ok;
  }

  let settings: Settings;
  try {
    settings = loadSettings(process.env);
    loadProfile(settings.profileFile);
  } catch (err) {
    if (err instanceof ConfigError) usageError(err.message);
    throw err;
  }

  let run: StartedRun;
  try {
    run = await startRun({ settings, allure: true, pattern: opts.filter, shardShare: opts.shard ? 1 / opts.shard.count : 1 });
  } catch (err) {
    if (err instanceof ConfigError) usageError(err.message);
    if (err instanceof PreflightInconclusive) {
      console.error(`Inconclusive: ${redact(err.message)}`);
      return EXIT.inconclusive;
    }
    throw err;
  }
  console.log(startLines(run, settings).map(redact).join('\n'));

  const dir = settings.reportsDir;
  clearStaleOutputs(dir);
  // Filesystem clocks can lag a little behind Date.now(): allow a second.
  const startedAt = Date.now() - 1000;
  handOver(run);
  // Loaded only now: a usage error above answers at once, without starting vitest.
  const { startVitest } = await import('vitest/node');
  await startVitest('test', opts.paths, {
    run: true,
    watch: false,
    project: ['conformance'],
    shard: opts.shard ? `${opts.shard.index}/${opts.shard.count}` : undefined,
    testNamePattern: opts.filter,
    reporters: [
      new ConsoleReporter(),
      ['junit', { outputFile: join(dir, 'junit.xml') }],
      ['allure-vitest/reporter', { resultsDir: join(dir, 'allure-results') }],
      './harness/report/results-reporter.ts',
    ],
  });
  // Vitest is closed: archive what the run created, write ledger.json, exchanges.har, pacing.json.
  const wallMs = Date.now() - startedAt - 1000;
  await run.finish();
  const traffic = run.pacing.report();

  const resultsFile = join(run.info.runDir, 'results.json');
  if (!existsSync(resultsFile)) {
    console.error('Inconclusive: the run produced no results (see the output above).');
    return EXIT.inconclusive;
  }
  const raw = JSON.parse(readFileSync(resultsFile, 'utf8')) as RunResults;
  if (raw.checks.length === 0 && raw.runErrors.length === 0) {
    const what = [opts.filter ? `-t ${JSON.stringify(opts.filter)}` : '', opts.paths.length ? `the paths ${opts.paths.join(' ')}` : ''].filter(Boolean).join(' and ');
    console.error(`Configuration error: no check matched ${what || 'the selection'}; nothing was certified (see npm run conformance -- --help).`);
    return EXIT.usage;
  }
  const urls = run.info.targets.map((t) => ({ from: t.baseUrl, to: t.publicUrl }));
  const results = attachExchanges(raw, readExchanges(run.info.runDir), urls);
  const limits = { getPerMin: settings.rateLimitGetPerMin, writePerMin: settings.rateLimitWritePerMin };
  const used = traffic.requestsByClass;
  const budget = {
    limits,
    planned: run.info.plan.estimate,
    actual: { ...used, lowerBoundMs: lowerBoundMs(used, limits), wallMs, answered429: traffic.rateLimitedAnswers },
  };
  const summary = summarizeRun(run.info, { shard: opts.shard, config: configSummary(settings), budget });
  const cert = writeRunOutputs(dir, results, summary, { baseline: opts.baseline, freshSince: startedAt });

  const counts = Object.entries(cert.summary).filter(([, v]) => v > 0).map(([k, v]) => `${v} ${k}`).join(', ');
  console.log(`\nVerdict: ${cert.verdict.toUpperCase()} (clauses: ${counts})${opts.shard ? ` for shard ${opts.shard.index}/${opts.shard.count}` : ''}`);
  for (const f of cert.clauses.filter((c) => c.verdict === 'failed')) console.log(`  failed: ${f.id} (${f.section})`);
  if (cert.verdictCause) console.log(`  why: ${cert.verdictCause}`);
  if (cert.budget) console.log(budgetLine(cert.budget).replace(/^- /, ''));
  if (cert.coverage) console.log(coverageLine(cert.coverage));
  if (cert.baseline) console.log(baselineLines(cert.baseline).join('\n'));
  console.log(artifactLines(dir).map((l) => redact(l)).join('\n'));
  return gateExitCode(cert, opts.failOn, cert.baseline);
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(redact(err instanceof Error ? err.message : String(err)));
    process.exit(EXIT.inconclusive);
  },
);
