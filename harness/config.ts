import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { z } from 'zod';
import { parse as parseDotenv } from 'dotenv';
import { ConfigError } from './core/errors.js';
import { installedAsPackage } from './core/invocation.js';
import { PROJECT_ROOT } from './core/paths.js';
import { registerSecret } from './redact.js';

/**
 * The run's configuration, from flags, the environment, ENV_FILE / `.env` and
 * conformance.config.json (precedence: loadSettings). The variable names are a public interface (README, .env.example):
 * never rename them; each also reads as PARTNER_CONFORMANCE_<NAME> (settingsCatalogue below).
 */
export interface Settings {
  /** Undefined: certify the embedded mock. */
  baseUrl?: string;
  accessToken?: string;
  accessTokenNoPo?: string;
  /** ACCESS_TOKEN_EXPIRED: a real token of the target that has expired, for the token-attack checks. */
  accessTokenExpired?: string;
  partnerId?: string;
  authKey?: string;
  companyId?: string;
  locationId?: string;
  /**
   * SECOND_LOCATION_ID: another location of COMPANY_ID where the run may write levels of the items it
   * created (never shared data), so one item at two locations is exercised in a bulk update.
   */
  secondLocationId?: string;
  customerId?: string;
  otherCompanyId?: string;
  mode: 'full' | 'readonly';
  seed: number;
  numRuns: number;
  maxConcurrency: number;
  requestTimeoutMs: number;
  /**
   * CONSISTENCY_WINDOW_MS: how long a read after the run's own write may wait for the write to
   * show in lists, filters and delayed (202) updates before its absence counts.
   */
  consistencyWindowMs: number;
  /** SIGN_KEY, resolved: the Ed25519 private key (PEM) that signs the bundle's manifest and files. */
  signKey?: string;
  /** ALLOW_OTHER_BASELINE (or --allow-other-baseline): a baseline of another target, company or mode is compared anyway. */
  allowOtherBaseline: boolean;
  /** HAR_BODY_LIMIT: bytes of a body kept in the recorded exchanges (exchanges.har); longer ones are cut and marked. */
  harBodyLimit: number;
  rateLimitGetPerMin: number;
  rateLimitWritePerMin: number;
  profileFile?: string;
  authLoginPath: string;
  authRefreshPath: string;
  /** REPORTS_DIR, resolved. */
  reportsDir: string;
  /** The spec the run certifies against (SPEC_PATH, else the shared copy beside the checkout). */
  spec: { file: string; explicit: boolean; found: boolean };
  /** ALLURE_HISTORY_DIR, resolved: where `npm run report` keeps the Allure history across runs. */
  allureHistoryDir: string;
  /** VITEST_MAX_WORKERS when given: test workers of the run (vitest.config.ts has the default). */
  vitestMaxWorkers?: number;
  /** REPORT_CLAUSES_URL, when set (a run does not use it; `config` shows it). */
  clausesUrl?: string;
  /** The config file the settings were read from, when one was. */
  configFile?: string;
  /** The env file and config file read, and what named each. */
  files: SettingsFile[];
  /**
   * Where each setting's value came from, by name: `flag --mode`, `environment SEED`, `env file .env`,
   * `config file conformance.config.json`, `default`. Never a value.
   */
  origins: Record<string, string>;
  /** How the console may draw: a terminal outside CI redraws in place, colour unless NO_COLOR. */
  console: ConsoleSettings;
  /** Settings the user did not give and the run fell back on, or gave twice, worth a line on the console. */
  warnings: string[];
}

export interface ConsoleSettings {
  /** CI is set (and not "false" or "0"): plain lines, never redrawn in place. */
  ci: boolean;
  /** NO_COLOR is set to anything non-empty (https://no-color.org). */
  noColor: boolean;
}

/** What `npm run report` needs: where the results are, where the history goes, where clause links point. */
export interface ReportSettings {
  reportsDir: string;
  allureHistoryDir: string;
  /** REPORT_CLAUSES_URL: the published clauses.html. */
  clausesUrl?: string;
  /** GitHub Actions' GITHUB_SERVER_URL, GITHUB_REPOSITORY and GITHUB_SHA, when all are set. */
  github?: { serverUrl: string; repository: string; sha: string };
  console: ConsoleSettings;
  /** As Settings.warnings: a setting given under both names, a token in a config file. */
  warnings: string[];
}

const root = PROJECT_ROOT;
/** Where the spec sits when SPEC_PATH is not set: the shared folder beside the checkout. */
export const DEFAULT_SPEC = join(root, '../shared/spec/partner-api-v2.md');

// ── The catalogue of settings ─────────────────────────────────────────────────────────────

/** HAR_BODY_LIMIT's default: bodies whole up to 10 MB, so the page a failure rests on is in the bundle. */
export const DEFAULT_HAR_BODY_LIMIT = 10 * 1024 * 1024;

/** Every setting also reads under this prefix (`PARTNER_CONFORMANCE_BASE_URL`): BASE_URL and ACCESS_TOKEN are common names in CI. */
export const SETTING_PREFIX = 'PARTNER_CONFORMANCE_';
/** The config file looked for in the working directory when CONFORMANCE_CONFIG does not name one. */
export const CONFIG_FILE = 'conformance.config.json';

export interface SettingInfo {
  /** The variable name: a public interface (README, .env.example), never renamed. */
  readonly name: string;
  /** `PARTNER_CONFORMANCE_<name>`; null for the conventions of other tools (CI, NO_COLOR), read as they are. */
  readonly alias: string | null;
  /** The command-line flag the CLI will accept for it; null where a flag would not fit (secrets: a flag shows in the process list). */
  readonly flag: string | null;
  /** The default, as text. */
  readonly default: string;
  /** One line, as the README table says it. */
  readonly description: string;
  /** A credential: masked in every output, and a warning when a config file holds it. */
  readonly secret?: true;
  /** May be set in conformance.config.json (not the files that locate other files, nor other tools' conventions). */
  readonly inConfigFile: boolean;
}

