import type { Clause } from '../../contract/clause.js';
import type { CheckOutcome } from '../core/events.js';
import type { ClauseVerdict } from '../core/verdicts.js';

/** The verdict rules: from the checks of a clause to its verdict, and from the clauses to the run's. */

export const emptySummary = (): Record<ClauseVerdict, number> => ({
  passed: 0,
  failed: 0,
  inconclusive: 0,
  skipped: 0,
  observed: 0,
  'not-testable': 0,
  'not-run': 0,
});

/** Worst-first: one failing check fails the clause; skips count only when nothing ran. */
export function clauseVerdict(
  clause: Clause,
  checks: readonly Pick<CheckOutcome, 'verdict' | 'reason' | 'failures' | 'error'>[],
  notRun = 'no check of this clause ran',
): { verdict: ClauseVerdict; reason?: string } {
  if (clause.notTestable) return { verdict: 'not-testable', reason: clause.notTestable };
  if (checks.length === 0) return { verdict: 'not-run', reason: notRun };
  if (clause.strictness === 'observed') {
    if (checks.some((c) => c.verdict === 'passed')) return { verdict: 'observed' };
    // An observation never fails a run: one that broke or got no answer recorded nothing.
    const why = checks.map((c) => c.reason ?? c.error?.split('\n')[0] ?? c.failures?.[0]?.message).find(Boolean);
    return { verdict: checks.every((c) => c.verdict === 'skipped') ? 'skipped' : 'inconclusive', reason: why };
  }
  if (checks.some((c) => c.verdict === 'failed')) return { verdict: 'failed' };
  const inconclusive = checks.find((c) => c.verdict === 'inconclusive');
  if (inconclusive) return { verdict: 'inconclusive', reason: inconclusive.reason };
  if (checks.some((c) => c.verdict === 'passed')) return { verdict: 'passed' };
  return { verdict: 'skipped', reason: [...new Set(checks.map((c) => c.reason).filter(Boolean))].join('; ') };
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
  clauses: readonly (Clause & { verdict: ClauseVerdict; reason?: string })[],
  strict: Record<ClauseVerdict, number>,
): string | undefined {
  const open = clauses.filter((x) => x.strictness === 'strict' && x.verdict === 'inconclusive');
  if (open.length) {
    const reasons = [...new Set(open.map((x) => x.reason ?? 'no reason given'))];
    return `${open.length} strict clause(s) could not be judged: ${reasons.slice(0, 3).join('; ')}${reasons.length > 3 ? `; and ${reasons.length - 3} more reasons` : ''}`;
  }
  if (strict.passed === 0) return 'no strict clause was judged';
  return undefined;
}
