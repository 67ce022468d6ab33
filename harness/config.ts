import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { config as loadDotenv } from 'dotenv';
import { ConfigError } from './core/errors.js';
import { registerSecret } from './redact.js';

/**
 * The run's configuration, from flags (later), the environment, ENV_FILE / `.env` and
 * conformance.config.json. The variable names are a public interface (README, .env.example):
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
  /** The config file the settings were read from, when one was. */
  configFile?: string;
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

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
/** Where the spec sits when SPEC_PATH is not set: the shared folder beside the checkout. */
export const DEFAULT_SPEC = join(root, '../shared/spec/partner-api-v2.md');

// ── The catalogue of settings ─────────────────────────────────────────────────────────────

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
  setting('CUSTOMER_ID', '--customer-id', 'mock fixture', 'an existing customer, for the vehicle checks'),
  setting(
    'OTHER_COMPANY_ID',
    '--other-company-id',
    "mock's second company",
    'a second company, for the isolation checks; skipped when absent',
  ),
  setting('CONFORMANCE_MODE', '--mode', '`full`', '`readonly` sends GET requests only (production)'),
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
const PATH_SETTINGS = new Set(['CONFORMANCE_PROFILE', 'REPORTS_DIR', 'SPEC_PATH', 'ALLURE_HISTORY_DIR']);

// ── Validation ────────────────────────────────────────────────────────────────────────────

const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

function intVar(name: string, min: number, max: number) {
  return z
    .string()
    .trim()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '') return undefined;
      if (!/^\d+$/.test(v) || Number(v) < min || Number(v) > max) {
        ctx.addIssue({ code: 'custom', message: `${name} must be a whole number from ${min} to ${max} (got "${v}")` });
        return z.NEVER;
      }
      return Number(v);
    });
}

/** The values every source is checked against: the environment, ENV_FILE / .env and the config file alike. */
const envSchema = z.object({
  BASE_URL: optionalString,
  ACCESS_TOKEN: optionalString,
  ACCESS_TOKEN_NO_PO: optionalString,
  ACCESS_TOKEN_EXPIRED: optionalString,
  PARTNER_ID: optionalString,
  AUTH_KEY: optionalString,
  COMPANY_ID: optionalString,
  LOCATION_ID: optionalString,
  CUSTOMER_ID: optionalString,
  OTHER_COMPANY_ID: optionalString,
  CONFORMANCE_MODE: optionalString,
  CONFORMANCE_PROFILE: optionalString,
  REPORTS_DIR: optionalString,
  ALLURE_HISTORY_DIR: optionalString,
  SPEC_PATH: optionalString,
  AUTH_LOGIN_PATH: optionalString,
  AUTH_REFRESH_PATH: optionalString,
  REPORT_CLAUSES_URL: optionalString,
  SEED: intVar('SEED', 0, 2 ** 31 - 1),
  NUM_RUNS: intVar('NUM_RUNS', 1, 10_000),
  MAX_CONCURRENCY: intVar('MAX_CONCURRENCY', 1, 256),
  REQUEST_TIMEOUT_MS: intVar('REQUEST_TIMEOUT_MS', 100, 600_000),
  CONSISTENCY_WINDOW_MS: intVar('CONSISTENCY_WINDOW_MS', 0, 600_000),
  RATE_LIMIT_GET_PER_MIN: intVar('RATE_LIMIT_GET_PER_MIN', 0, 1_000_000),
  RATE_LIMIT_WRITE_PER_MIN: intVar('RATE_LIMIT_WRITE_PER_MIN', 0, 1_000_000),
  VITEST_MAX_WORKERS: intVar('VITEST_MAX_WORKERS', 1, 256),
});
/** The names the schema validates (a self-test checks they are all in the catalogue). */
export const validatedSettings: readonly string[] = Object.keys(envSchema.shape);

/** A config file: one JSON object of settings; a value is a string or a number, null leaves it unset. */
const configFileSchema = z.record(z.string(), z.union([z.string(), z.number().finite(), z.null()]));

function fail(message: string): never {
  throw new ConfigError(message);
}

// ── Sources ───────────────────────────────────────────────────────────────────────────────

type SourceKind = 'flag' | 'environment' | 'env-file' | 'config-file';

interface Source {
  kind: SourceKind;
  /** How a message names it: `.env`, `conformance.config.json`, the path given. */
  label: string;
  values: Readonly<Record<string, string | undefined>>;
  /** A config file's folder, against which its relative paths resolve. */
  dir?: string;
}