const setting = (
  name: string,
  flag: string | null,
  dflt: string,
  description: string,
  extra: { secret?: true; inConfigFile?: boolean; alias?: null } = {},
): SettingInfo => ({
  name,
  alias: extra.alias === null ? null : `${SETTING_PREFIX}${name}`,
  flag,
  default: dflt,
  description,
  ...(extra.secret ? { secret: true as const } : {}),
  inConfigFile: extra.inConfigFile ?? true,
});

/**
 * Every setting of the harness, machine-readable: the CLI's `--help`, the README table and
 * `.env.example` agree with it (test/config.test.ts). Order: as the README lists them.
 */
export const settingsCatalogue: readonly SettingInfo[] = [
  setting('BASE_URL', '--base-url', 'unset: embedded mock', 'API base URL, ending with `/v2`'),
  setting('ACCESS_TOKEN', null, 'minted for the mock', 'bearer JWT (§5.1); masked in every output', { secret: true }),
  setting(
    'ACCESS_TOKEN_NO_PO',
    null,
    'minted for the mock',
    'a token without the Purchase Orders permission; the 403 checks skip with a reason when absent',
    { secret: true },
  ),
  setting(
    'ACCESS_TOKEN_EXPIRED',
    null,
    'minted for the mock',
    'a real token of the target that has expired, for the token attacks; without it that attack is reported not testable',
    { secret: true },
  ),
  setting(
    'PARTNER_ID',
    '--partner-id',
    'unset',
    'log in with it and `AUTH_KEY` instead of `ACCESS_TOKEN`, and refresh before expiry',
  ),
  setting('AUTH_KEY', null, 'unset', 'the key that goes with `PARTNER_ID`; masked in every output', { secret: true }),
  setting(
    'AUTH_LOGIN_PATH',
    '--auth-login-path',
    '`/partners/login`',
    'login endpoint, relative to `BASE_URL` or a full URL (not in the spec, §5.4)',
  ),
  setting(
    'AUTH_REFRESH_PATH',
    '--auth-refresh-path',
    '`/partners/generateNewAccessToken`',
    'token refresh endpoint, relative to `BASE_URL` or a full URL (not in the spec, §5.4)',
  ),
  setting('COMPANY_ID', '--company-id', 'mock fixture', 'the company every check acts for'),
  setting('LOCATION_ID', '--location-id', 'mock fixture', 'a location of that company'),
  setting(
    'SECOND_LOCATION_ID',
    '--second-location-id',
    "mock's second location",
    'another location of that company where the run sets levels of its own items only; without it one item at two locations is not exercised',
  ),
  setting('CUSTOMER_ID', '--customer-id', 'mock fixture', 'an existing customer, for the vehicle checks'),
  setting(
    'OTHER_COMPANY_ID',
    '--other-company-id',
    "mock's second company",
    'a second company, for the isolation checks; skipped when absent',
  ),
  setting(
    'CONFORMANCE_MODE',
    '--mode',
    '`full`',
    '`readonly` sends GET requests only (production); sticky: once any source says it, only `--mode full` on the command line writes',
  ),
  setting('SEED', '--seed', 'random, printed', 'seed of every generator and property test'),
  setting(
    'NUM_RUNS',
    '--num-runs',
    '25 (mock), 2 (live)',
    'runs per property test; under rate limits a model-based test runs one sequence',
  ),
  setting('MAX_CONCURRENCY', '--max-concurrency', '16 (mock), 4 (live)', 'requests in flight at most'),
  setting('REQUEST_TIMEOUT_MS', '--request-timeout-ms', '15000', 'timeout of every request'),
  setting(
    'CONSISTENCY_WINDOW_MS',
    '--consistency-window-ms',
    '10000',
    "how long a read after the run's own write waits for it to show (lists, filters, 202 updates); the first read that shows it ends the wait",
  ),
  setting(
    'RATE_LIMIT_GET_PER_MIN',
    '--rate-limit-get-per-min',
    '0 (mock), 150 (live)',
    'global GET pacing; 0 is unlimited',
  ),
  setting(
    'RATE_LIMIT_WRITE_PER_MIN',
    '--rate-limit-write-per-min',
    '0 (mock), 50 (live)',
    'global write pacing; 0 is unlimited',
  ),
  setting('CONFORMANCE_PROFILE', '--profile', 'built-in profile', 'JSON overriding the guessed request names (below)'),
  setting(
    'CONFORMANCE_CONFIG',
    '--config',
    '`conformance.config.json` when present',
    'a JSON file of these settings (above); one named that does not exist is exit 2',
    { inConfigFile: false },
  ),
  setting('REPORTS_DIR', '--reports-dir', '`reports`', 'where the reports go; one run at a time per directory (below)'),
  setting(
    'HAR_BODY_LIMIT',
    '--har-body-limit',
    '10485760 (10 MB)',
    'bytes of each request and response body kept in `exchanges.har`; a longer body is cut there, and a failure citing it says so',
  ),
  setting(
    'SIGN_KEY',
    '--sign-key',
    'unset: unsigned',
    'an Ed25519 private key (PEM) that signs the certification bundle (`MANIFEST.sha256.sig`); `verify --key` checks it',
  ),
  setting(
    'ALLOW_OTHER_BASELINE',
    null,
    'unset',
    'set (or `--allow-other-baseline`): `--baseline` may name a certification of another target, company or mode; else that is exit 2',
  ),
  setting(
    'ENV_FILE',
    '--env-file',
    '`.env`',
    'another env file (`/dev/null` ignores `.env`); a file that does not exist is exit 2',
    { inConfigFile: false },
  ),
  setting(
    'SPEC_PATH',
    '--spec',
    '`../shared/spec/partner-api-v2.md`',
    'the spec whose sha256 the certification records; set it when the spec is not beside the checkout',
  ),
  setting(
    'ALLURE_HISTORY_DIR',
    '--allure-history-dir',
    '`$REPORTS_DIR/allure-history`',
    'where `npm run report` keeps the Allure history (trends, new and flaky tests); persist it in CI',
  ),
  setting(
    'REPORT_CLAUSES_URL',
    '--report-clauses-url',
    'GitHub line when known',
    "where the Allure report's clause links point",
  ),
  setting(
    'VITEST_MAX_WORKERS',
    '--workers',
    '4 (mock), min(16, max(8, ⌈1.5 × `MAX_CONCURRENCY`⌉)) (live)',
    'test workers; enough to keep the pipe full',
  ),
  setting('CI', null, 'unset', 'set (not `false` or `0`): plain progress lines, never redrawn', {
    alias: null,
    inConfigFile: false,
  }),
  setting('NO_COLOR', null, 'unset', 'set: no colour', { alias: null, inConfigFile: false }),
];

