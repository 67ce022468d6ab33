import { randomBytes } from 'node:crypto';
import { placeholderFor } from '../auth/jwt.js';
import type { TokenSource } from '../auth/session.js';
import { registeredSecrets } from '../redact.js';
import type { TargetInfo } from '../core/run-info.js';
import { CoordinationBus } from '../coordination/channel.js';
import { Coordinator, type ReportSink } from '../coordination/coordinator.js';
import type { RecordedExchange } from '../core/events.js';
import { Circuit } from './circuit.js';
import { Forwarder } from './forwarder.js';
import { INTERNAL_HEADER } from './headers.js';
import { PacingProxy } from './proxy.js';
import { Pacer } from './scheduler.js';
import { PacingCounters, type PacingReport } from './stats.js';
import { Upstream } from './upstream.js';

export { CHECK_HEADER, INTERNAL_HEADER } from './headers.js';
export type { PacingReport } from './stats.js';

export interface PacingOptions {
  getPerMin: number;
  writePerMin: number;
  maxConcurrency: number;
  requestTimeoutMs: number;
  readonly: boolean;
  /**
   * Longest a request may wait in the proxy (queue, attempts, backoff). The plan sets it long
   * enough that pacing alone never leaves a check without an answer.
   */
  queueBudgetMs?: number;
  /** Where workers' reports go (the run's hub). */
  sink?: ReportSink;
  /** Every exchange the proxies forward or refuse, redacted (the hub journals it). */
  record?: (ex: RecordedExchange) => void;
  /** Keep bodies in the records (default true; the fault self-check's throwaway mocks turn it off). */
  recordBodies?: boolean;
  /** Bytes of a body kept in a record (HAR_BODY_LIMIT; default 10 MB): a longer one is cut and marked. */
  bodyLimit?: number;
}

/** A target as the main process knows it: real address and real credentials. */
export interface RealTarget extends Omit<TargetInfo, 'baseUrl' | 'token' | 'tokenNoPo' | 'expiredToken'> {
  token: TokenSource;
  tokenNoPo?: string;
  expiredToken?: string;
}

export interface Pacing {
  /** Starts a proxy for the target; the returned TargetInfo is what workers get (proxy URL, stand-in tokens). */
  route(target: RealTarget): Promise<TargetInfo>;
  /** Header that lets the main process's own requests (cleanup) through after workers are shut out. */
  internalHeaders: Record<string, string>;
  /** Longest the proxy keeps one request (queue, attempts, waits); clients wait a little longer. */
  budgetMs: number;
  /** A rate limit applies (the cleanup says it is paced). */
  paced: boolean;
  /** The coordination state of a routed target (by target id). */
  coordinatorOf(targetId: string): Coordinator | undefined;
  report(): PacingReport;
  shutOutWorkers(reason: string): void;
  /** No check is admitted any more: the run is stopping. */
  interrupt(): void;
  drain(timeoutMs: number): Promise<void>;
  close(): Promise<void>;
}

/** The pace cuts the 429s of the targets caused, when there were any. */
function burstOf(pacers: readonly Pacer[]): Pick<PacingReport, 'burst'> {
  const cut = pacers.map((p) => p.burst.stats).filter((s) => s.cuts > 0);
  if (!cut.length) return {};
  const rates = cut.map((s) => s.lowestPerSecond).filter((r): r is number => r !== undefined);
  return {
    burst: {
      cuts: cut.reduce((n, s) => n + s.cuts, 0),
      lowestInFlight: Math.min(...cut.map((s) => s.lowestInFlight)),
      ...(rates.length ? { lowestPerSecond: Math.min(...rates) } : {}),
    },
  };
}

/** The longest one request may take in the proxy: four attempts with their backoff, or a minute. */
export const requestBudgetMs = (requestTimeoutMs: number) => Math.max(60_000, 4 * requestTimeoutMs + 10_000);

/**
 * Global pacing for the run, in the main process: a proxy per target, each with one Pacer (rate
 * buckets per method class and MAX_CONCURRENCY slots) shared by every worker. Rate limits belong
 * to a server, so separate servers (the fault self-check's mocks) get separate pacers.
 */
