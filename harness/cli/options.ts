import { InvalidArgumentError, Option, type Command } from 'commander';
import { SETTING_PREFIX, settingsCatalogue, type SettingInfo } from '../config.js';
import { EXIT } from '../core/exit-codes.js';

/**
 * What every subcommand shares: a flag per setting (from harness/config.ts's catalogue, so the
 * help, the README and .env.example cannot drift apart), the settings and exit codes in --help.
 */

/** The settings a subcommand reads, by variable name. */
export type SettingNames = readonly string[];

/** Every setting a run reads (all of the catalogue). */
export const RUN_SETTINGS: SettingNames = settingsCatalogue.map((s) => s.name);

const byName = new Map(settingsCatalogue.map((s) => [s.name, s]));
const info = (name: string): SettingInfo => {
  const s = byName.get(name);
  if (!s) throw new Error(`no setting ${name} in harness/config.ts`);
  return s;
};

/** The commander attribute name of a flag: `--base-url` → `baseUrl`. */
const attribute = (flag: string) => flag.replace(/^--/, '').replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());

/** Catalogue text as help text: no Markdown ticks, no pointers into the README. */
const plain = (s: string) => s.replace(/`/g, '').replace(/ \((above|below)\)/g, '');

/** Folds a paragraph to the terminal's width, indented. */
function fold(text: string, indent: string, width = Math.min(process.stdout.columns || 80, 100)): string[] {
  const lines: string[] = [];
  let line = indent;
  for (const word of text.split(' ')) {
    if (line.trim() && line.length + 1 + word.length > width) {
      lines.push(line);
      line = indent;
    }
    line += line.trim() ? ` ${word}` : word;
  }
  return [...lines, line];
}

// Precedence, highest first (harness/config.ts loadSettings; README "Where settings come from").
const SETTINGS_GROUP =
  'Settings (first found: flag, environment, ENV_FILE, CONFORMANCE_CONFIG or --config, .env, conformance.config.json; the config command shows each source):';

/** Adds a `--flag <value>` for each named setting that has a flag, in its own help group. */
export function withSettingFlags(cmd: Command, names: SettingNames): Command {
  for (const name of names) {
    const s = info(name);
    if (!s.flag) continue;
    const option = new Option(`${s.flag} <value>`, `${plain(s.description)} [${name}; default: ${plain(s.default)}]`);
    cmd.addOption(option.helpGroup(SETTINGS_GROUP));
  }
  return cmd;
}

/** The flags given on the command line, by variable name (what loadSettings takes as `flags`). */
export function settingFlags(opts: Record<string, unknown>, names: SettingNames): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of names) {
    const s = info(name);
    if (!s.flag) continue;
    const v = opts[attribute(s.flag)];
    if (typeof v === 'string') out[name] = v;
  }
  return out;
}

/**
 * The help text after the options: the settings read from the environment only (credentials:
 * a flag would show in the process list), and the prefixed names every variable also answers to.
 */
export function settingsHelp(names: SettingNames): string {
  const envOnly = names.map(info).filter((s) => !s.flag);
  const rows = envOnly.flatMap((s) => [
    `  ${s.name}`,
    ...fold(`${plain(s.description)}; default: ${plain(s.default)}`, '      '),
  ]);
  const prefixed = names.map(info).some((s) => s.alias);
  return [
    ...(rows.length ? ['', 'Read from the environment only:', ...rows] : []),
    ...(prefixed
      ? ['', ...fold(`Every variable may also be set as ${SETTING_PREFIX}<NAME> (CI and NO_COLOR as they are).`, '')]
      : []),
  ].join('\n');
}

export const exitCodes = {
  ok: `${EXIT.ok}  done`,
  conformant: `${EXIT.ok}  CONFORMANT, or PASSED for a partial selection: nothing failed`,
  failed: `${EXIT.failed}  NON-CONFORMANT: a strict clause failed (with --fail-on regression: a clause newly failing)`,
  usage: `${EXIT.usage}  configuration or usage error, before anything ran (one line says what)`,
  inconclusive: `${EXIT.inconclusive}  INCONCLUSIVE: a strict clause could not be judged, or the target did not answer`,
  interrupted: '130 or 143  interrupted by Ctrl-C or SIGTERM (an INTERRUPTED certification is published)',
} as const;

export function exitHelp(lines: readonly string[]): string {
  return ['', 'Exit codes:', ...lines.map((l) => `  ${l}`)].join('\n');
}

/** Integer option parser with bounds; a bad value is commander's usage error (exit 2). */
export function intArg(name: string, min = 0, max = Number.MAX_SAFE_INTEGER): (v: string) => number {
  return (v) => {
    const n = Number(v);
    if (!/^\d+(\.\d+)?$/.test(v) || n < min || n > max)
      throw new InvalidArgumentError(`${name} must be a number from ${min} to ${max}`);
    return n;
  };
}
