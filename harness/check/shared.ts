import { InconclusiveError, SkipError, TransportError } from '../errors.js';
import { ExchangeLog, type RecordedExchange } from '../exchange-log.js';
import type { FailureKind } from '../coordination/protocol.js';
import { budgetOf } from '../run/plan.js';
import type { CheckContext, ContextParts } from './types.js';

export interface SharedOutcome {
  value: unknown;
  /** The task's exchanges, redacted as recorded; consumers cite the ones they judge. */
  exchanges: RecordedExchange[];
}

const kindOf = (err: unknown): FailureKind =>
  err instanceof SkipError ? 'skip' : err instanceof InconclusiveError ? 'inconclusive' : err instanceof TransportError ? 'transport' : 'error';

function rethrow(key: string, kind: FailureKind, error: string): never {
  const message = `shared fixture ${key}: ${error}`;
  if (kind === 'skip') throw new SkipError(message);
  if (kind === 'inconclusive') throw new InconclusiveError(message);
  if (kind === 'transport') throw new TransportError(message, 'SHARED');
  throw new Error(message);
}

/**
 * Runs a shared task once per target: the first claimant runs it (admitted ahead of checks, its
 * requests tagged 'shared:<key>' and recorded under that owner), every other claimant takes the
 * settled outcome. A failed task fails its consumers the same way (skip, inconclusive, error).
 */
export async function runShared(
  key: string,
  make: (ctx: CheckContext) => Promise<unknown>,
  check: ContextParts,
  createContext: (parts: ContextParts) => CheckContext,
): Promise<SharedOutcome> {
  const { coordination, run, target } = check;
  for (;;) {
    const answer = await coordination.claim(key);
    if (answer.role === 'wait') continue;
    if (answer.role === 'done') return answer.value as SharedOutcome;
    if (answer.role === 'failed') rethrow(key, answer.kind, answer.error);

    const tag = `shared:${key}`;
    const log = new ExchangeLog(run.runDir, { clause: 'shared', variant: key, target: target.id });
    const meta = { clause: check.meta.clause, target: target.id, observations: [], requests: 0, retries: 0, evidence: [], shared: check.meta.shared, waits: check.meta.waits };
    // Steps of a shared task belong to no one test: consumers cite them into their own report.
    const ctx = createContext({ ...check, run: { ...run, allure: false }, meta, tag, owner: { clause: 'shared', variant: key }, log });
    await coordination.admit(tag, budgetOf(run, tag));
    try {
      const value = await make(ctx);
      const outcome: SharedOutcome = { value, exchanges: log.pending() };
      await coordination.settle({ key, value: outcome });
      return outcome;
    } catch (err) {
      const kind = kindOf(err);
      await coordination.settle({ key, kind, error: (err as Error).message });
      rethrow(key, kind, (err as Error).message);
    } finally {
      log.flush();
      await coordination.release(tag);
    }
  }
}
