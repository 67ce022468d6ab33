import type { TrafficReport } from '../core/events.js';
/** The counters as pacing.json and the journal carry them: one type, in core/events.ts. */
export type PacingReport = TrafficReport;

export class PacingCounters {
  requests = 0;
  readonly requestsByClass = { get: 0, write: 0 };
  attempts = 0;
  readonly retriesByReason: Record<string, number> = {};
  rateLimitedAnswers = 0;
  readonly unanswered: Record<string, number> = {};
  refusedInReadonly = 0;

  retried(reason: string): void {
    this.retriesByReason[reason] = (this.retriesByReason[reason] ?? 0) + 1;
  }

  gaveUp(reason: string): void {
    this.unanswered[reason] = (this.unanswered[reason] ?? 0) + 1;
  }

  get retries(): number {
    return Object.values(this.retriesByReason).reduce((a, b) => a + b, 0);
  }
}
