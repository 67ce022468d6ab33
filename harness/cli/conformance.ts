import { parseArgs } from 'node:util';
import { loadSettings, type Settings } from '../config.js';
import { ConfigError } from '../errors.js';
import { loadProfile } from '../profile.js';
import { redact } from '../redact.js';
import { vitestReporters } from '../report/artifacts.js';
import { failOnValues, gateExitCode, readBaseline, type Baseline, type FailOn } from '../report/baseline.js';
import ConsoleReporter from '../report/console-reporter.js';
import { endLines } from '../report/end-lines.js';
import { EXIT } from '../report/exit-codes.js';
import { configSummary, parseShard, type Shard } from '../report/run-summary.js';
import { startLines } from '../report/start-block.js';
import { concludeRun, type Conclusion } from '../run/conclude.js';
import { handOver } from '../run/handover.js';
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

async function main(): Promise<number> {
  const opts = parseOptions(process.argv.slice(2));
  if (opts === 'help') {
    console.log(USAGE);
    return EXIT.ok;
  }

  let settings: Settings;
  try {
    settings = loadSettings();
    loadProfile(settings.profileFile);
  } catch (err) {
    if (err instanceof ConfigError) usageError(err.message);
    throw err;
  }

  let run: StartedRun;
  try {
    // Takes REPORTS_DIR's lock first: a second run on the same directory stops here with exit 2.
    run = await startRun({ settings, allure: true, pattern: opts.filter, shardShare: opts.shard ? 1 / opts.shard.count : 1, purpose: 'conformance' });
  } catch (err) {
    if (err instanceof ConfigError) usageError(err.message);
    if (err instanceof PreflightInconclusive) {
      console.error(`Inconclusive: ${redact(err.message)}`);
      return EXIT.inconclusive;
    }
    throw err;
  }
  const main = run.info.targets.find((t) => t.id === 'main')!;
  console.log(
    startLines({ target: main, runId: run.info.runId, pid: process.pid, reportsDir: settings.reportsDir, estimate: run.info.plan.estimate, settings, notes: run.notes, shard: opts.shard, filter: opts.filter })
      .map(redact)
      .join('\n'),
  );

  const dir = settings.reportsDir;
  const concludeOptions = { shard: opts.shard, config: configSummary(settings), baseline: opts.baseline };
  // One conclusion per run: the normal end, or an interruption, whichever comes first.
  let concluding: Conclusion | undefined;
  run.onInterrupt((signal, ledger) => {
    if (concluding) return; // the run had ended and published already
    concluding = concludeRun(run, { ...concludeOptions, interrupted: { signal, at: new Date().toISOString(), ledger } });
    if (concluding.certification) console.error(endLines(concluding.certification, concluding.published, dir, opts.shard).join('\n'));
    else console.error(`${signal}: no check ended before the run was interrupted; nothing was published (${dir} keeps the previous run's outputs).`);
  });

  handOver(run);
  try {
    // Loaded only now: a usage error above answers at once, without starting vitest.
    const { startVitest } = await import('vitest/node');
    const vitest = await startVitest('test', opts.paths, {
      run: true,
      watch: false,
      project: ['conformance'],
      shard: opts.shard ? `${opts.shard.index}/${opts.shard.count}` : undefined,
      testNamePattern: opts.filter,
      reporters: vitestReporters({ stage: run.scratch.stage, console: new ConsoleReporter({ console: settings.console }), outputs: true }) as never,
    });
    // Vitest is closed: archive what the run created, stage ledger.json, exchanges.har, pacing.json.
    await run.finish();
    // No suite file matched the paths: vitest ran nothing and reported nothing.
    const noFiles = (vitest?.state.getFiles().length ?? 0) === 0;
    concluding ??= noFiles ? { published: [], nothing: 'nothing-ran' } : concludeRun(run, concludeOptions);
  } finally {
    run.close();
  }

  const c = concluding;
  if (c.nothing === 'no-results') {
    console.error(`Inconclusive: the run produced no results (see the output above); nothing was published.`);
    return EXIT.inconclusive;
  }
  if (c.nothing === 'nothing-ran' || !c.certification) {
    const what = [opts.filter ? `-t ${JSON.stringify(opts.filter)}` : '', opts.paths.length ? `the paths ${opts.paths.join(' ')}` : ''].filter(Boolean).join(' and ');
    console.error(`Configuration error: no check matched ${what || 'the selection'}; nothing was certified or published (see npm run conformance -- --help).`);
    return EXIT.usage;
  }
  console.log(endLines(c.certification, c.published, dir, opts.shard).join('\n'));
  return gateExitCode(c.certification, opts.failOn, c.certification.baseline);
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(redact(err instanceof Error ? err.message : String(err)));
    process.exit(EXIT.inconclusive);
  },
);
