import type { Clause } from '../../contract/clause.js';
import type { CheckOutcome } from '../core/events.js';
import type { Cause, ClauseVerdict } from '../core/outcome.js';

/** The verdict rules: from the checks of a clause to its verdict, and from the clauses to the run's. */

export const emptySummary = (): Record<ClauseVerdict, number> => ({
  passed: 0,
  failed: 0,
  inconclusive: 0,
  'not-judged': 0,
  skipped: 0,
  observed: 0,
  'not-testable': 0,
  'not-run': 0,
});

type Judged = Pick<CheckOutcome, 'verdict' | 'reason' | 'cause' | 'failures' | 'error'>;

/** What a clause's verdict rests on when it is not a pass or a failure: its cause, for the certificate to count. */
export interface ClauseRuling {
  verdict: ClauseVerdict;
  reason?: string;
  cause?: Cause;
}

/**
 * Worst-first: one failing check fails the clause; a harness error (errored) or an answer that
 * cannot be judged leaves it inconclusive; a clause whose only open checks are refused guesses of
 * what the spec does not show is not judged (outside what the certificate covers, with the profile
 * key that lets it run); skips count only when nothing ran.
 */
export function clauseVerdict(
  clause: Clause,
  checks: readonly Judged[],
  notRun = 'no check of this clause ran',
): ClauseRuling {
  if (clause.notTestable) return { verdict: 'not-testable', reason: clause.notTestable };
  if (checks.length === 0) return { verdict: 'not-run', reason: notRun };
  if (clause.strictness === 'observed') {
    if (checks.some((c) => c.verdict === 'passed')) return { verdict: 'observed' };
    // An observation never fails a run: one that broke or got no answer recorded nothing.
    const open = checks.find((c) => c.verdict !== 'skipped') ?? checks[0]!;
    return {
      verdict: checks.every((c) => c.verdict === 'skipped') ? 'skipped' : 'inconclusive',
      ...ruling(open),
    };
  }
  if (checks.some((c) => c.verdict === 'failed')) return { verdict: 'failed' };
  const errored = checks.find((c) => c.verdict === 'errored');
  if (errored) return { verdict: 'inconclusive', ...ruling(errored) };
  const open = checks.filter((c) => c.verdict === 'inconclusive');
  const undecided = open.find((c) => c.cause?.kind !== 'guess-refused');
  if (undecided) return { verdict: 'inconclusive', ...ruling(undecided) };
  if (open.length) return { verdict: 'not-judged', ...ruling(open[0]!) };
  if (checks.some((c) => c.verdict === 'passed')) return { verdict: 'passed' };
  const reason = [...new Set(checks.map((c) => c.reason).filter(Boolean))].join('; ');
  return { verdict: 'skipped', ...(reason ? { reason } : {}), ...(checks[0]?.cause ? { cause: checks[0].cause } : {}) };
}

/** A check's cause and its line, as the clause carries them. */
function ruling(c: Judged): Pick<ClauseRuling, 'reason' | 'cause'> {
  const reason = c.cause?.message ?? c.reason ?? c.failures?.[0]?.message;
  return { ...(reason ? { reason } : {}), ...(c.cause ? { cause: c.cause } : {}) };
}

export const isStrictTestable = (c: Pick<Clause, 'strictness' | 'notTestable'>) =>
  c.strictness === 'strict' && !c.notTestable;

/** Strict clauses by verdict: the only ones that decide the run (observed ones are counted apart). */
export function strictSummary(
  clauses: readonly (Pick<Clause, 'strictness' | 'notTestable'> & { verdict: ClauseVerdict })[],
): Record<ClauseVerdict, number> {
  const out = emptySummary();
  for (const c of clauses) if (isStrictTestable(c)) out[c.verdict] += 1;
  return out;
}

/** Why a run is inconclusive, in one line: the strict clauses that could not be judged, or none judged at all. */
export function inconclusiveCause(
  clauses: readonly (Clause & { verdict: ClauseVerdict; reason?: string; cause?: Cause })[],
  strict: Record<ClauseVerdict, number>,
): string | undefined {
  const open = clauses.filter((x) => isStrictTestable(x) && x.verdict === 'inconclusive');
  if (open.length) {
    const broke = open.filter((x) => x.cause?.kind === 'harness-error').length;
    const harness = broke
      ? `the harness broke on ${broke} of them (not the target's fault; report it to the harness's maintainers): `
      : '';
    const reasons = [...new Set(open.map((x) => x.reason ?? 'no reason given'))];
    return `${open.length} strict clause(s) could not be judged: ${harness}${reasons.slice(0, 3).join('; ')}${reasons.length > 3 ? `; and ${reasons.length - 3} more reasons` : ''}`;
  }
  if (strict.passed === 0) return 'no strict clause was judged';
  return undefined;
}
