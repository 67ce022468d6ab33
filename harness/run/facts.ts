import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { isAbsolute, relative, resolve } from 'node:path';
import { specCoverage } from '../certify/coverage.js';
import type { Settings } from '../config.js';
import type { RunFacts, Selection } from '../core/events.js';
import { PROJECT_ROOT } from '../core/paths.js';
import type { Plan, TargetInfo } from '../core/run-info.js';

/** A path as the journal states it: relative to the harness's root, '/'-separated, never the machine's absolute path. */
export function portablePath(file: string): string {
  const rel = relative(PROJECT_ROOT, resolve(file)).split('\\').join('/');
  return rel === '' ? '.' : isAbsolute(rel) ? rel.replace(/^.*[\\/]/, '') : rel;
}

/**
 * The spec the run judges against, as the journal keeps it: its relative path, its hash and the
 * coverage of its sentences, computed now, so the certificate never reads the spec file again.
 */
export function specFacts(file: string): Pick<RunFacts, 'spec' | 'coverage'> {
  const found = existsSync(file);
  const sha256 = found ? createHash('sha256').update(readFileSync(file)).digest('hex') : null;
  return { spec: { file: portablePath(file), sha256 }, coverage: specCoverage(found ? file : undefined) };
}

/** The run's facts as the journal's first event states them: what, where, how, without secrets. */
export function runFacts(o: {
  runId: string;
  settings: Settings;
  target: TargetInfo;
  selection: Selection;
  plan: Plan;
  numRuns: number;
  startedAt: string;
  harness: RunFacts['harness'];
  /** The spec file judged against (hashed, its coverage computed, its path made relative). */
  specFile: string;
  warnings: string[];
}): RunFacts {
  const { settings: s, target: t } = o;
  return {
    runId: o.runId,
    harness: o.harness,
    ...specFacts(o.specFile),
    target: {
      url: t.publicUrl,
      kind: t.kind,
      identity: t.identity,
      companyId: t.companyId,
      ...(t.otherCompanyId ? { otherCompanyId: t.otherCompanyId } : {}),
      ...(t.locationId ? { locationId: t.locationId } : {}),
      ...(t.secondLocationId ? { secondLocationId: t.secondLocationId } : {}),
      ...(t.customerId ? { customerId: t.customerId } : {}),
    },
    startedAt: o.startedAt,
    seed: s.seed,
    numRuns: o.numRuns,
    mode: s.mode,
    selection: o.selection.paths ? { ...o.selection, paths: o.selection.paths.map(portablePath) } : o.selection,
    planned: { keys: o.plan.keys, plan: o.plan.estimate },
    limits: {
      getPerMin: s.rateLimitGetPerMin,
      writePerMin: s.rateLimitWritePerMin,
      maxConcurrency: s.maxConcurrency,
      requestTimeoutMs: s.requestTimeoutMs,
      consistencyWindowMs: s.consistencyWindowMs,
    },
    config: configSummary(s),
    configSources: s.origins,
    warnings: o.warnings,
  };
}

const presence = (v: string | undefined) => (v ? 'set' : 'not set');

/** The user's configuration for the report: public values as given, credentials only as set / not set. */
export function configSummary(s: Settings): Record<string, string | number | null> {
  return {
    BASE_URL: s.baseUrl ?? null,
    COMPANY_ID: s.companyId ?? null,
    LOCATION_ID: s.locationId ?? null,
    SECOND_LOCATION_ID: s.secondLocationId ?? null,
    CUSTOMER_ID: s.customerId ?? null,
    OTHER_COMPANY_ID: s.otherCompanyId ?? null,
    CONFORMANCE_MODE: s.mode,
    SEED: s.seed,
    NUM_RUNS: s.numRuns,
    MAX_CONCURRENCY: s.maxConcurrency,
    REQUEST_TIMEOUT_MS: s.requestTimeoutMs,
    CONSISTENCY_WINDOW_MS: s.consistencyWindowMs,
    RATE_LIMIT_GET_PER_MIN: s.rateLimitGetPerMin,
    RATE_LIMIT_WRITE_PER_MIN: s.rateLimitWritePerMin,
    CONFORMANCE_PROFILE: s.profileFile ? portablePath(s.profileFile) : null,
    ACCESS_TOKEN: presence(s.accessToken),
    ACCESS_TOKEN_NO_PO: presence(s.accessTokenNoPo),
    ACCESS_TOKEN_EXPIRED: presence(s.accessTokenExpired),
    PARTNER_ID: presence(s.partnerId),
    AUTH_KEY: presence(s.authKey),
  };
}
