import { setTimeout as sleep } from 'node:timers/promises';
import type { Circuit } from './circuit.js';
import {
  parseRetryAfter,
  retryDecision,
  transportFaultKind,
  type AttemptOutcome,
  type RetryCounts,
} from './retry-policy.js';
import { QUEUE_GAVE_UP } from './headers.js';
import { methodClass, QueueTimeout, type Pacer } from './scheduler.js';
import type { PacingCounters } from './stats.js';
import type { CheckTime } from './time-split.js';
import type { Upstream, UpstreamRequest } from './upstream.js';

export interface Forwarded {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  retries: number;
  /** Time at the target (every attempt), and the rest of the time in the proxy (queue, backoff): the HAR's wait and blocked. */
  serverMs: number;
  blockedMs: number;
  /** Set when no usable answer came: the worker turns it into a TransportError (inconclusive). */
  transportError?: string;
}

export interface ForwarderOptions {
  upstream: Upstream;
  pacer: Pacer;
  circuit: Circuit;
  counters: PacingCounters;
  /** Longest a request may spend in the proxy (queue, attempts, waits) before it is given up. */
  budgetMs: number;
  random?: () => number;
}

const UNAVAILABLE = new Set([502, 503, 504]);

/**
 * Sends one request to the target through the pacer, retrying by the retry policy. Final
 * outcomes that are not an answer about the contract (no connection, timeouts, 429 or
 * 502/503/504 after the retries) come back as a transport error, so the check is inconclusive;
 * every other status, 500 included, goes back to the check as it is.
 */
export class Forwarder {
  constructor(private readonly o: ForwarderOptions) {}

  /**
   * `clock`: the sending check's split of time (time-split.ts), told when each attempt is at the target.
   * `bearer`: the real token, asked for at each attempt once it has its slot, so a token that expired
   * while the request queued or backed off is never sent (a refreshing session hands out a fresh one).
   */
  async forward(
    req: UpstreamRequest,
    priority: number,
    clock?: CheckTime,
    bearer?: () => Promise<string>,
  ): Promise<Forwarded> {
    const { pacer, circuit, counters, upstream } = this.o;
    const cls = methodClass(req.method);
    const deadline = AbortSignal.timeout(this.o.budgetMs);
    const counts: RetryCounts = { transient: 0, rateLimited: 0 };
    const startedAt = performance.now();
    let serverMs = 0;
    const spent = () => ({
      serverMs: Math.round(serverMs),
      blockedMs: Math.round(performance.now() - startedAt - serverMs),
    });
    counters.requests += 1;
    counters.requestsByClass[cls] += 1;
    for (;;) {
      const retries = counts.transient + counts.rateLimited;
      if (!circuit.allow())
        return this.gaveUp(
          'target-down',
          'the target stopped answering (several attempts in a row got no answer)',
          retries,
          spent(),
        );
      let release: () => void;
      try {
        release = await pacer.acquire(cls, priority, deadline);
      } catch (err) {
        if (err instanceof QueueTimeout)
          return this.gaveUp(
            'budget',
            `${QUEUE_GAVE_UP} ${this.o.budgetMs} ms without a slot (not the target's time)`,
            retries,
            spent(),
          );
        throw err;
      }
      if (bearer) {
        try {
          req.headers.authorization = `Bearer ${await bearer()}`;
        } catch (err) {
          release();
          return this.gaveUp('token', (err as Error).message, retries, spent());
        }
      }
      let result;
      const sentAt = performance.now();
      clock?.toServer();
      try {
        counters.attempts += 1;
        result = await upstream.send(req);
      } finally {
        serverMs += performance.now() - sentAt;
        clock?.fromServer();
        release();
      }
      let outcome: AttemptOutcome;
      if (result.kind === 'response') {
        circuit.answered();
        outcome = { kind: 'response', status: result.status, retryAfter: result.headers['retry-after'] };
        if (result.status === 429) {
          counters.rateLimitedAnswers += 1;
          // The server's own burst limit is below our pace: fewer in flight, and slower, until the 429s stop.
          pacer.rateLimited(parseRetryAfter(result.headers['retry-after']));
        }
      } else {
        if (transportFaultKind(result.code)) circuit.noAnswer();
        outcome = { kind: 'error', code: result.code };
      }
      const decision = retryDecision(req.method, outcome, counts, this.o.random);
      const elapsed = performance.now() - startedAt;
      if (decision && elapsed + decision.delayMs < this.o.budgetMs) {
        if (decision.rateLimited) {
          counts.rateLimited += 1;
          // The whole class waits, not just this request: the server said we are too fast.
          pacer.holdClass(cls, decision.delayMs);
        } else counts.transient += 1;
        counters.retried(decision.reason);
        await sleep(decision.delayMs);
        continue;
      }
      if (result.kind === 'error') {
        const kind = transportFaultKind(result.code);
        return this.gaveUp(
          kind ?? 'error',
          kind ? result.message : `${result.code}: ${result.message}`,
          retries,
          spent(),
        );
      }
      if (result.status === 429)
        return this.gaveUp('429', 'still rate limited (429) after waiting and retrying', retries, spent());
      if (UNAVAILABLE.has(result.status)) {
        return this.gaveUp(
          String(result.status),
          `HTTP ${result.status} (the target was unavailable${req.method === 'GET' ? ' after retries' : '; writes are never replayed'})`,
          retries,
          spent(),
        );
      }
      return { status: result.status, headers: result.headers, body: result.body, retries, ...spent() };
    }
  }

  private gaveUp(
    reason: string,
    detail: string,
    retries: number,
    time: Pick<Forwarded, 'serverMs' | 'blockedMs'>,
  ): Forwarded {
    this.o.counters.gaveUp(reason);
    return {
      status: 502,
      headers: {},
      body: Buffer.alloc(0),
      retries,
      ...time,
      transportError: `${detail}${retries ? `, after ${retries} retries` : ''}`,
    };
  }
}