const catalogueByName = new Map(settingsCatalogue.map((s) => [s.name, s]));
/** Settings whose value is a path: read from a config file, they are relative to that file's folder. */
const PATH_SETTINGS = new Set(['CONFORMANCE_PROFILE', 'REPORTS_DIR', 'SPEC_PATH', 'ALLURE_HISTORY_DIR', 'SIGN_KEY']);

// ── Validation ────────────────────────────────────────────────────────────────────────────

function fail(message: string): never {
  throw new ConfigError(message);
}

/** Checks one value as given (trimmed, non-empty); `shown` is how a message names it. Throws ConfigError. */
type Check = (value: string, shown: string) => void;

const whole =
  (min: number, max: number): Check =>
  (v, shown) => {
    if (!/^\d+$/.test(v) || Number(v) < min || Number(v) > max)
      fail(`${shown} must be a whole number from ${min} to ${max} (got "${v}")`);
  };

const MODES = ['full', 'readonly'] as const;

/**
 * How each setting's value is checked. Every source is checked the same way, including a value
 * another source overrides: a wrong line in a file is an error even when it does not win.
 */
const checks: Readonly<Record<string, Check | null>> = {
  BASE_URL: (v, shown) => void checkBaseUrl(v, shown),
  ACCESS_TOKEN: null,
  ACCESS_TOKEN_NO_PO: null,
  ACCESS_TOKEN_EXPIRED: null,
  PARTNER_ID: null,
  AUTH_KEY: null,
  AUTH_LOGIN_PATH: null,
  AUTH_REFRESH_PATH: null,
  COMPANY_ID: null,
  LOCATION_ID: null,
  SECOND_LOCATION_ID: null,
  CUSTOMER_ID: null,
  OTHER_COMPANY_ID: null,
  CONFORMANCE_MODE: (v, shown) => {
    if (!(MODES as readonly string[]).includes(v)) fail(`${shown} must be "full" or "readonly" (got "${v}")`);
  },
  SEED: whole(0, 2 ** 31 - 1),
  NUM_RUNS: whole(1, 10_000),
  MAX_CONCURRENCY: whole(1, 256),
  REQUEST_TIMEOUT_MS: whole(100, 600_000),
  CONSISTENCY_WINDOW_MS: whole(0, 600_000),
  HAR_BODY_LIMIT: whole(1_024, 1_073_741_824),
  SIGN_KEY: (v, shown) => void explicitFile(shown, v),
  ALLOW_OTHER_BASELINE: (v, shown) => {
    if (!/^(1|true|yes|0|false|no)$/i.test(v)) fail(`${shown} must be true or false (got "${v}")`);
  },
  RATE_LIMIT_GET_PER_MIN: whole(0, 1_000_000),
  RATE_LIMIT_WRITE_PER_MIN: whole(0, 1_000_000),
  CONFORMANCE_PROFILE: (v, shown) => void explicitFile(shown, v),
  REPORTS_DIR: (v, shown) => void directoryVar(shown, v),
  SPEC_PATH: (v, shown) => void explicitFile(shown, v),
  ALLURE_HISTORY_DIR: (v, shown) => void directoryVar(shown, v),
  REPORT_CLAUSES_URL: (v, shown) => {
    if (!/^https?:\/\//.test(v)) fail(`${shown} must be an http(s) address (got "${v}")`);
  },
  VITEST_MAX_WORKERS: whole(1, 256),
};
/** The names whose values are checked (a self-test checks they are all in the catalogue). */
export const validatedSettings: readonly string[] = Object.keys(checks);

/** A config file: one JSON object of settings; a value is a string or a number, null leaves it unset. */
const configFileSchema = z.record(z.string(), z.union([z.string(), z.number().finite(), z.null()]));

/** Edit distance, for "did you mean". */
function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const here = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = here;
    }
  }
  return row[b.length]!;
}

/** The valid name closest to `key` (case ignored). */
export function closestName(key: string, candidates: readonly string[]): string {
  const k = key.toUpperCase();
  return candidates.reduce((best, c) => (distance(k, c) < distance(k, best) ? c : best), candidates[0]!);
}

const ALIASES = settingsCatalogue.flatMap((s) => (s.alias ? [s.alias] : []));

/** The setting a key names, by its plain or its prefixed name. */
function settingOf(key: string): SettingInfo | undefined {
  const info = catalogueByName.get(key);
  if (info) return info;
  if (!key.startsWith(SETTING_PREFIX)) return undefined;
  const named = catalogueByName.get(key.slice(SETTING_PREFIX.length));
  return named?.alias === key ? named : undefined;
}

/** An unknown PARTNER_CONFORMANCE_ name is a typo of ours, never another tool's: exit 2 with the closest name. */
function refuseUnknownPrefixed(values: Readonly<Record<string, string>>, where: string): void {
  for (const key of Object.keys(values)) {
    if (!key.startsWith(SETTING_PREFIX) || settingOf(key)) continue;
    const plain = catalogueByName.get(key.slice(SETTING_PREFIX.length));
    fail(
      plain
        ? `${where}${key} is not a setting: ${plain.name} is read only under its own name`
        : `${where}${key} is not a setting: did you mean ${closestName(key, ALIASES)}?`,
    );
  }
}

