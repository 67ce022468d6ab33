/** Run-level counters of the pacing proxy, written to reports/pacing.json at the end of the run. */
export interface PacingReport {
  /** Requests the workers and the cleanup asked for. */
  requests: number;
  /** The same, by rate-limit class. */
  requestsByClass: { get: number; write: number };
  /** Attempts sent to the target (requests plus retries). */
  attempts: number;
  retries: number;
  /** Retries by cause: '429', '502', '503', '504', 'connection', 'timeout'. */
  retriesByReason: Record<string, number>;
  /** 429 answers received; zero when the harness's limits are within the target's. */
  rateLimitedAnswers: number;
  /** Requests that ended without an answer, by cause; each made its check inconclusive. */
  unanswered: Record<string, number>;
  /** Non-GET requests stopped by the read-only safety net. */
  refusedInReadonly: number;
  /** How often the target was declared down (consecutive attempts without any answer). */
  targetDownEvents: number;
  /** When it was first declared down (ISO 8601), if it was. */
  targetDownAt?: string;
  maxInFlight: number;
  /** How the pace followed the server's 429s: episodes that cut it, the fewest requests in flight and the lowest rate (a second) it came down to. */
  burst?: { cuts: number; lowestInFlight: number; lowestPerSecond?: number };
  /** Requests that waited for a rate-limit token or a free slot, and their total wait. */
  pacedRequests: number;
  pacedWaitMs: number;
  limits: { getPerMin: number; writePerMin: number; maxConcurrency: number; requestTimeoutMs: number };
}

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
