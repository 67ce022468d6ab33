import { existsSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { config as loadDotenv } from 'dotenv';
import { ConfigError } from './core/errors.js';
import { registerSecret } from './redact.js';

/**
 * The run's configuration, from the environment and `.env`. The variable names are a
 * public interface (README, .env.example): never rename them.
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
  /** VITEST_MAX_WORKERS: test workers that run the check files; the run sizes them when unset. */
  workers?: number;
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
  /** How the console may draw: a terminal outside CI redraws in place, colour unless NO_COLOR. */
  console: ConsoleSettings;
  /** Settings the user did not give and the run fell back on, worth a line on the console. */
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
}

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
/** Where the spec sits when SPEC_PATH is not set: the shared folder beside the checkout. */
export const DEFAULT_SPEC = join(root, '../shared/spec/partner-api-v2.md');

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
  SEED: intVar('SEED', 0, 2 ** 31 - 1),
  NUM_RUNS: intVar('NUM_RUNS', 1, 10_000),
  MAX_CONCURRENCY: intVar('MAX_CONCURRENCY', 1, 256),
  REQUEST_TIMEOUT_MS: intVar('REQUEST_TIMEOUT_MS', 100, 600_000),
  CONSISTENCY_WINDOW_MS: intVar('CONSISTENCY_WINDOW_MS', 0, 600_000),
  VITEST_MAX_WORKERS: intVar('VITEST_MAX_WORKERS', 1, 64),
  RATE_LIMIT_GET_PER_MIN: intVar('RATE_LIMIT_GET_PER_MIN', 0, 1_000_000),
  RATE_LIMIT_WRITE_PER_MIN: intVar('RATE_LIMIT_WRITE_PER_MIN', 0, 1_000_000),
});

function fail(message: string): never {
  throw new ConfigError(message);
}

function checkBaseUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    fail(`BASE_URL is not a valid URL: "${raw}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') fail(`BASE_URL must use http or https (got "${url.protocol}")`);
  const path = url.pathname.replace(/\/+$/, '');
  // §1, §9: the base address path ends with the version segment v2.
  if (!path.endsWith('/v2')) fail(`BASE_URL must end with the version segment /v2 (§1), e.g. https://host/v2 (got "${raw}")`);
  if (url.search || url.hash) fail('BASE_URL must not carry a query string or fragment');
  return `${url.origin}${path}`;
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
  if (existsSync(dir) && !statSync(dir).isDirectory()) fail(`${name} points at ${dir}, which is a file, not a directory`);
  return dir;
}

const reportsDirOf = (value: string | undefined) => directoryVar('REPORTS_DIR', value ?? 'reports');

/** The Allure history lives apart from a run's outputs (which each run replaces): by default reports/allure-history. */
const historyDirOf = (value: string | undefined, reportsDir: string) =>
  value ? directoryVar('ALLURE_HISTORY_DIR', value) : join(reportsDir, 'allure-history');

const flag = (v: string | undefined) => v !== undefined && v !== '' && v !== '0' && v.toLowerCase() !== 'false';

function consoleOf(env: NodeJS.ProcessEnv): ConsoleSettings {
  return { ci: flag(env.CI), noColor: (env.NO_COLOR ?? '') !== '' };
}

function specOf(value: string | undefined, warnings: string[], defaultSpec: string): Settings['spec'] {
  if (value) return { file: explicitFile('SPEC_PATH', value), explicit: true, found: true };
  const found = existsSync(defaultSpec);
  if (!found) warnings.push(`the spec was not found at ${defaultSpec} (set SPEC_PATH to your copy): the certification records no spec hash`);
  return { file: defaultSpec, explicit: false, found };
}

/** ENV_FILE names another file than .env (tests point it at /dev/null); the environment always wins. */
function readEnvFile(env: NodeJS.ProcessEnv): void {
  const envFile = env.ENV_FILE ? (env.ENV_FILE === '/dev/null' ? '/dev/null' : explicitFile('ENV_FILE', env.ENV_FILE)) : '.env';
  loadDotenv({ quiet: true, path: envFile, processEnv: env as Record<string, string> });
}

export interface LoadOptions {
  /** Read ENV_FILE / .env into `env` first (default true). */
  dotenv?: boolean;
  /** Where the spec is looked for when SPEC_PATH is unset (self-tests point it at an absent file). */
  defaultSpec?: string;
}

