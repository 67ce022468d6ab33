import type { FailureKind } from '../coordination/protocol.js';
import { InconclusiveError, SkipError, TransportError } from '../core/errors.js';
import type { Cause } from '../core/outcome.js';
import { budgetOf } from '../core/plan.js';
import type { CheckContext, CheckMeta, ContextParts } from './types.js';

export interface SharedOutcome {
  value: unknown;
  /** Ids of the task's journaled exchanges; consumers cite the ones they judge. */
  exchanges: string[];
}

const kindOf = (err: unknown): FailureKind =>
  err instanceof SkipError
    ? 'skip'
    : err instanceof InconclusiveError
      ? 'inconclusive'
      : err instanceof TransportError
        ? 'transport'
        : 'error';

function rethrow(key: string, kind: FailureKind, error: string, why?: Cause): never {
  const message = `shared fixture ${key}: ${error}`;
  const cause = why ? { ...why, message: `shared fixture ${key}: ${why.message}` } : undefined;
  if (kind === 'skip') throw new SkipError(message, cause);
  if (kind === 'inconclusive') throw new InconclusiveError(message, cause);
  if (kind === 'transport') throw new TransportError(message, 'SHARED');
  throw new Error(message);
}

/** The typed cause a fixture's skip or inconclusive end passes on to its consumers. */
const causeOf = (err: unknown): Cause | undefined =>
  err instanceof SkipError || err instanceof InconclusiveError ? err.why : undefined;

/**
 * Runs a shared task once per target: the first claimant runs it (admitted ahead of checks, its
 * requests tagged 'shared:<key>' and journaled under that owner), every other claimant takes the
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
    if (answer.role === 'failed') rethrow(key, answer.kind, answer.error, answer.cause);

    const tag = `shared:${key}`;
    const meta: CheckMeta = {
      clause: check.meta.clause,
      target: target.id,
      observations: [],
      partial: [],
      requests: 0,
      retries: 0,
      evidence: [],
      // The task's own list: what it pulls in is the fixture's, not its first claimant's (budgets learn it per fixture).
      shared: [],
      waits: [],
      cited: [],
    };
    const received: string[] = [];
    const ctx = createContext({ ...check, meta, tag, received });
    const admitted = await coordination.admit(tag, budgetOf(run.plan, tag));
    if (admitted.interrupted)
      rethrow(key, 'skip', 'the run was interrupted before it started', {
        kind: 'interrupted',
        message: 'the run was interrupted before it started',
      });
    try {
      const value = await make(ctx);
      const outcome: SharedOutcome = { value, exchanges: received };
      await coordination.settle({ key, value: outcome, waits: meta.waits, uses: meta.shared });
      return outcome;
    } catch (err) {
      const kind = kindOf(err);
      const cause = causeOf(err);
      await coordination.settle({
        key,
        kind,
        error: (err as Error).message,
        ...(cause ? { cause } : {}),
        waits: meta.waits,
        uses: meta.shared,
      });
      rethrow(key, kind, (err as Error).message, cause);
    } finally {
      await coordination.release(tag);
    }
  }
}