/** Where one setting's value came from, so a message names what the user wrote. */
interface Found {
  value: string | undefined;
  key?: string;
  source?: Source;
}

const isSet = (v: string | undefined): v is string => v !== undefined && v.trim() !== '';

/**
 * The value of one setting across its sources. A flag wins outright. Otherwise a non-empty
 * prefixed name wins over the plain one wherever each is set (the plain name may belong to
 * another tool), and for one name the environment wins over ENV_FILE / .env, which wins over the
 * config file. When both names are set and differ, the prefixed one is used and a warning says so.
 */
function lookUp(name: string, sources: readonly Source[], warnings: string[]): Found {
  const info = catalogueByName.get(name);
  const flag = sources.find((s) => s.kind === 'flag' && s.values[name] !== undefined);
  if (flag) return { value: flag.values[name], key: info?.flag ?? name, source: flag };
  const first = (key: string): Found | undefined => {
    const source = sources.find((s) => s.kind !== 'flag' && s.values[key] !== undefined);
    return source ? { value: source.values[key], key, source } : undefined;
  };
  const plain = first(name);
  const alias = info?.alias ? first(info.alias) : undefined;
  if (alias && isSet(alias.value)) {
    if (plain && isSet(plain.value) && plain.value.trim() !== alias.value.trim()) {
      const warning = `${alias.key} (${alias.source!.label}) and ${name} (${plain.source!.label}) are both set and differ: using ${alias.key}`;
      if (!warnings.includes(warning)) warnings.push(warning);
    }
    return alias;
  }
  return plain ?? alias ?? { value: undefined };
}

/** How a message names a setting: the name the user wrote, after the file it is in. */
function nameOf(found: Found, name: string): string {
  if (!found.source || !found.key) return name;
  return found.source.kind === 'env-file' || found.source.kind === 'config-file'
    ? `${found.source.label}: ${found.key}`
    : found.key;
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

/** Reads and checks a config file: one JSON object whose keys are settings that may live in a file. */
function readConfigFile(label: string, file: string): Source {
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
    const name = key.startsWith(SETTING_PREFIX) ? key.slice(SETTING_PREFIX.length) : key;
    const info = catalogueByName.get(name);
    if (!info || (key !== name && info.alias !== key))
      fail(`${label}: unknown setting "${key}" (the settings are the variable names of .env.example)`);
    if (!info.inConfigFile) fail(`${label}: ${key} cannot be set in a config file (set it in the environment)`);
  }
  const parsed = configFileSchema.safeParse(Object.fromEntries(entries));
  if (!parsed.success) {
    const key = String(parsed.error.issues[0]?.path[0] ?? '');
    fail(`${label}: ${key} must be a string or a number (null leaves it unset)`);
  }
  const values: Record<string, string | undefined> = {};
  for (const [k, v] of Object.entries(parsed.data)) values[k] = v === null ? undefined : String(v);
  return { kind: 'config-file', label, values, dir: dirname(resolve(file)) };
}

/** The process environment, with a command's own values over it (the mock's --run settings). */
export const environment = (over: Readonly<Record<string, string>> = {}): NodeJS.ProcessEnv => ({
  ...process.env,
  ...over,
});

export interface LoadOptions {
  /** Read ENV_FILE / .env into `env` first, and look for conformance.config.json (default true). */
  dotenv?: boolean;
  /** Where the spec is looked for when SPEC_PATH is unset (self-tests point it at an absent file). */
  defaultSpec?: string;
  /**
   * The config file: a path (the CLI's --config), or false for none. By default CONFORMANCE_CONFIG,
   * else conformance.config.json in `cwd` when present (only with `dotenv`).
   */
  configFile?: string | false;
  /** Values from command-line flags, by variable name: they win over every other source. */
  flags?: Readonly<Record<string, string | undefined>>;
  /** Where conformance.config.json is looked for (default: the working directory). */
  cwd?: string;
}

/** Every source of the settings, in order, with the warnings their reading raised. */
interface Sources {
  list: Source[];
  warnings: string[];
  configFile?: string;
  /** One setting's value, found with lookUp; its message name with `nameOf`. */
  get(name: string): Found;
}

/**
 * Gathers the sources: flags, the environment, ENV_FILE / .env (also copied into `env` where the
 * environment has no value, as before, for the tools the run starts), the config file.
 */