// ── Sources ───────────────────────────────────────────────────────────────────────────────

type SourceKind = 'flag' | 'environment' | 'env-file' | 'config-file';

interface Source {
  kind: SourceKind;
  /** How a message names it: `.env`, `conformance.config.json`, the path given. */
  label: string;
  /** A file the user named (ENV_FILE, CONFORMANCE_CONFIG, --config), not one found by default. */
  named: boolean;
  /** Its set values only (an empty value is unset), trimmed; a config file's relative paths already resolved. */
  values: Readonly<Record<string, string>>;
  /** What named the file, for `config`: `ENV_FILE`, `--config`, … */
  namedBy?: string;
}

/** Where one setting's value came from, so a message names what the user wrote. */
interface Found {
  value: string | undefined;
  key?: string;
  source?: Source;
}

/** The set values of a record: an empty (or blank) value is unset, wherever it is written. */
function setValues(values: Readonly<Record<string, unknown>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(values))
    if ((typeof v === 'string' || typeof v === 'number') && String(v).trim() !== '') out[k] = String(v).trim();
  return out;
}

/**
 * The value of one setting across its sources (already in precedence order). A flag wins
 * outright. Otherwise a prefixed name wins over the plain one wherever each is set (the plain name
 * may belong to another tool), and for one name the first source in order wins. A file's value
 * that loses to another source is not silent: a warning names both.
 */
function lookUp(name: string, sources: readonly Source[], warnings: string[]): Found {
  const info = catalogueByName.get(name);
  const warn = (w: string) => void (warnings.includes(w) || warnings.push(w));
  const flag = sources.find((s) => s.kind === 'flag' && s.values[name] !== undefined);
  if (flag) return { value: flag.values[name], key: info?.flag ?? name, source: flag };
  const others = sources.filter((s) => s.kind !== 'flag');
  const first = (key: string): Found | undefined => {
    const source = others.find((s) => s.values[key] !== undefined);
    return source ? { value: source.values[key], key, source } : undefined;
  };
  const plain = first(name);
  const alias = info?.alias ? first(info.alias) : undefined;
  const found = alias ?? plain;
  if (!found) return { value: undefined };
  if (alias && plain && plain.value !== alias.value)
    warn(
      `${alias.key} (${alias.source!.label}) and ${name} (${plain.source!.label}) are both set and differ: using ${alias.key}`,
    );
  for (const s of others) {
    if (s === found.source || s.kind === 'environment') continue;
    for (const key of [name, info?.alias]) {
      const v = key ? s.values[key] : undefined;
      if (v === undefined || v === found.value || (key === name && alias && s === plain?.source)) continue;
      // A losing readonly is no override: read-only is sticky (modeOf).
      if (name === 'CONFORMANCE_MODE' && v === 'readonly') continue;
      warn(`${s.label}: ${key} is overridden by ${originOf(found, name)}`);
    }
  }
  return found;
}

/** How a message names a setting: the name the user wrote, after the file it is in. */
function nameOf(found: Found, name: string): string {
  if (!found.source || !found.key) return name;
  return shownKey(found.source, found.key);
}

function shownKey(source: Source, key: string): string {
  if (source.kind === 'flag') return settingOf(key)?.flag ?? key;
  return source.kind === 'environment' ? key : `${source.label}: ${key}`;
}

/** Where a value came from, as `config` and run.json say it: `flag --seed`, `environment SEED`, `env file .env`, `default`. */
function originOf(found: Found, name: string): string {
  const s = found.source;
  if (!s || !found.key) return 'default';
  if (s.kind === 'flag') return `flag ${found.key}`;
  if (s.kind === 'environment') return `environment ${found.key}`;
  const what = s.kind === 'env-file' ? 'env file' : 'config file';
  return `${what} ${s.label}${found.key !== name ? `, as ${found.key}` : ''}`;
}

/** A path the user named must point at something usable: a missing one is a configuration error. */
function explicitFile(name: string, value: string): string {
  const file = resolve(value);
  if (!existsSync(file)) fail(`${name} points at ${file}, which does not exist`);
  if (statSync(file).isDirectory()) fail(`${name} points at ${file}, which is a directory, not a file`);
  return file;
}

function directoryVar(name: string, value: string): string {
  const dir = resolve(value);
  if (existsSync(dir) && !statSync(dir).isDirectory())
    fail(`${name} points at ${dir}, which is a file, not a directory`);
  return dir;
}

/** Config-file keys that may be written: every setting a file may hold, plain or prefixed. */
const CONFIG_KEYS = settingsCatalogue.flatMap((s) => (s.inConfigFile ? [s.name, ...(s.alias ? [s.alias] : [])] : []));

/** Reads and checks a config file: one JSON object whose keys are settings that may live in a file. */
function readConfigFile(label: string, file: string, named: boolean, namedBy?: string): Source {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    fail(`${label} cannot be read: ${(err as Error).message}`);
  }
  let json: unknown = {};
  if (text.trim() !== '') {
    try {
      json = JSON.parse(text);
    } catch (err) {
      fail(`${label} is not valid JSON: ${(err as Error).message}`);
    }
  }
  if (json === null || typeof json !== 'object' || Array.isArray(json))
    fail(`${label} must hold one JSON object of settings, e.g. {"RATE_LIMIT_GET_PER_MIN": 150}`);
  // Keys starting with $ ($schema, $comment) are for editors and people.
  const entries = Object.entries(json as Record<string, unknown>).filter(([k]) => !k.startsWith('$'));
  for (const [key] of entries) {
    const info = settingOf(key);
    if (!info) fail(`${label}: unknown setting "${key}" (did you mean "${closestName(key, CONFIG_KEYS)}"?)`);
    if (!info.inConfigFile) fail(`${label}: ${key} cannot be set in a config file (set it in the environment)`);
  }
  const parsed = configFileSchema.safeParse(Object.fromEntries(entries));
  if (!parsed.success) {
    const key = String(parsed.error.issues[0]?.path[0] ?? '');
    fail(`${label}: ${key} must be a string or a number (null leaves it unset)`);
  }
  const values = setValues(parsed.data);
  const dir = dirname(resolve(file));
  for (const [k, v] of Object.entries(values)) if (PATH_SETTINGS.has(settingOf(k)!.name)) values[k] = resolve(dir, v);
  return { kind: 'config-file', label, named, values, ...(namedBy ? { namedBy } : {}) };
}

