import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Command } from 'commander';
import { afterAll, describe, expect, it } from 'vitest';
import { settingsCatalogue } from '../harness/config.js';
import { commandLine, installedAsPackage } from '../harness/core/invocation.js';
import { PROJECT_ROOT } from '../harness/core/paths.js';
import { program } from '../harness/cli/main.js';
import { runCli, stderrLines } from './report-fixtures.js';

/**
 * `partner-conformance`: every npm script is one of its subcommands; each subcommand's --help
 * lists its options, the settings it reads (from the catalogue, so help and README agree) and its
 * exit codes; a usage mistake is one line and exit 2, before anything runs.
 */

const sub = (name: string): Command => program().commands.find((c) => c.name() === name)!;

describe('the command line', () => {
  it('has a subcommand behind every npm script of the package', () => {
    const scripts = JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8')).scripts as Record<
      string,
      string
    >;
    const viaMain = Object.entries(scripts).filter(([, line]) => line.includes('bin/partner-conformance.js'));
    expect(viaMain.map(([name]) => name).sort()).toEqual([
      'cleanup',
      'config',
      'conformance',
      'keygen',
      'merge-reports',
      'mock',
      'report',
      'rerun',
      'selfcheck',
      'spec-drift',
      'verify-bundle',
    ]);
    for (const [, line] of viaMain) {
      const command = line.split('bin/partner-conformance.js ')[1]!;
      expect(
        program().commands.map((c) => c.name()),
        line,
      ).toContain(command);
      // After `--`, so Node 20 leaves --env-file to us (it reads one even after the script otherwise).
      expect(line).toMatch(/^node -- bin\/partner-conformance\.js /);
    }
  });

  it('offers every setting with a flag on run, described as the catalogue describes it', () => {
    const run = sub('run');
    for (const s of settingsCatalogue) {
      const option = run.options.find((o) => o.long === s.flag);
      if (!s.flag) {
        expect(
          run.options.some((o) => o.description.includes(`[${s.name};`)),
          s.name,
        ).toBe(false);
        continue;
      }
      expect(option, s.name).toBeDefined();
      expect(option!.description).toContain(`[${s.name}; default:`);
      expect(option!.helpGroupHeading).toMatch(/^Settings/);
    }
  });

  it('ends every subcommand help with its exit codes, and names the credentials read only from the environment', async () => {
    const outputs = new Map<string, string>();
    for (const c of program().commands) {
      let text = '';
      c.configureOutput({ writeOut: (s) => (text += s), writeErr: (s) => (text += s) });
      c.exitOverride();
      await c.parseAsync(['--help'], { from: 'user' }).catch(() => undefined);
      outputs.set(c.name(), text);
    }
    for (const [name, text] of outputs) expect(text, name).toMatch(/\nExit codes:\n {2}0 /);
    expect(outputs.get('run')).toMatch(/Read from the environment only:\n {2}ACCESS_TOKEN\n/);
    expect(outputs.get('run')).toContain('PARTNER_CONFORMANCE_<NAME>');
    expect(outputs.get('run')).toMatch(/130 or 143/);
    expect(outputs.get('cleanup')).toMatch(/--base-url <value>/);
  });

  it('says how to run a command the way the user can: npm scripts in a checkout, the installed command elsewhere', () => {
    expect(installedAsPackage()).toBe(false);
    expect(commandLine('cleanup', 'reports/ledger.json')).toBe('npm run cleanup -- reports/ledger.json');
    expect(commandLine('verify')).toBe('npm run verify-bundle');
    const installed = '/home/u/app/node_modules/partner-api-v2-conformance';
    expect(commandLine('cleanup', 'reports/ledger.json', installed)).toBe(
      'npx partner-conformance cleanup reports/ledger.json',
    );
    expect(commandLine('run', '', installed)).toBe('npx partner-conformance run');
  });

  it('answers a usage mistake with one line and exit 2, naming the help to read', async () => {
    const cases: [string[], RegExp][] = [
      [['run', '--bogus'], /unknown option '--bogus'.*run --help/],
      [['run', '--fail-on', 'never'], /--fail-on.*any, regression/],
      [['nope'], /unknown command 'nope'/],
      [[], /Usage: partner-conformance/],
      [['mock', '--port', 'x'], /--port must be a number/],
      [['verify'], /missing required argument 'dir'/],
      [['run', '--num-runs', 'many'], /--num-runs must be a whole number/],
      [['run', '--base-url', 'http://127.0.0.1:9/v2'], /ACCESS_TOKEN|COMPANY_ID/],
    ];
    const runs = await Promise.all(cases.map(([args]) => runCli(args[0] ?? '', args.slice(1))));
    runs.forEach((r, i) => {
      const [args, pattern] = cases[i]!;
      expect(r.code, `${args.join(' ')}: ${r.stderr}`).toBe(2);
      const lines = stderrLines(r.stderr);
      if (args.length) expect(lines, args.join(' ')).toHaveLength(1);
      expect(lines.join('\n'), args.join(' ')).toMatch(pattern);
      if (args.length) expect(lines[0]).toMatch(/^Configuration error: /);
    });
  });

  it('prints its help and version with exit 0', async () => {
    const [h, v] = await Promise.all([runCli('--help', []), runCli('--version', [])]);
    expect(h.code).toBe(0);
    expect(h.stdout).toMatch(/Commands:\n {2}run /);
    expect(v.code).toBe(0);
    expect(v.stdout.trim()).toMatch(/^partner-api-v2-conformance \d+\.\d+\.\d+/);
  });
});

