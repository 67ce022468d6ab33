import { mkdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { randomBytes } from 'node:crypto';
import { jwtExpiryMs } from '../auth/jwt.js';
import { LoginSession, staticToken, type TokenSource } from '../auth/session.js';
import { loadSettings, type Settings } from '../config.js';
import { ConfigError } from '../errors.js';
import { startPacing, type RealTarget } from '../pacing/index.js';
import { loadProfile } from '../profile.js';
import { redact } from '../redact.js';
import { startEmbedded, liveTarget } from '../target.js';
import { endOfRun, guardSignals } from './end-run.js';
import type { RunInfo } from './run-info.js';

export interface StartedRun {
  info: RunInfo;
  settings: Settings;
  /** Archives what the run created, writes ledger.json, exchanges.har and pacing.json, stops everything. */
  finish(): Promise<void>;
}

/** Set by `npm run conformance`; without it (plain vitest, npm test) the run is always embedded. */
export const CLI_FLAG = 'CONFORMANCE_CLI';
/** Comma-separated fault ids: the self-check runs every check against one mock per fault. */
export const FAULTS_FLAG = 'CONFORMANCE_FAULTS';

export function reportsDir(): string {
  return resolve(process.env.REPORTS_DIR ?? 'reports');
}

/**
 * Vite overwrites process.env.BASE_URL with its own '/', so the CLI hands the user's value over
 * under this private name before vitest starts.
 */
export const BASE_URL_HANDOVER = 'CONFORMANCE_BASE_URL';

export async function startRun(processEnv: NodeJS.ProcessEnv = process.env): Promise<StartedRun> {
  const viaCli = processEnv[CLI_FLAG] === '1';
  const env: NodeJS.ProcessEnv = { ...processEnv, BASE_URL: viaCli ? processEnv[BASE_URL_HANDOVER] : undefined };
  const settings = loadSettings(env, { dotenv: false });
  const profile = loadProfile(settings.profileFile);
  const runId = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  const dir = reportsDir();
  const runDir = join(dir, '.run');
  rmSync(runDir, { recursive: true, force: true });
  mkdirSync(runDir, { recursive: true });

  const faultList = (env[FAULTS_FLAG] ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  let real: RealTarget[];
  const stops: (() => Promise<void>)[] = [];
  const tokens: TokenSource[] = [];
  if (settings.baseUrl) {
    const expiry = settings.accessToken ? jwtExpiryMs(settings.accessToken) : undefined;
    if (expiry !== undefined && expiry <= Date.now()) throw new ConfigError(`ACCESS_TOKEN expired at ${new Date(expiry).toISOString()}`);
    const token = settings.accessToken
      ? staticToken(settings.accessToken)
      : await LoginSession.start({
          baseUrl: settings.baseUrl,
          partnerId: settings.partnerId!,
          authKey: settings.authKey!,
          loginPath: settings.authLoginPath,
          refreshPath: settings.authRefreshPath,
          timeoutMs: settings.requestTimeoutMs,
          log: (line) => console.error(redact(line)),
        });
    tokens.push(token);
    real = [liveTarget(settings, token)];
  } else {
    const embedded = await startEmbedded(faultList.length ? [undefined, ...faultList] : [undefined]);
    real = embedded.targets;
    stops.push(embedded.stop);
  }
  // Every worker request goes through the pacing proxy in this process (rate, concurrency, retries, tokens).
  const pacing = startPacing({
    getPerMin: settings.rateLimitGetPerMin,
    writePerMin: settings.rateLimitWritePerMin,
    maxConcurrency: settings.maxConcurrency,
    requestTimeoutMs: settings.requestTimeoutMs,
    readonly: settings.mode === 'readonly',
  });
  const targets = await Promise.all(real.map((t) => pacing.route(t)));

  const info: RunInfo = {
    runId,
    marker: `cnf-${runId}`,
    seed: settings.seed,
    numRuns: faultList.length ? Math.min(settings.numRuns, 10) : settings.numRuns,
    mode: settings.mode,
    requestTimeoutMs: settings.requestTimeoutMs,
    clientTimeoutMs: pacing.budgetMs + 5_000,
    maxConcurrency: settings.maxConcurrency,
    reportsDir: dir,
    runDir,
    profile,
    allure: env.CONFORMANCE_ALLURE === '1' && faultList.length === 0,
    targets,
    startedAt: new Date().toISOString(),
  };
  const finish = endOfRun({ info, pacing, tokens, stops });
  const unguard = guardSignals(finish);
  return {
    info,
    settings,
    finish: async () => {
      unguard();
      await finish();
    },
  };
}
