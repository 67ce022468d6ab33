import fc from 'fast-check';
import { ContractViolation, isFailure } from '../checks/index.js';
import type { CheckContext } from '../conformance.js';
import { InconclusiveError } from '../core/errors.js';

/**
 * Runs fast-check command sequences (fc.commands + fc.asyncModelRun) as one conformance check.
 * A failed precondition inside a command (ctx.inconclusive) ends the whole property at once
 * instead of being shrunk like a violation: later runs return immediately and the check becomes
 * inconclusive. A violation shrinks to a minimal sequence and reports how to replay it.
 * `setup` may create a first record, so that short sequences still exercise updates and reads.
 */
export async function checkModel<Model extends object, Real>(
  ctx: CheckContext,
  commands: fc.Arbitrary<Iterable<fc.AsyncCommand<Model, Real>>>,
  setup: () => Promise<{ model: Model; real: Real }>,
  /** Runs after every sequence on its final state (e.g. read every record once more). */
  verify?: (model: Model, real: Real) => Promise<void>,
): Promise<void> {
  let stopped: string | undefined;
  const property = fc.asyncProperty(commands, async (cmds) => {
    if (stopped) return;
    let last: { model: Model; real: Real } | undefined;
    const tracked = async () => (last = await setup());
    try {
      await fc.asyncModelRun(tracked, cmds);
      if (verify && last) await verify(last.model, last.real);
    } catch (err) {
      if (err instanceof InconclusiveError) return void (stopped = err.message);
      throw err;
    }
  });
  // Under rate limits one sequence: each costs a create, and the plain update and archive checks
  // catch the same faults (the frugal self-check shows it).
  const out = await fc.check(property, {
    seed: ctx.seed,
    numRuns: ctx.frugal ? 1 : ctx.numRuns,
    endOnFailure: ctx.target.kind === 'live',
  });
  if (!out.failed) {
    if (stopped) ctx.inconclusive(stopped);
    return;
  }
  const cause = out.errorInstance instanceof Error ? out.errorInstance : new Error(String(out.errorInstance));
  if (cause.name === 'TransportError') throw cause;
  const sequence = out.counterexample ? fc.stringify(out.counterexample[0]) : '?';
  const replay = `replay with SEED=${out.seed} (fast-check path ${out.counterexamplePath ?? '?'}); shortest failing sequence: ${sequence}`;
  // Anything but a violation is the harness's own exception: it errors, never fails the target.
  if (!(cause instanceof ContractViolation) || !cause.failures.every(isFailure)) {
    cause.message = `${cause.message} (${replay})`;
    throw cause;
  }
  throw new ContractViolation(`${cause.title}; ${replay}`, cause.failures);
}

/** Picks one of the entries a command may act on; `pick` is a free natural number drawn by fast-check. */
export function pickOf<T>(entries: readonly T[], pick: number): T | undefined {
  return entries.length ? entries[pick % entries.length] : undefined;
}
