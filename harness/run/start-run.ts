import { mkdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { randomBytes } from 'node:crypto';
import { loadSettings, type Settings } from '../config.js';
import { loadProfile } from '../profile.js';
import { startEmbedded, liveTarget } from '../target.js';
import type { RunInfo, TargetInfo } from './run-info.js';

export interface StartedRun {
  info: RunInfo;
  settings: Settings;
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
  let targets: TargetInfo[];
  const stops: (() => Promise<void>)[] = [];
  if (settings.baseUrl) {
    targets = [liveTarget(settings, settings.accessToken!)];
  } else {
    const embedded = await startEmbedded(settings, faultList.length ? [undefined, ...faultList] : [undefined]);
    targets = embedded.targets;
    stops.push(embedded.stop);
  }

  const info: RunInfo = {
    runId,
    marker: `cnf-${runId}`,
    seed: settings.seed,
    numRuns: faultList.length ? Math.min(settings.numRuns, 10) : settings.numRuns,
    mode: settings.mode,
    requestTimeoutMs: settings.requestTimeoutMs,
    maxConcurrency: settings.maxConcurrency,
    reportsDir: dir,
    runDir,
    profile,
    allure: env.CONFORMANCE_ALLURE === '1' && faultList.length === 0,
    targets,
    startedAt: new Date().toISOString(),
  };
  return {
    info,
    settings,
    finish: async () => {
      for (const stop of stops.reverse()) await stop();
    },
  };
}
