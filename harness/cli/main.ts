import { Command, CommanderError, Option } from 'commander';
import { areas } from '../../contract/clause.js';
import { harnessVersion } from '../certify/certify.js';
import { ConfigError } from '../core/errors.js';
import { EXIT } from '../core/exit-codes.js';
import { commandLine, installedAsPackage, type CommandName } from '../core/invocation.js';
import { envSetting } from '../config.js';
import { redact } from '../redact.js';
import {
  exitCodes,
  exitHelp,
  intArg,
  RUN_SETTINGS,
  settingFlags,
  settingsHelp,
  withSettingFlags,
  type SettingNames,
} from './options.js';

/**
 * `partner-conformance`: one command line, with subcommands (run, rerun, config, mock, report, verify,
 * merge, cleanup, selfcheck, spec-drift), each with --help listing its options, the settings it reads
 * (flag, variable, default) and its exit codes. The npm scripts are aliases of it. A subcommand's
 * module is loaded only when it runs, so --help and usage errors answer at once.
 */

const REPORT_SETTINGS: SettingNames = [
  'REPORTS_DIR',
  'ALLURE_HISTORY_DIR',
  'REPORT_CLAUSES_URL',
  'ENV_FILE',
  'CONFORMANCE_CONFIG',
  'CI',
  'NO_COLOR',
];
const TARGET_SETTINGS: SettingNames = [
  'BASE_URL',
  'ACCESS_TOKEN',
  'PARTNER_ID',
  'AUTH_KEY',
  'AUTH_LOGIN_PATH',
  'AUTH_REFRESH_PATH',
  'COMPANY_ID',
  'CONFORMANCE_PROFILE',
  'REQUEST_TIMEOUT_MS',
  'RATE_LIMIT_GET_PER_MIN',
  'RATE_LIMIT_WRITE_PER_MIN',
  'CONFORMANCE_MODE',
  'ENV_FILE',
  'CONFORMANCE_CONFIG',
];
const MOCK_RUN_SETTINGS: SettingNames = [
  'REPORTS_DIR',
  'NUM_RUNS',
  'CONSISTENCY_WINDOW_MS',
  'VITEST_MAX_WORKERS',
  'CI',
  'NO_COLOR',
];

type Options = Record<string, unknown>;
const text = (v: unknown) => (typeof v === 'string' ? v : undefined);
const num = (v: unknown) => (typeof v === 'number' ? v : undefined);
const collect = (value: string, previous: string[] = []) => [...previous, value];

/** A usage error as the one line every configuration error is, pointing at the help. */
const oneLine = (help: string) => (message: string, write: (s: string) => void) =>
  write(`${message.trim().replace(/^error: /, 'Configuration error: ')} (see ${help})\n`);

/** In a checkout, where the npm script alias is worth knowing. */
const alias = (name: CommandName) => (installedAsPackage() ? '' : ` (${commandLine(name)})`);

const failOn = () =>
  new Option('--fail-on <when>', 'exit 1 on any failing clause, or only on a newly failing one (needs --baseline)')
    .choices(['any', 'regression'])
    .default('any');

interface Spec {
  name: CommandName;
  description: string;
  settings: SettingNames;
  exits: readonly string[];
}

/**
 * The program; each action's exit code goes to `setExit` (commander's actions return nothing).
 */
