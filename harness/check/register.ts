import { describe, inject, test, type TestContext } from 'vitest';
import { getCurrentSuite } from 'vitest/suite';
import { clauses, type ClauseId } from '../../contract/clauses.js';
import { CoordinationClient } from '../coordination/client.js';
import type { RegisterRequest } from '../coordination/protocol.js';
import { InconclusiveError, SkipError, TransportError } from '../core/errors.js';
import type { CheckOutcome } from '../core/events.js';
import { ContractViolation, errorLine, harnessError, type Cause } from '../core/outcome.js';
import { budgetOf } from '../core/plan.js';
import type { RunInfo, TargetInfo } from '../core/run-info.js';
import { QUEUE_GAVE_UP } from '../pacing/headers.js';
import { redact } from '../redact.js';
import { createContext } from './context.js';
import { Deadline, withinDeadline } from './deadline.js';
import { HubReports } from './hub-reports.js';
import { checkKey, type CheckContext, type CheckMeta, type CheckOptions, type Need } from './types.js';

export type CheckFn = (ctx: CheckContext) => Promise<void>;

/**
 * The check wrapper, in the test workers. vitest only schedules checks: each check's outcome
 * (verdict, typed failures, evidence) goes to the run's hub, which journals it; every output is
 * built from that journal. The vitest test mirrors the verdict (a failure throws, a skip skips)
 * only so that a bare vitest run still reads sensibly.
 */

const needReasons: Record<Need, (t: TargetInfo, r: RunInfo) => Cause | undefined> = {
  write: (_t, r) =>
    r.mode === 'readonly'
      ? { kind: 'read-only', message: 'needs a write; CONFORMANCE_MODE=readonly sends only GET requests' }
      : undefined,
  tokenNoPo: (t) =>
    t.tokenNoPo
      ? undefined
      : {
          kind: 'missing-setting',
          setting: 'ACCESS_TOKEN_NO_PO',
          message: 'ACCESS_TOKEN_NO_PO is not set: no token without the Purchase Orders permission',
        },
  otherCompany: (t) =>
    t.otherCompanyId
      ? undefined
      : {
          kind: 'missing-setting',
          setting: 'OTHER_COMPANY_ID',
          message:
            t.otherCompanyUnproven ?? 'OTHER_COMPANY_ID is not set: no second company to check isolation against',
        },
  customer: (t) =>
    t.customerId
      ? undefined
      : {
          kind: 'missing-setting',
          setting: 'CUSTOMER_ID',
          message: 'CUSTOMER_ID is not set: no existing customer to attach vehicles to',
        },
  location: (t) =>
    t.locationId ? undefined : { kind: 'missing-setting', setting: 'LOCATION_ID', message: 'LOCATION_ID is not set' },
};

function runInfo(): RunInfo {
  const run = inject('run');
  if (!run) throw new Error('conformance(): no run context; run the suites through `npm run conformance`');
  return run;
}

/** Each (clause, variant) is registered once per target: evidence and budgets are keyed by it. */
const registered = new Set<string>();

/** One report queue per target and worker. */
const queues = new Map<string, { client: CoordinationClient; reports: HubReports; pending: RegisterRequest[] }>();

function queueOf(target: TargetInfo) {
  let q = queues.get(target.id);
  if (!q) {
    const client = new CoordinationClient(target.baseUrl, target.coordinationChannel);
    q = { client, reports: new HubReports(client), pending: [] };
    queues.set(target.id, q);
  }
  return q;
}

/** Registrations of one file go to the hub together, once its collection ends. */
function announce(target: TargetInfo, check: RegisterRequest): void {
  const q = queueOf(target);
  if (q.pending.push(check) > 1) return;
  queueMicrotask(() => void q.reports.send({ kind: 'register', checks: q.pending.splice(0) }));
}

/** A left-out area (--skip-area) covers its clauses and the generic checks' variants named after it ('purchaseOrders, filtered' too). */
function leftOut(id: ClauseId, variant: string | undefined, run: RunInfo): string | undefined {
  const hit = run.selection.skippedAreas?.find((a) => clauses[id].area === a.area || variant?.split(',')[0] === a.area);
  return hit ? `the area ${hit.area} is left out of this run: ${hit.why}` : undefined;
}

/** How long a check may take: the plan's deadline on a live target, a fixed bound on the embedded mock. */
function testTimeout(opts: CheckOptions, target: TargetInfo, run: RunInfo): number {
  if (target.kind !== 'live') return Math.max(opts.timeoutMs ?? 0, 150_000);
  return Math.max(opts.timeoutMs ?? 0, 2 * run.plan.estimate.lowerBoundMs + 300_000);
}

type Settled = Pick<CheckOutcome, 'verdict' | 'reason' | 'cause' | 'failures' | 'error'>;

/**
 * The error's kind decides the verdict: a broken rule fails, a missing answer or precondition is
 * inconclusive, and anything else is the harness's own exception: errored, never the target's fault.
 */