/** Reads `.env` (the environment wins) and validates. Throws ConfigError with one clear line. */
export function loadSettings(env: NodeJS.ProcessEnv = process.env, opts: LoadOptions = {}): Settings {
  if (opts.dotenv !== false) readEnvFile(env);
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0] ?? '');
    fail(issue.message.startsWith(name) ? issue.message : `${name}: ${issue.message}`);
  }
  const e = parsed.data;
  const mode = e.CONFORMANCE_MODE ?? 'full';
  if (mode !== 'full' && mode !== 'readonly') fail(`CONFORMANCE_MODE must be "full" or "readonly" (got "${mode}")`);

  const live = e.BASE_URL !== undefined;
  const baseUrl = live ? checkBaseUrl(e.BASE_URL!) : undefined;
  if (live) {
    if ((e.PARTNER_ID === undefined) !== (e.AUTH_KEY === undefined)) {
      fail(e.PARTNER_ID ? 'AUTH_KEY is required when PARTNER_ID is set' : 'PARTNER_ID is required when AUTH_KEY is set');
    }
    if (!e.ACCESS_TOKEN && !(e.PARTNER_ID && e.AUTH_KEY)) {
      fail('ACCESS_TOKEN is required when BASE_URL is set (or set both PARTNER_ID and AUTH_KEY to log in)');
    }
    if (!e.COMPANY_ID) fail('COMPANY_ID is required when BASE_URL is set');
    if (e.OTHER_COMPANY_ID && e.OTHER_COMPANY_ID === e.COMPANY_ID) fail('OTHER_COMPANY_ID must differ from COMPANY_ID');
  }
  for (const secret of [e.ACCESS_TOKEN, e.ACCESS_TOKEN_NO_PO, e.ACCESS_TOKEN_EXPIRED, e.AUTH_KEY]) registerSecret(secret);
  if (e.CONFORMANCE_PROFILE) explicitFile('CONFORMANCE_PROFILE', e.CONFORMANCE_PROFILE);
  const warnings: string[] = [];
  const reportsDir = reportsDirOf(e.REPORTS_DIR);

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
    ...(e.VITEST_MAX_WORKERS ? { workers: e.VITEST_MAX_WORKERS } : {}),
    rateLimitGetPerMin: e.RATE_LIMIT_GET_PER_MIN ?? (live ? 150 : 0),
    rateLimitWritePerMin: e.RATE_LIMIT_WRITE_PER_MIN ?? (live ? 50 : 0),
    profileFile: e.CONFORMANCE_PROFILE,
    authLoginPath: e.AUTH_LOGIN_PATH ?? '/partners/login',
    authRefreshPath: e.AUTH_REFRESH_PATH ?? '/partners/generateNewAccessToken',
    reportsDir,
    allureHistoryDir: historyDirOf(e.ALLURE_HISTORY_DIR, reportsDir),
    spec: specOf(e.SPEC_PATH, warnings, opts.defaultSpec ?? DEFAULT_SPEC),
    console: consoleOf(env),
    warnings,
  };
}

/** The settings of `npm run report`, which only reads a run's outputs. Reads ENV_FILE / .env like a run. */
export function reportSettings(env: NodeJS.ProcessEnv = process.env, opts: Pick<LoadOptions, 'dotenv'> = {}): ReportSettings {
  if (opts.dotenv !== false) readEnvFile(env);
  const get = (name: string) => env[name]?.trim() || undefined;
  const reportsDir = reportsDirOf(get('REPORTS_DIR'));
  const clausesUrl = get('REPORT_CLAUSES_URL');
  if (clausesUrl !== undefined && !/^https?:\/\//.test(clausesUrl)) fail(`REPORT_CLAUSES_URL must be an http(s) address (got "${clausesUrl}")`);
  const [serverUrl, repository, sha] = [get('GITHUB_SERVER_URL'), get('GITHUB_REPOSITORY'), get('GITHUB_SHA')];
  return {
    reportsDir,
    allureHistoryDir: historyDirOf(get('ALLURE_HISTORY_DIR'), reportsDir),
    clausesUrl,
    github: serverUrl && repository && sha ? { serverUrl, repository, sha } : undefined,
    console: consoleOf(env),
  };
}

/** The spec a tool reads when no --spec is given: SPEC_PATH (from the environment or ENV_FILE / .env), else the shared copy. */
export function specPathSetting(env: NodeJS.ProcessEnv = process.env): string {
  readEnvFile(env);
  return env.SPEC_PATH?.trim() || DEFAULT_SPEC;
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
  return loadSettings({ ...process.env, BASE_URL: undefined }, { dotenv: false });
}