/** Reads an env file (KEY=value lines); plain keys that look like a misspelt setting are a warning. */
function readEnvFile(label: string, file: string, named: boolean, warnings: string[], namedBy?: string): Source {
  const values = setValues(parseDotenv(readFileSync(file)));
  refuseUnknownPrefixed(values, `${label}: `);
  // ENV_FILE is read before any env file, so one written in a file could only be ignored.
  for (const key of ['ENV_FILE', `${SETTING_PREFIX}ENV_FILE`])
    if (values[key] !== undefined)
      fail(`${label}: ${key} cannot be set in an env file (set it in the environment or with --env-file)`);
  const names = settingsCatalogue.map((s) => s.name);
  for (const key of Object.keys(values)) {
    if (settingOf(key)) continue;
    const near = closestName(key, names);
    // One letter off for short names, two for long ones: a shared .env holds other tools' names too.
    if (distance(key.toUpperCase(), near) <= (near.length >= 8 ? 2 : 1))
      warnings.push(`${label}: ${key} is not a setting of the harness and is ignored; did you mean ${near}?`);
  }
  return { kind: 'env-file', label, named, values, ...(namedBy ? { namedBy } : {}) };
}

/** The process environment, with a command's own values over it (the mock's --run settings). */
export const environment = (over: Readonly<Record<string, string>> = {}): NodeJS.ProcessEnv => ({
  ...process.env,
  ...over,
});

export interface LoadOptions {
  /** Read ENV_FILE / .env, and look for conformance.config.json (default true). */
  dotenv?: boolean;
  /** Where the spec is looked for when SPEC_PATH is unset (self-tests point it at an absent file). */
  defaultSpec?: string;
  /**
   * The config file: a path (as --config names it), or false for none. By default CONFORMANCE_CONFIG,
   * else conformance.config.json in `cwd` when present (only with `dotenv`).
   */
  configFile?: string | false;
  /** Values from command-line flags, by variable name: they win over every other source. */
  flags?: Readonly<Record<string, string | undefined>>;
  /** Where .env and conformance.config.json are looked for (default: the working directory). */
  cwd?: string;
}

/** The files a run read its settings from, for `config` and run.json. */
export interface SettingsFile {
  kind: 'env file' | 'config file';
  file: string;
  /** What named it (`ENV_FILE`, `--config`, …), or undefined when it was found by default. */
  namedBy?: string;
}

/** Every source of the settings, in precedence order, with the warnings their reading raised. */
interface Sources {
  list: Source[];
  warnings: string[];
  configFile?: string;
  files: SettingsFile[];
  /** One setting's value, found with lookUp; its message name with `nameOf`. */
  get(name: string): Found;
}

/** Precedence, highest first: flags, the environment, named files before found ones, of two alike the env file first. */
const rank = (s: Source) =>
  s.kind === 'flag' ? 0 : s.kind === 'environment' ? 1 : 2 + (s.named ? 0 : 2) + (s.kind === 'env-file' ? 0 : 1);

/**
 * Gathers the sources, highest first: flags, the environment, the files the user named (ENV_FILE,
 * then CONFORMANCE_CONFIG / --config), the files found by default (.env, then
 * conformance.config.json). Then checks every value of every source.
 */
function gatherSources(env: NodeJS.ProcessEnv, opts: LoadOptions): Sources {
  const warnings: string[] = [];
  const list: Source[] = [];
  const files: SettingsFile[] = [];
  const cache = new Map<string, Found>();
  const sources: Sources = {
    list,
    warnings,
    files,
    get(name) {
      if (!cache.has(name)) cache.set(name, lookUp(name, list, warnings));
      return cache.get(name)!;
    },
  };
  const add = (s: Source) => {
    list.push(s);
    list.sort((a, b) => rank(a) - rank(b));
    cache.clear();
  };
  const cwd = opts.cwd ?? process.cwd();
  if (opts.flags) add({ kind: 'flag', label: 'command line', named: true, values: setValues(opts.flags) });
  const environmentValues = setValues(env);
  refuseUnknownPrefixed(environmentValues, '');
  add({ kind: 'environment', label: 'environment', named: true, values: environmentValues });

  if (opts.dotenv !== false) {
    const named = sources.get('ENV_FILE');
    if (named.value !== undefined) {
      if (named.value !== '/dev/null') {
        const file = explicitFile(nameOf(named, 'ENV_FILE'), named.value);
        add(readEnvFile(named.value, file, true, warnings, named.key));
        files.push({ kind: 'env file', file, namedBy: named.key });
      }
    } else if (existsSync(join(cwd, '.env'))) {
      add(readEnvFile('.env', join(cwd, '.env'), false, warnings));
      files.push({ kind: 'env file', file: join(cwd, '.env') });
    }
  }

  const named = sources.get('CONFORMANCE_CONFIG');
  let config: { label: string; file: string; namedBy?: string } | undefined;
  if (opts.configFile !== undefined)
    config =
      opts.configFile === false
        ? undefined
        : { label: opts.configFile, file: explicitFile('--config', opts.configFile), namedBy: '--config' };
  else if (named.value !== undefined)
    config = {
      label: named.value,
      file: explicitFile(nameOf(named, 'CONFORMANCE_CONFIG'), named.value),
      namedBy: named.key,
    };
  else if (opts.dotenv !== false && existsSync(join(cwd, CONFIG_FILE)))
    config = { label: CONFIG_FILE, file: join(cwd, CONFIG_FILE) };
  if (config) {
    const source = readConfigFile(config.label, config.file, config.namedBy !== undefined, config.namedBy);
    add(source);
    sources.configFile = config.file;
    if (config.file !== '/dev/null') files.push({ kind: 'config file', file: config.file, namedBy: config.namedBy });
    for (const info of settingsCatalogue) {
      const key = [info.name, info.alias].find((k) => k && source.values[k] !== undefined);
      if (info.secret && key)
        warnings.push(
          `${config.label} holds ${key}: tokens and keys belong in the environment or an untracked .env, not in a file that may be committed`,
        );
    }
  }
  checkEverySource(list);
  return sources;
}

