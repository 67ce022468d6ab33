/** The verdict vocabulary every output shares. */

/** How one check ended. `passed` always rests on evidence: a check that judged nothing is inconclusive. */
export type CheckVerdict = 'passed' | 'failed' | 'skipped' | 'inconclusive';
export const checkVerdicts: readonly CheckVerdict[] = ['passed', 'failed', 'skipped', 'inconclusive'];

/**
 * Strict clauses end passed, failed, inconclusive or skipped; an observed clause (the spec is
 * silent) ends observed when its check recorded the target's choice, and never fails.
 */
export type ClauseVerdict = 'passed' | 'failed' | 'skipped' | 'inconclusive' | 'observed' | 'not-testable' | 'not-run';
export const clauseVerdicts: readonly ClauseVerdict[] = [
  'passed',
  'failed',
  'inconclusive',
  'skipped',
  'observed',
  'not-testable',
  'not-run',
];

/**
 * conformant: every strict clause of the whole catalogue was judged, none failed (read-only runs
 * say what they did not exercise); passed: nothing failed in a partial selection, which certifies
 * nothing about the rest; non-conformant: a strict clause failed; inconclusive: a strict clause
 * could not be judged, or the target stopped answering; interrupted: stopped by a signal.
 */
export type RunVerdict = 'conformant' | 'passed' | 'non-conformant' | 'inconclusive' | 'interrupted';

export const verdictWords: Record<RunVerdict, string> = {
  conformant: 'CONFORMANT',
  passed: 'PASSED',
  'non-conformant': 'NON-CONFORMANT',
  inconclusive: 'INCONCLUSIVE',
  interrupted: 'INTERRUPTED',
};