export function program(setExit: (code: number) => void = () => undefined): Command {
  const { name, version } = harnessVersion();
  const act =
    <A extends unknown[]>(fn: (...args: A) => Promise<number>) =>
    async (...args: A) =>
      setExit(await fn(...args));
  // Settings flags are added last, so each command's own options come first in its help.
  const settingsOf = new Map<Command, SettingNames>();
  const command = (s: Spec): Command => {
    const cmd = p.command(s.name).description(`${s.description}${alias(s.name)}`);
    settingsOf.set(cmd, s.settings);
    const settings = s.settings.length ? settingsHelp(s.settings) : '';
    cmd.addHelpText('after', [settings, exitHelp(s.exits)].filter(Boolean).join('\n'));
    return cmd;
  };

  const p = new Command('partner-conformance')
    .description(
      'Contract tests and conformance certification of the Partner Service API v2 (vehicles, items, ' +
        'customers, inventory levels, appointment requests, purchase orders).',
    )
    .version(`${name} ${version}`, '-V, --version', 'print the harness version')
    .configureOutput({ outputError: oneLine('partner-conformance --help') })
    .exitOverride();
  p.addHelpText('after', exitHelp(["0, 1, 2, 3, 130, 143: see each command's --help"]));

  command({
    name: 'run',
    description: 'certify BASE_URL, or the embedded reference mock when it is unset',
    settings: RUN_SETTINGS,
    exits: [exitCodes.conformant, exitCodes.failed, exitCodes.usage, exitCodes.inconclusive, exitCodes.interrupted],
  })
    .argument('[paths...]', 'suite paths to run (e.g. suites/items); the verdict then covers only them')
    .option(
      '-t, --filter <regex>',
      'run only the checks whose name matches: clause id, [variant] and ' +
        'MUST sentence, e.g. -t ^AUTH- or -t "\\[vehicles\\]"',
    )
    .option(
      '--shard <i/n>',
      'run shard i of n (files dealt by budgeted time); join the shards with merge. Shards share no fixture: against a rate-limited target one run is faster',
    )
    .option(
      '--baseline <certification.json>',
      'compare with an earlier certification: newly failing, ' + 'newly passing, new clauses',
    )
    .addOption(failOn())
    .option('--print-config', 'print every setting and where it came from (as the config command), then exit')
    .option(
      '--skip-area <area>',
      `leave an area out (repeatable; the verdict is then partial): ${areas.join(', ')}`,
      collect,
      [],
    )
    .option(
      '--allow-unarchivable',
      'with -t or suite paths against a live target, let the selection create appointment requests, which ' +
        'have no archive (§3) and stay on the server; without it the checks that need them are skipped with the reason',
    )
    .option(
      '--replace-full',
      `let a partial run (-t, paths, --shard, --skip-area) replace the full certification in REPORTS_DIR; without it, it is published in REPORTS_DIR/partial/`,
    )
    .option(
      '--allow-other-baseline',
      'compare with a --baseline certified against another target, company or mode (else exit 2 before any check; also ALLOW_OTHER_BASELINE)',
    )
    .option(
      '--write-profile <file>',
      'write the profile with what the run learned from the target (e.g. a negotiated customer body): use it as CONFORMANCE_PROFILE next time',
    )
    .action(
      act(async (paths: string[], o: Options) =>
        (await import('./conformance.js')).runConformance({
          replaceFull: o.replaceFull === true,
          allowOtherBaseline: o.allowOtherBaseline === true,
          writeProfile: text(o.writeProfile),
          paths,
          allowUnarchivable: o.allowUnarchivable === true,
          filter: text(o.filter),
          shard: text(o.shard),
          baseline: text(o.baseline),
          failOn: String(o.failOn),
          skipAreas: o.skipArea as string[],
          flags: settingFlags(o, RUN_SETTINGS),
          printConfig: o.printConfig === true,
        }),
      ),
    );

  command({
    name: 'rerun',
    description:
      "run again the failed and inconclusive clauses of a certification.json, with the run's seed and the target, company, mode and limits it recorded (credentials from your settings now)",
    settings: RUN_SETTINGS,
    exits: [
      exitCodes.conformant,
      exitCodes.failed,
      `${EXIT.usage}  not a certification, nothing failed or inconclusive in it, or a configuration error`,
      exitCodes.inconclusive,
      exitCodes.interrupted,
    ],
  })
    .argument('<certification.json>', "a run's certification.json (e.g. reports/certification.json)")
    .option('--replace-full', 'let the rerun replace the full certification in REPORTS_DIR (else REPORTS_DIR/partial/)')
    .action(
      act(async (file: string, o: Options) =>
        (await import('./rerun.js')).rerunCommand({
          file,
          flags: settingFlags(o, RUN_SETTINGS),
          replaceFull: o.replaceFull === true,
        }),
      ),
    );

  command({
    name: 'config',
    description: 'print every setting a run would use and where it came from (flag, environment, file, default)',
    settings: RUN_SETTINGS,
    exits: [exitCodes.ok, exitCodes.usage],
  })
    .option('--json', 'print the settings as JSON')
    .action(
      act(async (o: Options) =>
        (await import('./show-config.js')).configCommand({
          flags: settingFlags(o, RUN_SETTINGS),
          json: o.json === true,
        }),
      ),
    );

  command({
    name: 'mock',
    description: 'start the reference mock standalone and print the lines that certify it',
    settings: MOCK_RUN_SETTINGS,
    exits: [exitCodes.ok, exitCodes.usage, "with --run: the run's exit codes (see run --help)"],
  })
    .option('--port <n>', 'port to listen on (default: any free one; also MOCK_PORT)', intArg('--port', 0, 65535))
    .option('--seed <n>', 'seed of the generated data and, with --run, of the run', intArg('--seed'))
    .option('--fault <id>', 'turn a fault on (repeatable; also MOCK_FAULTS, comma-separated)', collect, [])
    .option('--latency <ms>', 'answer every request this much later', intArg('--latency'))
    .option('--rate-get <n>', 'answer 429 beyond n GETs a minute', intArg('--rate-get'))
    .option('--rate-write <n>', 'answer 429 beyond n writes a minute', intArg('--rate-write'))
    .option('--chaos-reset <p>', 'reset this share of GET connections (0 to 1)', intArg('--chaos-reset', 0, 1))
    .option('--chaos-503 <p>', 'answer this share of GETs 503 (0 to 1)', intArg('--chaos-503', 0, 1))
    .option('--token-ttl <s>', 'lifetime of the tokens the login route mints', intArg('--token-ttl', 1))
    .option('--env-file <file>', `also write the settings to FILE, for ENV_FILE=FILE ${commandLine('run')}`)
    .option('--list-faults', 'list the faults and exit')
    .option('--run', 'certify this mock at once, then stop it')
    .option('-t, --filter <regex>', 'with --run: run only the checks whose name matches')
    .action(
      act(async (o: Options) =>
        (await import('./mock.js')).mockCommand({
          port: num(o.port),
          seed: num(o.seed),
          faults: o.fault as string[],
          latencyMs: num(o.latency),
          rateGet: num(o.rateGet),
          rateWrite: num(o.rateWrite),
          chaosReset: num(o.chaosReset),
          chaos503: num(o.chaos503),
          tokenTtlSeconds: num(o.tokenTtl),
          envFile: text(o.envFile),
          listFaults: o.listFaults === true,
          run: o.run === true,
          filter: text(o.filter),
          flags: { ...settingFlags(o, MOCK_RUN_SETTINGS), ...(o.seed === undefined ? {} : { SEED: String(o.seed) }) },
        }),
      ),
    );

  command({
    name: 'report',
    description: 'build the Allure report of the published run, one HTML file that opens from disk',
    settings: REPORT_SETTINGS,
    exits: [exitCodes.ok, `${EXIT.failed}  the report could not be built`, exitCodes.usage],
  }).action(act(async (o: Options) => (await import('./report.js')).buildReport(settingFlags(o, REPORT_SETTINGS))));

  command({
    name: 'verify',
    description:
      'check that a certification bundle is unmodified: every file against MANIFEST.sha256, the pages against ' +
      'certification.json, and with --key its signature',
    settings: [],
    exits: [
      `${EXIT.ok}  every file matches, the pages agree, and (--key) the signature holds`,
      `${EXIT.failed}  a file changed, is missing or is not listed, a page disagrees, or (--key) unsigned or not signed by that key`,
      exitCodes.usage,
    ],
  })
    .argument('<dir>', 'the bundle directory, e.g. reports/certification')
    .option(
      '--key <public.pem>',
      "the signer's Ed25519 public key: the bundle must carry its signature over every file",
    )
    .action(
      act(async (dir: string, o: Options) =>
        (await import('./verify-bundle.js')).verifyBundle(dir, { key: text(o.key) }),
      ),
    );

  command({
    name: 'keygen',
    description: 'make an Ed25519 key pair to sign certification bundles (run --sign-key, verify --key)',
    settings: [],
    exits: [exitCodes.ok, exitCodes.usage],
  })
    .option('-o, --out <prefix>', 'write <prefix>.pem (private, mode 0600) and <prefix>.pub.pem', 'conformance-signing')
    .option('--force', 'overwrite existing files')
    .action(
      act(async (o: Options) =>
        (await import('./keygen.js')).keygenCommand({ prefix: String(o.out), force: o.force === true }),
      ),
    );

  command({
    name: 'merge',
    description: "one certification from the shards' reports directories, their journals joined",
    settings: ['SIGN_KEY'],
    exits: [
      exitCodes.conformant,
      exitCodes.failed,
      exitCodes.usage,
      `${EXIT.inconclusive}  inconclusive, or a shard was interrupted`,
    ],
  })
    .argument('<dirs...>', "the shards' reports directories")
    .option('-o, --out <dir>', 'where the merged set is published', 'reports')
    .option('--baseline <certification.json>', 'compare with an earlier certification')
    .option('--allow-other-baseline', 'compare with a --baseline of another target, company or mode (else exit 2)')
    .addOption(failOn())
    .action(
      act(async (dirs: string[], o: Options) =>
        (await import('./merge-reports.js')).mergeReports({
          allowOtherBaseline:
            o.allowOtherBaseline === true || /^(1|true|yes)$/i.test(envSetting('ALLOW_OTHER_BASELINE') ?? ''),
          dirs,
          out: String(o.out),
          baseline: text(o.baseline),
          failOn: String(o.failOn),
          signKey: settingFlags(o, ['SIGN_KEY']).SIGN_KEY ?? envSetting('SIGN_KEY'),
        }),
      ),
    );

  command({
    name: 'cleanup',
    description:
      'archive the records an earlier run left on the target (from its ledger.json, ' +
      'leftovers-<run>.json or the journal of an abandoned run); safe to repeat',
    settings: TARGET_SETTINGS,
    exits: [
      `${EXIT.ok}  nothing of that run is left active`,
      `${EXIT.failed}  some records could not be ` + 'archived (listed)',
      exitCodes.usage,
    ],
  })
    .argument('<file>', 'ledger.json, leftovers-<run id>.json or journal.jsonl')
    .action(
      act(async (file: string, o: Options) =>
        (await import('./cleanup.js')).cleanupCommand(file, settingFlags(o, TARGET_SETTINGS)),
      ),
    );

  command({
    name: 'selfcheck',
    description: 'prove every check can fail: the suites against one mock per named fault, and the kill matrix',
    settings: ['REPORTS_DIR', 'SPEC_PATH'],
    exits: [
      `${EXIT.ok}  every fault detected and precise, nothing failed against the conforming mock`,
      `${EXIT.failed}  a fault missed or imprecise`,
      exitCodes.usage,
    ],
  })
    .option('--faults <ids>', 'only these faults (comma-separated)')
    .option('--subset <k/n>', 'a rotating subset: the faults whose index is k mod n')
    .option('--batch <n>', 'faulted mocks per batch', intArg('--batch', 1), 40)
    .option('--frugal', 'run the checks as under rate limits (trimmed property runs, sampled matrices)')
    .option(
      '--family <seeds>',
      'certify the generated family of conforming servers: a count N (seeds 1..N), a list or a range a-b',
    )
    .option(
      '--family-faults <seeds>',
      'run the faults (all, --faults, or the generated faults of --operators) on these family members (count, list or range)',
    )
    .option(
      '--at <date>',
      'with --family or --family-faults: run at this date (ISO 8601), the clocks of the run, the mock and the members moved to it',
    )
    .option(
      '--spread',
      'with --family-faults: each fault on one member, in turn (fault i on the i-th seed mod their count), not on every member',
    )
    .option(
      '--operators [names]',
      'the faults of the operators of mock/faults/operators/ (all, or comma-separated operator names): those they generate and the hand-written ones counted under them; writes selfcheck-operators.{json,md} and contract/operator-kills.json',
    )
    .option('--with-operators <k/n>', 'also a rotating sample k/n of the generated faults (npm test runs one)')
    .option(
      '--silences',
      'list every silence of silences.md (found beside the spec: SPEC_PATH or ../shared) with the family dimension or the reason that covers it; runs nothing',
    )
    .action(
      act(async (o: Options) =>
        (await import('../../test/selfcheck/cli.js')).selfcheck({
          silences: o.silences === true,
          spec: text(o.spec),
          family: text(o.family),
          familyFaults: text(o.familyFaults),
          at: text(o.at),
          spread: o.spread === true,
          faults: text(o.faults),
          withOperators: text(o.withOperators),
          operators: o.operators === true ? 'all' : text(o.operators),
          subset: text(o.subset),
          batch: num(o.batch),
          frugal: o.frugal === true,
          reportsDir: text(o.reportsDir) ?? envSetting('REPORTS_DIR') ?? 'reports',
        }),
      ),
    );

  command({
    name: 'spec-drift',
    description: 'compare a spec with the traceability matrix: sentences added, changed, moved or removed',
    settings: ['SPEC_PATH'],
    exits: [`${EXIT.ok}  no drift`, `${EXIT.failed}  the spec drifted from the matrix`, exitCodes.usage],
  })
    .option('--json', 'print the drift as JSON')
    .action(
      act(async (o: Options) =>
        (await import('./spec-drift.js')).specDriftCommand({ spec: text(o.spec), json: o.json === true }),
      ),
    );

  for (const [cmd, settings] of settingsOf) withSettingFlags(cmd, settings);
  return p;
}

