import { randomBytes } from 'node:crypto';
import { ApiClient } from '../client.js';
import { GuessRefusedError, InconclusiveError, SkipError } from '../core/errors.js';
import { CHECK_HEADER } from '../pacing/headers.js';
import { eventually, FIRST_BACKOFF_MS } from '../eventually.js';

import { Ledger, ledgerAnswer } from './ledger.js';
import { runShared } from './shared.js';
import type { CheckContext, ContextParts } from './types.js';

export function createContext(p: ContextParts): CheckContext {
  const { run, target, meta } = p;
  // Random, not a counter: vitest gives each file fresh modules, and threads share one pid.
  const marker = `${run.marker}-${randomBytes(4).toString('hex')}`;
  /** Exchanges of shared fixtures this check may cite, with the fixture that made them. */
  const citable = new Map<string, string>();
  /**
   * When a write of this context was last answered. A wait learns the target's lag from there, not
   * from before the write was sent: under the write limit a send may queue for seconds (four
   * appointment creates at 50 a minute), and that queue is not the target's lag.
   */
  let writeAnsweredAt = 0;
  const ledger = new Ledger(p.reports, marker);
  const makeClient = (token: string | null) =>
    new ApiClient({
      baseUrl: target.baseUrl,
      token,
      // Through the pacing proxy a request may queue and be retried: wait as long as the proxy may take.
      timeoutMs: run.clientTimeoutMs,
      connections: run.maxConcurrency,
      wireHeaders: { [CHECK_HEADER]: p.tag },
      observers: [
        (ex) => {
          meta.requests += 1;
          meta.retries += ex.response?.retries ?? 0;
          if (ex.response?.exchangeId) p.received?.push(ex.response.exchangeId);
          if (ex.request.method !== 'GET' && ex.response) writeAnsweredAt = Date.now();
        },
        // Every create answer's records are ledgered before the check sees the answer (one place for all writes).
        (ex) => ledgerAnswer(ex, { ledger, profile: run.profile, companyId: target.companyId }),
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
    frugal: run.frugal,
    ledger,
    observe: (name, value) => void meta.observations.push({ name, value }),
    saw: (count, what) => {
      if (count > 0) meta.evidence.push(`${count} ${what}`);
    },
    partial: (judged, left, setting) => void meta.partial.push({ judged, left, ...(setting ? { setting } : {}) }),
    skip: (reason, why) => {
      throw new SkipError(reason, why);
    },
    inconclusive: (reason, why) => {
      throw new InconclusiveError(reason, why);
    },
    guessRefused: (profileKey, reason) => {
      throw new GuessRefusedError(profileKey, reason);
    },
    eventually: async (what, read, shows, o = {}) => {
      const windowMs = o.windowMs ?? run.consistencyWindowMs;
      // Under rate limits reads are the scarce budget: the first read comes once the lag the run
      // has already seen (in any worker: the hub keeps it) has passed since the write (taken as
      // just made when its time is not given), and the backoff starts there. Unpaced runs read at once.
      const learnedMs = run.frugal ? (await p.coordination.lag()).learnedMs : 0;
      const since = o.writtenAt === undefined ? 0 : Date.now() - Math.max(o.writtenAt, writeAnsweredAt);
      const firstPause = Math.max(FIRST_BACKOFF_MS, learnedMs);
      const wait = await eventually(read, shows, windowMs, undefined, firstPause, Math.max(0, learnedMs - since));
      // The lag counts from the write's answer, so a wait that started late still teaches the whole of it.
      if (run.frugal) await p.coordination.lag({ shown: wait.shown, afterMs: wait.afterMs + since, reads: wait.reads });
      meta.waits.push({ what, shown: wait.shown, afterMs: wait.afterMs, reads: wait.reads, windowMs });
      return wait;
    },
    need: (value, reason) => {
      if (value === undefined || value === null)
        throw new InconclusiveError(reason, { kind: 'precondition', message: reason });
      return value as NonNullable<typeof value>;
    },
    shared: async (key, make) => {
      if (!meta.shared.includes(key)) meta.shared.push(key);
      p.deadline?.pause();
      // A fixture made by this check runs under the fixture's own plan, not under the check's clock.
      const { value, exchanges } = await runShared(key, make, { ...p, deadline: undefined }, createContext).finally(
        () => p.deadline?.resume(),
      );
      for (const id of exchanges) citable.set(id, key);
      return value as Awaited<ReturnType<typeof make>>;
    },
    cite: async (...responses) => {
      for (const res of responses) {
        const from = res?.exchangeId ? citable.get(res.exchangeId) : undefined;
        if (from && !meta.cited.some((c) => c.id === res!.exchangeId)) meta.cited.push({ id: res!.exchangeId!, from });
      }
    },
  };
  return ctx;
}