describe('partner-conformance config: every setting, its value and its source', () => {
  const dir = mkdtempSync(join(tmpdir(), 'cnf-cli-config-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const configFile = join(dir, 'staging.json');
  writeFileSync(
    configFile,
    JSON.stringify({ BASE_URL: 'https://staging.example.test/v2', COMPANY_ID: 'c-1', CONFORMANCE_MODE: 'readonly' }),
  );
  const envFile = join(dir, 'ci.env');
  writeFileSync(envFile, '# copied\nBASE_URL=\nRATE_LIMIT_GET_PER_MIN=30\nCONFORMANCE_MODE=full\n');
  const env = { CONFORMANCE_CONFIG: configFile, ENV_FILE: envFile, ACCESS_TOKEN: 'secret-token-4711' };
  const row = (out: string, name: string) =>
    out
      .split('\n')
      .find((l) => l.startsWith(`  ${name} `))
      ?.trim();

  it('prints each value with where it came from, credentials only as set, and exits 0', async () => {
    const r = await runCli('config', ['--seed', '7'], env);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^Settings, first found wins:\n {2}flags > environment > files you named/);
    expect(r.stdout).toContain(`  env file     ${envFile} (named by ENV_FILE)`);
    expect(r.stdout).toContain(`  config file  ${configFile} (named by CONFORMANCE_CONFIG)`);
    expect(row(r.stdout, 'BASE_URL')).toMatch(
      /^BASE_URL +https:\/\/staging\.example\.test\/v2 +config file .*staging\.json$/,
    );
    expect(row(r.stdout, 'ACCESS_TOKEN')).toMatch(/^ACCESS_TOKEN +set +environment ACCESS_TOKEN$/);
    expect(row(r.stdout, 'CONFORMANCE_MODE')).toMatch(
      /^CONFORMANCE_MODE +readonly +config file .*staging\.json; read-only is sticky: full in env file .*ci\.env does not undo it$/,
    );
    expect(row(r.stdout, 'RATE_LIMIT_GET_PER_MIN')).toMatch(/^RATE_LIMIT_GET_PER_MIN +30 +env file .*ci\.env$/);
    expect(row(r.stdout, 'RATE_LIMIT_WRITE_PER_MIN')).toMatch(/^RATE_LIMIT_WRITE_PER_MIN +50 +default \(/);
    expect(row(r.stdout, 'SEED')).toMatch(/^SEED +7 +flag --seed$/);
    expect(r.stdout).not.toContain('secret-token-4711');
    // The npm scripts' `--`, copied after `npx partner-conformance config`, changes nothing.
    const copied = await runCli('config', ['--', '--seed', '7'], env);
    expect(copied.code, copied.stderr).toBe(0);
    expect(copied.stdout).toBe(r.stdout);
  });

  it('--json gives the same rows; run --print-config prints them and runs nothing', async () => {
    const [j, p] = await Promise.all([
      runCli('config', ['--json', '--mode', 'full'], env),
      runCli('run', ['--print-config'], env),
    ]);
    expect(j.code, j.stderr).toBe(0);
    const parsed = JSON.parse(j.stdout) as { settings: { name: string; value: string | null; origin: string }[] };
    expect(parsed.settings.map((s) => s.name)).toEqual(settingsCatalogue.map((s) => s.name));
    expect(parsed.settings.find((s) => s.name === 'CONFORMANCE_MODE')).toEqual({
      name: 'CONFORMANCE_MODE',
      value: 'full',
      origin: `flag --mode, over readonly in config file ${configFile}`,
    });
    expect(p.code, p.stderr).toBe(0);
    expect(row(p.stdout, 'CONFORMANCE_MODE')).toMatch(/^CONFORMANCE_MODE +readonly /);
    expect(p.stdout).not.toMatch(/Certifying/);
  });

  it('a bad or unknown setting is exit 2 with one line, as for run', async () => {
    const [bad, unknown] = await Promise.all([
      runCli('config', [], { ...env, NUM_RUNS: 'many' }),
      runCli('config', [], { PARTNER_CONFORMANCE_COMPNY_ID: 'c1' }),
    ]);
    expect(bad.code).toBe(2);
    expect(stderrLines(bad.stderr)).toEqual([
      'Configuration error: NUM_RUNS must be a whole number from 1 to 10000 (got "many")',
    ]);
    expect(unknown.code).toBe(2);
    expect(stderrLines(unknown.stderr)).toEqual([
      'Configuration error: PARTNER_CONFORMANCE_COMPNY_ID is not a setting: did you mean PARTNER_CONFORMANCE_COMPANY_ID?',
    ]);
  });
});