function gatherSources(env: NodeJS.ProcessEnv, opts: LoadOptions): Sources {
  const warnings: string[] = [];
  const list: Source[] = [];
  const cache = new Map<string, Found>();
  const sources: Sources = {
    list,
    warnings,
    get(name) {
      if (!cache.has(name)) cache.set(name, lookUp(name, list, warnings));
      return cache.get(name)!;
    },
  };
  if (opts.flags) list.push({ kind: 'flag', label: 'command line', values: { ...opts.flags } });
  list.push({ kind: 'environment', label: 'environment', values: { ...env } });

  if (opts.dotenv !== false) {
    const named = sources.get('ENV_FILE');
    const envFile = isSet(named.value)
      ? named.value === '/dev/null'
        ? '/dev/null'
        : explicitFile(nameOf(named, 'ENV_FILE'), named.value)
      : '.env';
    const { parsed } = loadDotenv({ quiet: true, path: envFile, processEnv: env as Record<string, string> });
    if (parsed) list.push({ kind: 'env-file', label: isSet(named.value) ? named.value : '.env', values: parsed });
    cache.clear();
  }

  const named = sources.get('CONFORMANCE_CONFIG');
  let config: { label: string; file: string } | undefined;
  if (opts.configFile !== undefined)
    config =
      opts.configFile === false
        ? undefined
        : { label: opts.configFile, file: explicitFile('--config', opts.configFile) };
  else if (isSet(named.value))
    config = { label: named.value, file: explicitFile(nameOf(named, 'CONFORMANCE_CONFIG'), named.value) };
  else if (opts.dotenv !== false) {
    const file = join(opts.cwd ?? process.cwd(), CONFIG_FILE);
    if (existsSync(file)) config = { label: CONFIG_FILE, file };
  }
  if (config) {
    const source = readConfigFile(config.label, config.file);
    list.push(source);
    sources.configFile = config.file;
    cache.clear();
    for (const info of settingsCatalogue) {
      const key = [info.name, info.alias].find((k) => k && isSet(source.values[k]));
      if (info.secret && key)
        warnings.push(
          `${config.label} holds ${key}: tokens and keys belong in the environment or an untracked .env, not in a file that may be committed`,
        );
    }
  }
  return sources;
}

/** The raw value of every validated setting, paths from a config file made absolute; throws on the first bad one, naming where it is. */
function validated(sources: Sources, only?: readonly (keyof typeof envSchema.shape)[]): z.infer<typeof envSchema> {
  const raw: Record<string, string | undefined> = {};
  const schema = only
    ? envSchema.pick(Object.fromEntries(only.map((n) => [n, true])) as Record<keyof typeof envSchema.shape, true>)
    : envSchema;
  for (const name of only ?? validatedSettings) {
    const found = sources.get(name);
    const value = found.value;
    raw[name] =
      found.source?.kind === 'config-file' && PATH_SETTINGS.has(name) && isSet(value)
        ? resolve(found.source.dir!, value.trim())
        : value;
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0] ?? '');
    const shown = nameOf(sources.get(name), name);
    fail(issue.message.startsWith(name) ? `${shown}${issue.message.slice(name.length)}` : `${shown}: ${issue.message}`);
  }
  return parsed.data as z.infer<typeof envSchema>;
}

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

function specOf(value: string | undefined, name: string, warnings: string[], defaultSpec: string): Settings['spec'] {
  if (value) return { file: explicitFile(name, value), explicit: true, found: true };
  const found = existsSync(defaultSpec);
  if (!found)
    warnings.push(
      `the spec was not found at ${defaultSpec} (set SPEC_PATH to your copy): the certification records no spec hash`,
    );
  return { file: defaultSpec, explicit: false, found };
}

/**
 * Reads the settings: flags (`opts.flags`) > environment > ENV_FILE / .env > config file >
 * defaults, each name also read as PARTNER_CONFORMANCE_<name>. Throws ConfigError with one clear
 * line naming the setting (and the file it is in).
 */
