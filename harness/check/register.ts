import { describe, inject, test, type TestContext } from 'vitest';
import { clauses, type ClauseId } from '../../contract/clauses.js';
import { CoordinationClient } from '../coordination/client.js';
import { InconclusiveError, SkipError, TransportError } from '../errors.js';
import { ExchangeLog } from '../exchange-log.js';
import { primarySection, sectionTitle } from '../report/sections.js';
import { budgetOf } from '../run/plan.js';
import type { RunInfo, TargetInfo } from '../run/run-info.js';
import { createContext } from './context.js';
import { Deadline, withinDeadline } from './deadline.js';
import { checkKey, type CheckContext, type CheckMeta, type CheckOptions, type Need } from './types.js';

export type CheckFn = (ctx: CheckContext) => Promise<void>;

declare module '@vitest/runner' {
  interface TaskMeta {
    conformance?: CheckMeta;
  }
}

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

/** Each (clause, variant) is registered once per target: evidence and budgets are keyed by it. */
const registered = new Set<string>();

/** Time a live check may wait for admission and run: the whole plan, twice, so pacing alone never times it out. */
function testTimeout(opts: CheckOptions, target: TargetInfo, run: RunInfo): number {
  if (target.kind !== 'live') return opts.timeoutMs ?? 120_000;
  return Math.max(opts.timeoutMs ?? 0, 2 * run.plan.estimate.lowerBoundMs + 300_000);
}

function register(id: ClauseId, opts: CheckOptions, fn: CheckFn, target: TargetInfo, run: RunInfo): void {
  const key = checkKey(id, opts.variant);
  if (registered.has(`${target.id}\u0000${key}`)) throw new Error(`conformance(): ${key} is registered twice; give each check of a clause its own variant`);
  registered.add(`${target.id}\u0000${key}`);
  const name = `${key}: ${clauses[id].must}`;
  test(name, { timeout: testTimeout(opts, target, run) }, async (tc: TestContext) => {
    const meta: CheckMeta = { clause: id, variant: opts.variant, target: target.id, observations: [], requests: 0, retries: 0, evidence: [], shared: [], waits: [] };
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
    const log = new ExchangeLog(run.runDir, { clause: id, variant: opts.variant, target: target.id });
    const coordination = new CoordinationClient(target.baseUrl);
    const admitted = await coordination.admit(key, budgetOf(run, key));
    // Live: running out of the planned time means the answers did not come: inconclusive, never failed.
    const deadline = target.kind === 'live' ? new Deadline(Math.max(opts.timeoutMs ?? 0, admitted.deadlineMs)) : undefined;
    const ctx = createContext({ run, target, meta, tag: key, owner: { clause: id, variant: opts.variant }, log, coordination, deadline });
    try {
      if (run.allure) await labelForAllure(id, opts, target);
      const work = fn(ctx);
      await (deadline ? withinDeadline(work, deadline) : work);
    } catch (err) {
      if (err instanceof SkipError) stop('skipped', err.message);
      if (err instanceof InconclusiveError) stop('inconclusive', err.message);
      if (err instanceof TransportError) stop('inconclusive', `no answer from the target: ${err.message}`);
      throw err;
    } finally {
      log.flush();
      await coordination.release(key).catch(() => undefined);
    }
    const observed = clauses[id].strictness === 'observed';
    if (run.requireEvidence && meta.evidence.length === 0 && !(observed && meta.observations.length > 0)) {
      stop('inconclusive', 'the check saw nothing to judge, so it cannot pass');
    }
  });
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
  await allure.label('strictness', c.strictness);
  await allure.description(`**${id}** (${c.section}, ${c.strictness}): ${c.must}`);
  await allure.link(`clauses.html#${id}`, `${id} clause text`);
  if (opts.variant) await allure.parameter('variant', opts.variant);
  if (target.fault) await allure.parameter('fault', target.fault);
}

/**
 * Marks a conformance check (Kubernetes' ConformanceIt): the clause id is metadata, and the
 * test states the clause's MUST sentence. Registers one test per target (several only in the
 * fault self-check). Annotate the callback's parameter (`async (ctx: CheckContext) => …`) so
 * `ctx.skip` and `ctx.inconclusive` narrow types.
 */
export function conformance(id: ClauseId, fn: CheckFn): void;
export function conformance(id: ClauseId, variantOrOptions: string | CheckOptions, fn: CheckFn): void;
export function conformance(id: ClauseId, a: string | CheckOptions | CheckFn, b?: CheckFn): void {
  const opts: CheckOptions = typeof a === 'function' ? {} : typeof a === 'string' ? { variant: a } : a;
  const fn = typeof a === 'function' ? a : b;
  if (!fn) throw new Error(`conformance(${id}): no check function`);
  if (!(id in clauses)) throw new Error(`conformance(): unknown clause ${id}`);
  const run = runInfo();
  if (run.targets.length === 1) {
    register(id, opts, fn, run.targets[0]!, run);
    return;
  }
  for (const target of run.targets) describe(target.label, () => register(id, opts, fn, target, run));
}