/**
 * Checks every value of every source, the losing ones too. The one exception: a plain name in the
 * environment when its PARTNER_CONFORMANCE_ name is set, since the plain one may be another tool's.
 */
function checkEverySource(list: readonly Source[]): void {
  const aliasSet = (info: SettingInfo) =>
    info.alias !== null && list.some((s) => s.kind !== 'flag' && s.values[info.alias!] !== undefined);
  for (const source of list)
    for (const [key, value] of Object.entries(source.values)) {
      const info = settingOf(key);
      if (!info) continue;
      if (source.kind === 'environment' && key === info.name && aliasSet(info)) continue;
      checks[info.name]?.(value, shownKey(source, key));
    }
}

/** The winning value of every checked setting, by name. */
function winners(sources: Sources, only?: readonly string[]): Record<string, string | undefined> {
  const raw: Record<string, string | undefined> = {};
  for (const name of only ?? validatedSettings) raw[name] = sources.get(name).value;
  return raw;
}

const int = (v: string | undefined) => (v === undefined ? undefined : Number(v));

function checkBaseUrl(raw: string, name: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    fail(`${name} is not a valid URL: "${raw}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    fail(`${name} must use http or https (got "${url.protocol}")`);
  const path = url.pathname.replace(/\/+$/, '');
  // §1, §9: the base address path ends with the version segment v2.
  if (!path.endsWith('/v2'))
    fail(`${name} must end with the version segment /v2 (§1), e.g. https://host/v2 (got "${raw}")`);
  if (url.search || url.hash) fail(`${name} must not carry a query string or fragment`);
  return `${url.origin}${path}`;
}

/** The Allure history lives apart from a run's outputs (which each run replaces): by default reports/allure-history. */
const historyDirOf = (value: string | undefined, reportsDir: string, name: string) =>
  value ? directoryVar(name, value) : join(reportsDir, 'allure-history');

const flag = (v: string | undefined) => v !== undefined && v !== '' && v !== '0' && v.toLowerCase() !== 'false';

function consoleOf(env: NodeJS.ProcessEnv): ConsoleSettings {
  return { ci: flag(env.CI), noColor: (env.NO_COLOR ?? '') !== '' };
}

/** The warning of a run without a spec beside it; a package install meets it first. */
export const specMissingWarning = (file: string, packaged = installedAsPackage()) =>
  packaged
    ? 'NO SPEC HASH: the spec is not part of the package; set SPEC_PATH to your copy of partner-api-v2.md, or the certification records no spec hash'
    : `NO SPEC HASH: the spec was not found at ${file}; set SPEC_PATH to your copy of partner-api-v2.md, or the certification records no spec hash`;

function specOf(value: string | undefined, name: string, warnings: string[], defaultSpec: string): Settings['spec'] {
  if (value) return { file: explicitFile(name, value), explicit: true, found: true };
  const found = existsSync(defaultSpec);
  if (!found) warnings.push(specMissingWarning(defaultSpec));
  return { file: defaultSpec, explicit: false, found };
}

/**
 * The mode, sticky to read-only: when any source says `readonly`, only `--mode full` on the command
 * line makes the run write. Returns the mode and where it came from.
 */
function modeOf(sources: Sources): { mode: Settings['mode']; from: string } {
  const found = sources.get('CONFORMANCE_MODE');
  const info = catalogueByName.get('CONFORMANCE_MODE')!;
  let readonlyAt: Found | undefined;
  for (const s of sources.list)
    for (const key of [info.name, info.alias!])
      if (!readonlyAt && s.kind !== 'flag' && s.values[key] === 'readonly')
        readonlyAt = { value: 'readonly', key, source: s };
  if (found.source?.kind === 'flag') {
    const over = found.value === 'full' && readonlyAt ? `, over readonly in ${originOf(readonlyAt, info.name)}` : '';
    return { mode: found.value as Settings['mode'], from: `${originOf(found, info.name)}${over}` };
  }
  if (readonlyAt) {
    const over =
      found.value === 'full' ? `; read-only is sticky: full in ${originOf(found, info.name)} does not undo it` : '';
    return { mode: 'readonly', from: `${originOf(readonlyAt, info.name)}${over}` };
  }
  return { mode: (found.value as Settings['mode'] | undefined) ?? 'full', from: originOf(found, info.name) };
}

/**
 * Reads the settings: flags (`opts.flags`) > environment > the files named (ENV_FILE, then
 * CONFORMANCE_CONFIG / --config) > the files found (.env, then conformance.config.json) >
 * defaults, each name also read as PARTNER_CONFORMANCE_<name>; an empty value is unset everywhere;
 * read-only is sticky (modeOf). Throws ConfigError with one clear line naming the setting (and
 * the file it is in).
 */
export function loadSettings(env: NodeJS.ProcessEnv = process.env, opts: LoadOptions = {}): Settings {
  const sources = gatherSources(env, opts);
  const e = winners(sources);
  const shown = (name: string) => nameOf(sources.get(name), name);
  const { mode, from: modeFrom } = modeOf(sources);

  const live = e.BASE_URL !== undefined;
  const baseUrl = live ? checkBaseUrl(e.BASE_URL!, shown('BASE_URL')) : undefined;
  if (live) {
    if ((e.PARTNER_ID === undefined) !== (e.AUTH_KEY === undefined)) {
      fail(
        e.PARTNER_ID ? 'AUTH_KEY is required when PARTNER_ID is set' : 'PARTNER_ID is required when AUTH_KEY is set',
      );
    }
    if (!e.ACCESS_TOKEN && !(e.PARTNER_ID && e.AUTH_KEY)) {
      fail('ACCESS_TOKEN is required when BASE_URL is set (or set both PARTNER_ID and AUTH_KEY to log in)');
    }
    if (!e.COMPANY_ID) fail('COMPANY_ID is required when BASE_URL is set');
    if (e.OTHER_COMPANY_ID && e.OTHER_COMPANY_ID === e.COMPANY_ID) fail('OTHER_COMPANY_ID must differ from COMPANY_ID');
    // A second location only means something beside the first: the run writes levels at both.
    if (e.SECOND_LOCATION_ID && !e.LOCATION_ID) fail('SECOND_LOCATION_ID needs LOCATION_ID: set both, or neither');
    if (e.SECOND_LOCATION_ID && e.SECOND_LOCATION_ID === e.LOCATION_ID)
      fail('SECOND_LOCATION_ID must differ from LOCATION_ID');
  }
  for (const secret of [e.ACCESS_TOKEN, e.ACCESS_TOKEN_NO_PO, e.ACCESS_TOKEN_EXPIRED, e.AUTH_KEY])
    registerSecret(secret);
  const profileFile = e.CONFORMANCE_PROFILE && explicitFile(shown('CONFORMANCE_PROFILE'), e.CONFORMANCE_PROFILE);
  const warnings = sources.warnings;
  const reportsDir = directoryVar(shown('REPORTS_DIR'), e.REPORTS_DIR ?? 'reports');
  const origins: Record<string, string> = {};
  for (const info of settingsCatalogue) origins[info.name] = originOf(sources.get(info.name), info.name);
  origins.CONFORMANCE_MODE = modeFrom;

  return {
    baseUrl,
    accessToken: e.ACCESS_TOKEN,
    accessTokenNoPo: e.ACCESS_TOKEN_NO_PO,
    accessTokenExpired: e.ACCESS_TOKEN_EXPIRED,
    partnerId: e.PARTNER_ID,
    authKey: e.AUTH_KEY,
    companyId: e.COMPANY_ID,
    locationId: e.LOCATION_ID,
    secondLocationId: e.SECOND_LOCATION_ID,
    customerId: e.CUSTOMER_ID,
    otherCompanyId: e.OTHER_COMPANY_ID,
    mode,
    seed: int(e.SEED) ?? Math.floor(Math.random() * 2 ** 31),
    // Every live request counts against the partner's rate limit: keep property runs small there
    // (the fault self-check runs at this setting and proves every fault is still caught).
    numRuns: int(e.NUM_RUNS) ?? (live ? 2 : 25),
    maxConcurrency: int(e.MAX_CONCURRENCY) ?? (live ? 4 : 16),
    requestTimeoutMs: int(e.REQUEST_TIMEOUT_MS) ?? 15_000,
    consistencyWindowMs: int(e.CONSISTENCY_WINDOW_MS) ?? 10_000,
    harBodyLimit: int(e.HAR_BODY_LIMIT) ?? DEFAULT_HAR_BODY_LIMIT,
    ...(e.SIGN_KEY ? { signKey: explicitFile(shown('SIGN_KEY'), e.SIGN_KEY) } : {}),
    allowOtherBaseline: /^(1|true|yes)$/i.test(e.ALLOW_OTHER_BASELINE ?? ''),
    rateLimitGetPerMin: int(e.RATE_LIMIT_GET_PER_MIN) ?? (live ? 150 : 0),
    rateLimitWritePerMin: int(e.RATE_LIMIT_WRITE_PER_MIN) ?? (live ? 50 : 0),
    profileFile,
    authLoginPath: e.AUTH_LOGIN_PATH ?? '/partners/login',
    authRefreshPath: e.AUTH_REFRESH_PATH ?? '/partners/generateNewAccessToken',
    reportsDir,
    allureHistoryDir: historyDirOf(e.ALLURE_HISTORY_DIR, reportsDir, shown('ALLURE_HISTORY_DIR')),
    spec: specOf(e.SPEC_PATH, shown('SPEC_PATH'), warnings, opts.defaultSpec ?? DEFAULT_SPEC),
    vitestMaxWorkers: int(e.VITEST_MAX_WORKERS),
    clausesUrl: e.REPORT_CLAUSES_URL,
    configFile: sources.configFile,
    files: sources.files,
    origins,
    console: consoleOf(env),
    warnings,
  };
}

/** One row of `partner-conformance config`: the value a run uses (credentials only as set / not set) and where it came from. */
export interface SettingRow {
  name: string;
  value: string | null;
  origin: string;
}

/** Every setting as the run will use it, for `partner-conformance config` (and `run --print-config`). */
export function settingRows(s: Settings): SettingRow[] {
  const presence = (v: string | undefined) => (v ? 'set' : 'not set');
  const values: Record<string, string | number | undefined> = {
    BASE_URL: s.baseUrl ?? 'unset: the embedded mock',
    ACCESS_TOKEN: presence(s.accessToken),
    ACCESS_TOKEN_NO_PO: presence(s.accessTokenNoPo),
    ACCESS_TOKEN_EXPIRED: presence(s.accessTokenExpired),
    PARTNER_ID: s.partnerId,
    AUTH_KEY: presence(s.authKey),
    AUTH_LOGIN_PATH: s.authLoginPath,
    AUTH_REFRESH_PATH: s.authRefreshPath,
    COMPANY_ID: s.companyId,
    LOCATION_ID: s.locationId,
    SECOND_LOCATION_ID: s.secondLocationId,
    CUSTOMER_ID: s.customerId,
    OTHER_COMPANY_ID: s.otherCompanyId,
    CONFORMANCE_MODE: s.mode,
    SEED: s.origins.SEED === 'default' ? 'random, printed at the start' : s.seed,
    NUM_RUNS: s.numRuns,
    MAX_CONCURRENCY: s.maxConcurrency,
    REQUEST_TIMEOUT_MS: s.requestTimeoutMs,
    CONSISTENCY_WINDOW_MS: s.consistencyWindowMs,
    RATE_LIMIT_GET_PER_MIN: s.rateLimitGetPerMin,
    RATE_LIMIT_WRITE_PER_MIN: s.rateLimitWritePerMin,
    CONFORMANCE_PROFILE: s.profileFile,
    CONFORMANCE_CONFIG: s.configFile === '/dev/null' ? undefined : s.configFile,
    REPORTS_DIR: s.reportsDir,
    HAR_BODY_LIMIT: s.harBodyLimit,
    SIGN_KEY: s.signKey,
    ALLOW_OTHER_BASELINE: s.allowOtherBaseline ? 'set' : undefined,
    ENV_FILE: s.files.find((f) => f.kind === 'env file')?.file,
    SPEC_PATH: s.spec.found ? s.spec.file : `${s.spec.file} (not found: no spec hash)`,
    ALLURE_HISTORY_DIR: s.allureHistoryDir,
    REPORT_CLAUSES_URL: s.clausesUrl,
    VITEST_MAX_WORKERS: s.vitestMaxWorkers,
    CI: s.console.ci ? 'set' : undefined,
    NO_COLOR: s.console.noColor ? 'set' : undefined,
  };
  return settingsCatalogue.map((info) => ({
    name: info.name,
    value: values[info.name] === undefined ? null : String(values[info.name]),
    origin:
      info.name === 'CI' || info.name === 'NO_COLOR'
        ? values[info.name]
          ? 'environment'
          : 'default'
        : s.origins[info.name]!,
  }));
}

/** The settings of `npm run report`, which only reads a run's outputs. Reads ENV_FILE / .env and the config file like a run. */
export function reportSettings(
  env: NodeJS.ProcessEnv = process.env,
  opts: Pick<LoadOptions, 'dotenv' | 'configFile' | 'flags' | 'cwd'> = {},
): ReportSettings {
  const sources = gatherSources(env, opts);
  const e = winners(sources, ['REPORTS_DIR', 'ALLURE_HISTORY_DIR', 'REPORT_CLAUSES_URL']);
  const shown = (name: string) => nameOf(sources.get(name), name);
  const get = (name: string) => env[name]?.trim() || undefined;
  const reportsDir = directoryVar(shown('REPORTS_DIR'), e.REPORTS_DIR ?? 'reports');
  const [serverUrl, repository, sha] = [get('GITHUB_SERVER_URL'), get('GITHUB_REPOSITORY'), get('GITHUB_SHA')];
  return {
    reportsDir,
    allureHistoryDir: historyDirOf(e.ALLURE_HISTORY_DIR, reportsDir, shown('ALLURE_HISTORY_DIR')),
    clausesUrl: e.REPORT_CLAUSES_URL,
    github: serverUrl && repository && sha ? { serverUrl, repository, sha } : undefined,
    console: consoleOf(env),
    warnings: sources.warnings,
  };
}

/** The spec a tool reads when no --spec is given: SPEC_PATH (environment, ENV_FILE / .env or the config file), else the shared copy. */
export function specPathSetting(
  env: NodeJS.ProcessEnv = process.env,
  opts: Pick<LoadOptions, 'dotenv' | 'configFile' | 'cwd'> = {},
): string {
  return gatherSources(env, opts).get('SPEC_PATH').value ?? DEFAULT_SPEC;
}

/**
 * One setting from the environment alone, the prefixed name first: for the few readers that run
 * before any settings are loaded (vitest.config.ts under plain `npm test`).
 */
export function envSetting(name: string, env: NodeJS.ProcessEnv = process.env): string | undefined {
  const alias = catalogueByName.get(name)?.alias;
  return (alias ? env[alias]?.trim() : undefined) || env[name]?.trim() || undefined;
}

/** The environment for a child process of a CLI (e.g. `allure generate`): this process's, with overrides. */
/**
 * Runs `make` (the creation of a vitest instance) with the conformance project's checks in flight per
 * file set to `n`: vitest.config.ts reads CONFORMANCE_CHECKS_IN_FLIGHT, since vitest passes no
 * maxConcurrency to a project. Restored afterwards; an internal knob of embedded runs, not a setting.
 */
export async function checksInFlightWhile<T>(n: number | undefined, make: () => Promise<T>): Promise<T> {
  const before = process.env.CONFORMANCE_CHECKS_IN_FLIGHT;
  if (n) process.env.CONFORMANCE_CHECKS_IN_FLIGHT = String(n);
  try {
    return await make();
  } finally {
    if (before === undefined) delete process.env.CONFORMANCE_CHECKS_IN_FLIGHT;
    else process.env.CONFORMANCE_CHECKS_IN_FLIGHT = before;
  }
}

export function childEnv(overrides: Record<string, string | undefined> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const [k, v] of Object.entries(overrides)) {
    if (v === undefined) delete env[k];
    else env[k] = v;
  }
  return env;
}

/**
 * Settings of a run started by plain vitest (`npm test`): always the embedded mock. Vite sets
 * process.env.BASE_URL to its own '/', so the user's BASE_URL can only reach a run through the CLI.
 */
export function embeddedSettings(): Settings {
  return loadSettings(
    { ...process.env, BASE_URL: undefined, [`${SETTING_PREFIX}BASE_URL`]: undefined },
    { dotenv: false },
  );
}
