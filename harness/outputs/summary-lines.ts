import type { LedgerSummary, Certification, RunBudget } from '../certify/types.js';
import type { PartialJudgement } from '../core/outcome.js';

/** One-line figures that the console, the md and the page all print the same way. */

const seconds = (ms: number) => `${Math.round(ms / 1000)} s`;

/** A clause judged in part, in its row: `5 of 22 endpoints probed; the others … (set X for the rest)`. */
export function partialText(p: PartialJudgement): string {
  return `${p.judged}; ${p.left}${p.setting ? ` (set ${p.setting} for the rest)` : ''}`;
}

/** The scope as every output states it: the note when there is one, else the whole catalogue judged in full. */
export function scopeText(c: Certification): string {
  return c.scope.note ?? (c.scope.complete ? `every clause of the catalogue (${c.scope.clauses.total})` : 'partial');
}

/** Every exchange of the run, counted from the journal (all shards after a merge). */
export function trafficLine(c: Certification): string {
  const x = c.traffic.exchanges;
  return `Requests: ${x.total} in all (${x.checks} by checks, ${x.shared} by shared fixtures, ${x.preflight} preflight, ${x.cleanup} cleanup); ${c.traffic.retries} retried; ${c.traffic.answered429} answered 429`;
}

/** How long the run's own writes took to show in reads after them (ctx.eventually). */
export function visibilityLine(c: Certification): string {
  const v = c.visibility;
  // afterMs runs from the start of the wait to the answer that showed the write: a read sent inside
  // the window but queued behind the rate limits answers later, so the slowest can exceed the window.
  const slow = v.shown
    ? `the slowest showed after ${(v.slowestMs / 1000).toFixed(1)} s, counted from the start of its wait (time its reads queued under the rate limits included; the window only stops new reads)`
    : 'none showed';
  return `Reads after the run's writes: ${v.waits} waited for the write to show; ${slow}${v.notShown ? `; ${v.notShown} did not show within the consistency window` : ''}`;
}

/**
 * Failures whose evidence the bundle holds cut (a body over HAR_BODY_LIMIT), so a reviewer knows
 * which ones rest on more than exchanges.har shows; undefined when none does.
 */
export function evidenceCutLine(c: Certification): string | undefined {
  const cut = c.evidenceCut ?? [];
  if (!cut.length) return undefined;
  const one = (e: (typeof cut)[number]) =>
    `${e.check} (${[
      e.responseBytesCut ? `${e.responseBytesCut} bytes of the answer` : '',
      e.requestBytesCut ? `${e.requestBytesCut} bytes of the request` : '',
    ]
      .filter(Boolean)
      .join(', ')})`;
  const shown = cut.slice(0, 3).map(one).join('; ');
  const more = cut.length > 3 ? `; and ${cut.length - 3} more` : '';
  return `Evidence cut: ${cut.length} failure(s) cite an exchange whose body exchanges.har holds cut at HAR_BODY_LIMIT: ${shown}${more}; raise HAR_BODY_LIMIT and rerun to keep them whole`;
}

/** Planned against used, under the limits. */
export function budgetLine(b: RunBudget): string {
  const paced = b.limits.getPerMin > 0 || b.limits.writePerMin > 0;
  const planned = paced
    ? `planned ${b.planned.get} GETs and ${b.planned.write} writes (at least ${seconds(b.planned.lowerBoundMs)} under the limits)`
    : `no rate limit, so every check runs in full (the plan of ${b.planned.get} GETs and ${b.planned.write} writes is for a run under limits)`;
  if (!b.actual) return `Budget: ${planned}`;
  const a = b.actual;
  const floor = paced ? ` (at least ${seconds(a.lowerBoundMs)})` : '';
  return `Budget: ${planned}; used ${a.get} GETs and ${a.write} writes in all, the preflight and the cleanup included${floor}, took ${seconds(a.wallMs)}, ${a.answered429} answered 429`;
}

/** What became of the records the run created: the same words on the console, the md and the page. */
export function recordsLine(l: LedgerSummary): string {
  const archived = l.archivedByChecks + l.archivedByCleanup;
  const rest = l.leftovers - l.withoutArchive;
  const why = [
    ...(l.withoutArchive ? [`${l.withoutArchive} appointment request(s), which have no documented archive (§3)`] : []),
    ...(rest ? [`${rest} listed in ledger.json with the cleanup command`] : []),
  ];
  return `Records: ${l.created} created, ${archived} archived, ${l.leftovers} left${why.length ? ` (${why.join('; ')})` : ''}`;
}
