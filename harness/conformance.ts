import { randomBytes } from 'node:crypto';
import { describe, inject, test, type TestContext } from 'vitest';
import { clauses, type ClauseId } from '../contract/clauses.js';
import { ApiClient } from './client.js';
import { InconclusiveError, SkipError, TransportError } from './errors.js';
import { allureStepAround } from './evidence.js';
import { Ledger, type Resource } from './ledger.js';
import { ExchangeLog } from './exchange-log.js';
import { CHECK_HEADER } from './pacing/headers.js';
import type { Profile } from './profile.js';
import type { RunInfo, TargetInfo } from './run/run-info.js';
import { primarySection, sectionTitle } from './report/sections.js';

/** What a check needs from the target or the mode; unmet needs skip the check with a reason. */
export type Need = 'write' | 'tokenNoPo' | 'otherCompany' | 'customer' | 'location';

export interface CheckOptions {
  /** Distinguishes several checks of one clause, e.g. 'labor' / 'discount' / 'fee'. */
  variant?: string;
  needs?: readonly Need[];
  timeoutMs?: number;
}

export interface Observation {
  name: string;
  value: unknown;
}

/** Metadata a check leaves on its vitest task; the reporters read it. */
export interface CheckMeta {
  clause: ClauseId;
  variant?: string;
  target: string;
  outcome?: 'skipped' | 'inconclusive';
  reason?: string;
  observations: Observation[];
  requests: number;
  retries: number;
}

declare module '@vitest/runner' {
  interface TaskMeta {
    conformance?: CheckMeta;
  }
}

export interface CheckContext {
  /** Client with the full token, paced and recorded. */
  api: ApiClient;
  /** The same client with another credential; null sends none. */
  as(token: string | null): ApiClient;
  target: TargetInfo;
  run: RunInfo;
  profile: Profile;
  companyId: string;
  /** Unique per check; put it in a free-text field of every record the check creates. */
  marker: string;
  seed: number;
  numRuns: number;
  ledger: Ledger;
  observe(name: string, value: unknown): void;
  skip(reason: string): never;
  inconclusive(reason: string): never;
}

export type CheckFn = (ctx: CheckContext) => Promise<void>;

const needReasons: Record<Need, (t: TargetInfo, r: RunInfo) => string | undefined> = {
  write: (_t, r) => (r.mode === 'readonly' ? 'needs a write; CONFORMANCE_MODE=readonly sends only GET requests' : undefined),
  tokenNoPo: (t) => (t.tokenNoPo ? undefined : 'ACCESS_TOKEN_NO_PO is not set: no token without the Purchase Orders permission'),
  otherCompany: (t) => (t.otherCompanyId ? undefined : 'OTHER_COMPANY_ID is not set: no second company to check isolation against'),
  customer: (t) => (t.customerId ? undefined : 'CUSTOMER_ID is not set: no existing customer to attach vehicles to'),
  location: (t) => (t.locationId ? undefined : 'LOCATION_ID is not set'),
};

function runInfo(): RunInfo {
  const run = inject('run');
  if (!run) throw new Error('conformance(): no run context; run the suites through vitest with the conformance project');
  return run;
}

function describeCheck(id: ClauseId, opts: CheckOptions): string {
  return `${id}${opts.variant ? ` [${opts.variant}]` : ''}: ${clauses[id].must}`;
}