export function startPacing(o: PacingOptions): Pacing {
  const pacers: Pacer[] = [];
  const counters = new PacingCounters();
  const internalKey = randomBytes(16).toString('hex');
  const budgetMs = Math.max(requestBudgetMs(o.requestTimeoutMs), o.queueBudgetMs ?? 0);
  const proxies: PacingProxy[] = [];
  const coordinators = new Map<string, Coordinator>();
  const upstreams: Upstream[] = [];
  const circuits: Circuit[] = [];
  const bus = new CoordinationBus(`partner-conformance:${internalKey}`);

  return {
    internalHeaders: { [INTERNAL_HEADER]: internalKey },
    budgetMs,
    paced: o.getPerMin > 0 || o.writePerMin > 0,
    coordinatorOf: (id) => coordinators.get(id),
    async route(target) {
      const publicUrl = new URL(target.publicUrl);
      const upstream = new Upstream(publicUrl.origin, o.maxConcurrency, o.requestTimeoutMs);
      const pacer = new Pacer({ getPerMin: o.getPerMin, writePerMin: o.writePerMin, maxInFlight: o.maxConcurrency });
      pacers.push(pacer);
      const circuit = new Circuit();
      upstreams.push(upstream);
      circuits.push(circuit);
      const credentials = new Map<string, () => Promise<string>>();
      const token = placeholderFor(await target.token.current(), 'token');
      credentials.set(token, () => target.token.current());
      let tokenNoPo: string | undefined;
      if (target.tokenNoPo) {
        const real = target.tokenNoPo;
        tokenNoPo = placeholderFor(real, 'nopo');
        credentials.set(tokenNoPo, async () => real);
      }
      const coordinator = new Coordinator({ getPerMin: o.getPerMin, writePerMin: o.writePerMin }, target.id, o.sink);
      coordinators.set(target.id, coordinator);
      const proxy = new PacingProxy({
        coordinator,
        forwarder: new Forwarder({ upstream, pacer, circuit, counters, budgetMs }),
        counters,
        credentials,
        readonly: o.readonly,
        secrets: registeredSecrets,
        internalKey,
        targetId: target.id,
        publicOrigin: publicUrl.origin,
        record: o.record,
        recordBodies: o.recordBodies,
        bodyLimit: o.bodyLimit,
      });
      proxies.push(proxy);
      const origin = await proxy.listen();
      bus.register(origin, (route, input) => coordinator.answer(route, input));
      let expiredToken: string | undefined;
      if (target.expiredToken) {
        const real = target.expiredToken;
        expiredToken = placeholderFor(real, 'expired');
        credentials.set(expiredToken, async () => real);
      }
      const { token: _real, tokenNoPo: _realNoPo, expiredToken: _realExpired, ...rest } = target;
      return {
        ...rest,
        baseUrl: `${origin}${publicUrl.pathname.replace(/\/+$/, '')}`,
        coordinationChannel: bus.name,
        token,
        tokenNoPo,
        expiredToken,
      };
    },
    report: () => ({
      requests: counters.requests,
      requestsByClass: { ...counters.requestsByClass },
      attempts: counters.attempts,
      retries: counters.retries,
      retriesByReason: { ...counters.retriesByReason },
      rateLimitedAnswers: counters.rateLimitedAnswers,
      unanswered: { ...counters.unanswered },
      refusedInReadonly: counters.refusedInReadonly,
      targetDownEvents: circuits.reduce((n, c) => n + c.opened, 0),
      targetDownAt: circuits
        .map((c) => c.firstOpenedAt)
        .filter((t): t is string => t !== undefined)
        .sort()[0],
      maxInFlight: Math.max(0, ...pacers.map((p) => p.stats.maxInFlight)),
      ...burstOf(pacers),
      pacedRequests: pacers.reduce((n, p) => n + p.stats.waited, 0),
      pacedWaitMs: Math.round(pacers.reduce((n, p) => n + p.stats.totalWaitMs, 0)),
      limits: {
        getPerMin: o.getPerMin,
        writePerMin: o.writePerMin,
        maxConcurrency: o.maxConcurrency,
        requestTimeoutMs: o.requestTimeoutMs,
      },
    }),
    shutOutWorkers: (reason) => proxies.forEach((p) => p.shutOutWorkers(reason)),
    interrupt: () => coordinators.forEach((c) => c.interrupt()),
    drain: async (ms) => void (await Promise.all(proxies.map((p) => p.drain(ms)))),
    close: async () => {
      for (const p of pacers) p.close();
      for (const c of coordinators.values()) c.close();
      bus.close();
      await Promise.all(proxies.map((p) => p.close()));
      await Promise.all(upstreams.map((u) => u.close()));
    },
  };
}