export function loadSettings(env: NodeJS.ProcessEnv = process.env, opts: LoadOptions = {}): Settings {
  const sources = gatherSources(env, opts);
  const e = validated(sources);
  const shown = (name: string) => nameOf(sources.get(name), name);
  const mode = e.CONFORMANCE_MODE ?? 'full';
  if (mode !== 'full' && mode !== 'readonly')
    fail(`${shown('CONFORMANCE_MODE')} must be "full" or "readonly" (got "${mode}")`);

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
  }
  for (const secret of [e.ACCESS_TOKEN, e.ACCESS_TOKEN_NO_PO, e.ACCESS_TOKEN_EXPIRED, e.AUTH_KEY])
    registerSecret(secret);
  if (e.CONFORMANCE_PROFILE) explicitFile(shown('CONFORMANCE_PROFILE'), e.CONFORMANCE_PROFILE);
  const warnings = sources.warnings;
  const reportsDir = directoryVar(shown('REPORTS_DIR'), e.REPORTS_DIR ?? 'reports');

  return {
    baseUrl,
    accessToken: e.ACCESS_TOKEN,
    accessTokenNoPo: e.ACCESS_TOKEN_NO_PO,
    accessTokenExpired: e.ACCESS_TOKEN_EXPIRED,
    partnerId: e.PARTNER_ID,
    authKey: e.AUTH_KEY,
    companyId: e.COMPANY_ID,
    locationId: e.LOCATION_ID,
    customerId: e.CUSTOMER_ID,
    otherCompanyId: e.OTHER_COMPANY_ID,
    mode,
    seed: e.SEED ?? Math.floor(Math.random() * 2 ** 31),
    // Every live request counts against the partner's rate limit: keep property runs small there
    // (the fault self-check runs at this setting and proves every fault is still caught).
    numRuns: e.NUM_RUNS ?? (live ? 2 : 25),
    maxConcurrency: e.MAX_CONCURRENCY ?? (live ? 4 : 16),
    requestTimeoutMs: e.REQUEST_TIMEOUT_MS ?? 15_000,
    consistencyWindowMs: e.CONSISTENCY_WINDOW_MS ?? 10_000,
    rateLimitGetPerMin: e.RATE_LIMIT_GET_PER_MIN ?? (live ? 150 : 0),
    rateLimitWritePerMin: e.RATE_LIMIT_WRITE_PER_MIN ?? (live ? 50 : 0),
    profileFile: e.CONFORMANCE_PROFILE,
    authLoginPath: e.AUTH_LOGIN_PATH ?? '/partners/login',
    authRefreshPath: e.AUTH_REFRESH_PATH ?? '/partners/generateNewAccessToken',
    reportsDir,
    allureHistoryDir: historyDirOf(e.ALLURE_HISTORY_DIR, reportsDir, shown('ALLURE_HISTORY_DIR')),
    spec: specOf(e.SPEC_PATH, shown('SPEC_PATH'), warnings, opts.defaultSpec ?? DEFAULT_SPEC),
    vitestMaxWorkers: e.VITEST_MAX_WORKERS,
    configFile: sources.configFile,
    console: consoleOf(env),
    warnings,
  };
}

/** The settings of `npm run report`, which only reads a run's outputs. Reads ENV_FILE / .env and the config file like a run. */
export function reportSettings(
  env: NodeJS.ProcessEnv = process.env,
  opts: Pick<LoadOptions, 'dotenv' | 'configFile' | 'flags' | 'cwd'> = {},
): ReportSettings {
  const sources = gatherSources(env, opts);
  const e = validated(sources, ['REPORTS_DIR', 'ALLURE_HISTORY_DIR', 'REPORT_CLAUSES_URL']);
  const shown = (name: string) => nameOf(sources.get(name), name);
  const get = (name: string) => env[name]?.trim() || undefined;
  const reportsDir = directoryVar(shown('REPORTS_DIR'), e.REPORTS_DIR ?? 'reports');
  const clausesUrl = e.REPORT_CLAUSES_URL;
  if (clausesUrl !== undefined && !/^https?:\/\//.test(clausesUrl))
    fail(`${shown('REPORT_CLAUSES_URL')} must be an http(s) address (got "${clausesUrl}")`);
  const [serverUrl, repository, sha] = [get('GITHUB_SERVER_URL'), get('GITHUB_REPOSITORY'), get('GITHUB_SHA')];
  return {
    reportsDir,
    allureHistoryDir: historyDirOf(e.ALLURE_HISTORY_DIR, reportsDir, shown('ALLURE_HISTORY_DIR')),
    clausesUrl,
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
  return validated(gatherSources(env, opts), ['SPEC_PATH']).SPEC_PATH || DEFAULT_SPEC;
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
