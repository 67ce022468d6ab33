import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Command } from 'commander';
import { describe, expect, it } from 'vitest';
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
    const viaMain = Object.entries(scripts).filter(([, line]) => line.includes('harness/cli/main.ts'));
    expect(viaMain.map(([name]) => name).sort()).toEqual([
      'cleanup',
      'conformance',
      'merge-reports',
      'mock',
      'report',
      'selfcheck',
      'spec-drift',
      'verify-bundle',
    ]);
    for (const [, line] of viaMain) {
      const command = line.split('harness/cli/main.ts ')[1]!;
      expect(
        program().commands.map((c) => c.name()),
        line,
      ).toContain(command);
      // After `--`, so Node 20 leaves --env-file to us.
      expect(line).toMatch(/^node --import tsx -- harness\/cli\/main\.ts /);
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
