import type { Certification } from './types.js';
import type { RunResults } from './results.js';
import type { RunSummary } from './run-summary.js';

/**
 * One output format: a file rendered from a finished (or interrupted, or merged) run. Adding a
 * format is one file that exports an OutputFormat plus one entry in the artifact registry
 * (harness/report/artifacts.ts): the run stages it, the bundle copies it when the entry says so,
 * merge-reports renders it again from the merged certification, and the console lists it.
 * The writer masks registered secrets in what `render` returns.
 */
export interface OutputContext {
  certification: Certification;
  /** Every check with its exchanges attached (bodies clipped). */
  results: RunResults;
  summary: RunSummary;
}

export interface OutputFormat {
  render(ctx: OutputContext): string;
}