function register(id: ClauseId, opts: CheckOptions, fn: CheckFn, target: TargetInfo, run: RunInfo): void {
  const name = describeCheck(id, opts);
  const timeout = opts.timeoutMs ?? (target.kind === 'live' ? Math.max(120_000, run.requestTimeoutMs * 8) : 60_000);
  test(name, { timeout }, async (tc: TestContext) => {
    const meta: CheckMeta = { clause: id, variant: opts.variant, target: target.id, observations: [], requests: 0, retries: 0 };
    tc.task.meta.conformance = meta;
    const stop = (outcome: 'skipped' | 'inconclusive', reason: string): never => {
      meta.outcome = outcome;
      meta.reason = reason;
      return tc.skip(`${outcome}: ${reason}`);
    };
    for (const need of opts.needs ?? []) {
      const reason = needReasons[need](target, run);
      if (reason) stop('skipped', reason);
    }
    // Random, not a counter: vitest gives each file fresh modules, and threads share one pid.
    const marker = `${run.marker}-${randomBytes(4).toString('hex')}`;
    const log = new ExchangeLog(run.runDir, { clause: id, variant: opts.variant, target: target.id });
    const publicUrl = target.baseUrl === target.publicUrl ? undefined : { from: target.baseUrl, to: target.publicUrl };
    const makeClient = (token: string | null) =>
      new ApiClient({
        baseUrl: target.baseUrl,
        token,
        // Through the pacing proxy a request may queue and be retried: wait as long as the proxy may take.
        timeoutMs: run.clientTimeoutMs ?? run.requestTimeoutMs,
        connections: run.maxConcurrency,
        wireHeaders: { [CHECK_HEADER]: marker },
        around: run.allure ? allureStepAround(publicUrl) : undefined,
        observers: [
          (ex) => {
            meta.requests += 1;
            meta.retries += ex.response?.retries ?? 0;
            log.record(ex);
          },
        ],
      });
    const ctx: CheckContext = {
      api: makeClient(target.token),
      as: makeClient,
      target,
      run,
      profile: run.profile,
      companyId: target.companyId,
      marker,
      seed: run.seed,
      numRuns: run.numRuns,
      ledger: new Ledger(run.runDir, target.id, marker),
      observe: (n, value) => void meta.observations.push({ name: n, value }),
      skip: (reason) => {
        throw new SkipError(reason);
      },
      inconclusive: (reason) => {
        throw new InconclusiveError(reason);
      },
    };
    try {
      if (run.allure) await labelForAllure(id, opts, target);
      // Live: running out of time means the answers did not come, so inconclusive, never a failure by timeout.
      await (target.kind === 'live' ? withinTime(fn(ctx), timeout - 2_000) : fn(ctx));
    } catch (err) {
      if (err instanceof SkipError) stop('skipped', err.message);
      if (err instanceof InconclusiveError) stop('inconclusive', err.message);
      if (err instanceof TransportError) stop('inconclusive', `no answer from the target: ${err.message}`);
      throw err;
    } finally {
      log.flush();
    }
  });
}

function withinTime(work: Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const expiry = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new InconclusiveError(`no conclusion within ${Math.round(ms / 1000)} s: the target answered too slowly, or the rate limit left too little room`)), ms);
  });
  return Promise.race([work, expiry]).finally(() => clearTimeout(timer));
}

async function labelForAllure(id: ClauseId, opts: CheckOptions, target: TargetInfo): Promise<void> {
  const allure = await import('allure-js-commons');
  const c = clauses[id];
  await allure.epic(c.area);
  // Tree: area → spec section → clause; the full section list stays in the description.
  await allure.feature(sectionTitle(primarySection(c.section)));
  await allure.story(id);
  await allure.severity(c.severity);
  await allure.label('clause', id);
  await allure.description(`**${id}** (${c.section}, ${c.strictness}): ${c.must}`);
  await allure.link(`clauses.html#${id}`, `${id} clause text`);
  if (opts.variant) await allure.parameter('variant', opts.variant);
  if (target.fault) await allure.parameter('fault', target.fault);
}

/**
 * Marks a conformance check (Kubernetes' ConformanceIt): the clause id is metadata, and the
 * test states the clause's MUST sentence. Registers one test per target (several only in the
 * fault self-check).
 */
export function conformance(id: ClauseId, fn: CheckFn): void;
export function conformance(id: ClauseId, variantOrOptions: string | CheckOptions, fn: CheckFn): void;
export function conformance(id: ClauseId, a: string | CheckOptions | CheckFn, b?: CheckFn): void {
  const opts: CheckOptions = typeof a === 'function' ? {} : typeof a === 'string' ? { variant: a } : a;
  const fn = (typeof a === 'function' ? a : b)!;
  if (!(id in clauses)) throw new Error(`conformance(): unknown clause ${id}`);
  const run = runInfo();
  if (run.targets.length === 1) {
    register(id, opts, fn, run.targets[0]!, run);
    return;
  }
  for (const target of run.targets) describe(target.label, () => register(id, opts, fn, target, run));
}

export type { Resource };
