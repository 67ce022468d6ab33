import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { loadSettings } from '../config.js';
import { ConfigError } from '../errors.js';
import { readExchanges } from '../exchange-log.js';
import { loadProfile } from '../profile.js';
import { redact } from '../redact.js';
import { baselineLines, failOnValues, gateExitCode, readBaseline, type Baseline, type FailOn } from '../report/baseline.js';
import ConsoleReporter from '../report/console-reporter.js';
import { RunCapture } from '../report/run-capture.js';
import { EXIT } from '../report/exit-codes.js';
import type { RunResults } from '../report/results.js';
import { artifactLines } from '../report/artifacts.js';
import { attachExchanges, RESULTS_FILE, RUN_FILE, writeRunOutputs } from '../report/run-outputs.js';
import { configSummary, parseShard, summarizeRun, type Shard } from '../report/run-summary.js';
import { BASE_URL_HANDOVER, CLI_FLAG, reportsDir } from '../run/start-run.js';
import { probeTarget } from '../run/probe.js';

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

async function main(): Promise<number> {
  const opts = parseOptions(process.argv.slice(2));
  if (opts === 'help') {
    console.log(USAGE);
    return EXIT.ok;
  }

  let settings;
  try {
    settings = loadSettings(process.env);
    loadProfile(settings.profileFile);
  } catch (err) {
    if (err instanceof ConfigError) usageError(err.message);
    throw err;
  }

  if (settings.baseUrl) {
    const probe = await probeTarget(settings);
    if (!probe.ok) {
      console.error(`Inconclusive: ${probe.reason}`);
      return EXIT.inconclusive;
    }
  }

  // The run's own settings are read again in the global setup: pin the seed drawn here so the report shows the one used.
  process.env.SEED = String(settings.seed);
  process.env[CLI_FLAG] = '1';
  process.env.CONFORMANCE_ALLURE = '1';
  if (settings.baseUrl) process.env[BASE_URL_HANDOVER] = settings.baseUrl;
  else delete process.env[BASE_URL_HANDOVER];
  const dir = reportsDir();
  clearStaleOutputs(dir);
  // Filesystem clocks can lag a little behind Date.now(): allow a second.
  const startedAt = Date.now() - 1000;
  const capture = new RunCapture();
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
      capture,
      ['junit', { outputFile: join(dir, 'junit.xml') }],
      ['allure-vitest/reporter', { resultsDir: join(dir, 'allure-results') }],
      './harness/report/results-reporter.ts',
    ],
  });
  // startVitest has closed vitest: the global teardown (cleanup, ledger.json, exchanges.har) is done.
  const run = capture.run;

  const resultsFile = run ? join(run.runDir, 'results.json') : undefined;
  if (!run || !resultsFile || !existsSync(resultsFile)) {
    console.error('Inconclusive: the run produced no results (see the output above).');
    return EXIT.inconclusive;
  }
  const raw = JSON.parse(readFileSync(resultsFile, 'utf8')) as RunResults;
  const urls = run.targets.map((t) => ({ from: t.baseUrl, to: t.publicUrl }));
  const results = attachExchanges(raw, readExchanges(run.runDir), urls);
  const summary = summarizeRun(run, { shard: opts.shard, config: configSummary(settings) });
  const cert = writeRunOutputs(dir, results, summary, { baseline: opts.baseline, freshSince: startedAt });

  const counts = Object.entries(cert.summary).map(([k, v]) => `${v} ${k}`).join(', ');
  console.log(`\nVerdict: ${cert.verdict.toUpperCase()} (clauses: ${counts})${opts.shard ? ` for shard ${opts.shard.index}/${opts.shard.count}` : ''}`);
  for (const f of cert.clauses.filter((c) => c.verdict === 'failed')) console.log(`  failed: ${f.id} (${f.section})`);
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