function settleError(err: unknown): Settled {
  if (err instanceof ContractViolation)
    return { verdict: 'failed', failures: err.failures.map(redactFailure), reason: redact(err.title) };
  if (err instanceof SkipError) return { verdict: 'skipped', ...because(err.why) };
  if (err instanceof InconclusiveError) return { verdict: 'inconclusive', ...because(err.why) };
  // The run's own pacing queue gave up on the request: the target was never asked (harness/pacing/forwarder.ts).
  if (err instanceof TransportError && err.code.startsWith(QUEUE_GAVE_UP))
    return { verdict: 'inconclusive', ...because({ kind: 'deadline', message: err.message }) };
  if (err instanceof TransportError)
    return {
      verdict: 'inconclusive',
      ...because({ kind: 'no-answer', message: `no answer from the target: ${err.message}`, code: err.code }),
    };
  const error = harnessError(err, redact);
  return {
    verdict: 'errored',
    error,
    ...because({ kind: 'harness-error', message: `harness error: ${errorLine(error)}` }),
  };
}

/** A cause and its message as the outcome's reason line, redacted. */
const because = (why: Cause): Pick<CheckOutcome, 'cause' | 'reason'> => {
  const cause = { ...why, message: redact(why.message) };
  return { cause, reason: cause.message };
};

const redactFailure = <T extends { message: string }>(f: T): T => ({ ...f, message: redact(f.message) });

function register(id: ClauseId, opts: CheckOptions, fn: CheckFn, target: TargetInfo, run: RunInfo): void {
  const key = checkKey(id, opts.variant);
  if (registered.has(`${target.id}\u0000${key}`))
    throw new Error(`conformance(): ${key} is registered twice; give each check of a clause its own variant`);
  registered.add(`${target.id}\u0000${key}`);
  const name = `${key}: ${clauses[id].must}`;
  const file = getCurrentSuite().file?.name ?? 'unknown';
  const excluded = leftOut(id, opts.variant, run);
  const selected = !excluded && (!run.selection.pattern || new RegExp(run.selection.pattern).test(name));
  announce(target, { key, name, file, selected, ...(opts.needs?.length ? { needs: [...opts.needs] } : {}) });
  if (excluded) return void test.skip(name, () => undefined);

  test(name, { timeout: testTimeout(opts, target, run) }, async (tc: TestContext) => {
    const startedAt = new Date();
    const meta: CheckMeta = {
      clause: id,
      variant: opts.variant,
      target: target.id,
      observations: [],
      partial: [],
      requests: 0,
      retries: 0,
      evidence: [],
      shared: [],
      waits: [],
      cited: [],
    };
    const { client, reports } = queueOf(target);
    const outcome = (settled: Settled): CheckOutcome => ({
      key,
      clause: id,
      ...(opts.variant ? { variant: opts.variant } : {}),
      target: target.id,
      name,
      file: tc.task.file.name,
      ...settled,
      observations: meta.observations,
      // Only a pass is judged in part: a failure or a skip says more than that.
      ...(meta.partial.length && settled.verdict === 'passed' ? { partial: meta.partial } : {}),
      evidence: meta.evidence,
      cited: meta.cited,
      shared: meta.shared,
      waits: meta.waits,
      requests: meta.requests,
      retries: meta.retries,
      startedAt: startedAt.toISOString(),
      durationMs: Date.now() - startedAt.getTime(),
    });
    const unmet = (opts.needs ?? []).map((need) => needReasons[need](target, run)).find(Boolean);
    let settled: Settled;
    if (unmet) settled = { verdict: 'skipped', ...because(unmet) };
    else {
      const admitted = await client.admit(key, budgetOf(run.plan, key));
      // The run is stopping: the check never started, so it reports nothing (the certificate shows it not run).
      if (admitted.interrupted) return tc.skip('the run was interrupted before this check started');
      // Running out of the planned time means the answers did not come: inconclusive, never failed.
      // On a live target the time its requests queued in the run's own pacer is given back (up to the test's timeout).
      const deadline = new Deadline(
        Math.max(
          opts.timeoutMs ?? 0,
          target.kind === 'live' ? admitted.deadlineMs : testTimeout(opts, target, run) - 20_000,
        ),
        target.kind === 'live' ? { split: () => client.time(key), capMs: testTimeout(opts, target, run) - 20_000 } : {},
      );
      const ctx = createContext({ run, target, meta, tag: key, coordination: client, reports, deadline });
      try {
        await withinDeadline(fn(ctx), deadline);
        const observed = clauses[id].strictness === 'observed';
        settled =
          run.requireEvidence && meta.evidence.length === 0 && !(observed && meta.observations.length > 0)
            ? {
                verdict: 'inconclusive',
                ...because({ kind: 'no-evidence', message: 'the check saw nothing to judge, so it cannot pass' }),
              }
            : { verdict: 'passed' };
      } catch (err) {
        settled = settleError(err);
      } finally {
        await client.release(key).catch(() => undefined);
      }
    }
    // Its ledger entries first, then the outcome: the hub journals them in that order.
    await reports.send({ kind: 'outcome', outcome: outcome(settled) });
    await reports.settle();
    if (settled.verdict === 'errored') throw new Error(`harness error: ${errorLine(settled.error!)}`);
    if (settled.verdict === 'failed') throw new Error(settled.reason ?? 'failed');
    if (settled.verdict !== 'passed') tc.skip(`${settled.verdict}: ${settled.reason ?? ''}`);
  });
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