/** Runs the command line; resolves to the process exit code. Usage errors are one line and 2. */
/**
 * The arguments without a bare `--`. The docs write npm scripts (`npm run conformance -- --env-file
 * x.env`), and a user who types the same after `npx partner-conformance run` means the same: no
 * command takes a path or value that starts with `-`, so the separator can only be that copy.
 */
export const withoutSeparator = (argv: readonly string[]) => argv.filter((a) => a !== '--');

export async function main(argv: readonly string[]): Promise<number> {
  let code: number = EXIT.ok;
  const p = program((c) => (code = c));
  for (const sub of p.commands) {
    sub.exitOverride();
    sub.configureOutput({ outputError: oneLine(`partner-conformance ${sub.name()} --help`) });
  }
  try {
    await p.parseAsync(withoutSeparator(argv), { from: 'user' });
    return code;
  } catch (err) {
    // --help and --version end with 0; a missing command, option or argument with 2.
    if (err instanceof CommanderError) return err.exitCode === 0 ? EXIT.ok : EXIT.usage;
    if (err instanceof ConfigError) {
      console.error(`Configuration error: ${redact(err.message)}`);
      return EXIT.usage;
    }
    console.error(redact(err instanceof Error ? (err.stack ?? err.message) : String(err)));
    return EXIT.inconclusive;
  }
}

// Run as a program by the npm scripts; bin/partner-conformance.js calls main() itself.
if (process.argv[1]?.endsWith('harness/cli/main.ts')) {
  main(process.argv.slice(2)).then((code) => process.exit(code));
}
