import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { clauses } from '../../contract/clauses.js';
import type { Baseline } from '../certify/baseline.js';
import { certify, type Certification } from '../certify/certify.js';
import type { JournalEvent } from '../core/events.js';
import { CERTIFICATION_JSON as CERTIFICATION_FILE, renderOutputs } from '../outputs/registry.js';
import { publish } from '../publish/publish.js';
import type { Scratch } from '../publish/publish.js';

export interface Conclusion {
  /** The certification, when the run published its outputs. */
  certification?: Certification;
  /** The names published under REPORTS_DIR (registry order); empty when nothing was. */
  published: string[];
  /** Why nothing was published: no check ran (nothing selected). */
  nothing?: 'nothing-ran';
  /** A complete certification this partial run's outputs replaced in REPORTS_DIR: the console says so. */
  replaced?: { runId: string; headline: string; finishedAt: string };
}

/** The certification REPORTS_DIR holds now, when it is a complete one (a full run's). */
function completeCertificationIn(reportsDir: string): Conclusion['replaced'] {
  try {
    const c = JSON.parse(readFileSync(join(reportsDir, CERTIFICATION_FILE), 'utf8')) as Partial<Certification> & {
      verdict?: string;
    };
    const complete = c.scope ? c.scope.complete : c.verdict === 'conformant' || c.verdict === 'non-conformant';
    return complete && c.run?.runId
      ? { runId: c.run.runId, headline: c.headline ?? String(c.verdict).toUpperCase(), finishedAt: c.finishedAt ?? '?' }
      : undefined;
  } catch {
    return undefined;
  }
}

/** Whether a journal holds anything worth a certificate: a check that ended, a run error, or a record created. */
export function somethingRan(events: readonly JournalEvent[]): boolean {
  return events.some(
    (e) =>
      (e.type === 'check' && e.outcome.target === 'main') ||
      e.type === 'run-error' ||
      (e.type === 'ledger' && e.entry.event === 'created'),
  );
}

/**
 * The end of a run's reporting, after it settled: the journal → the certificate (certify) →
 * every output rendered in the stage (renderOutputs) → published together (publish). A run in
 * which nothing ran publishes nothing, and the previous set stays as it was.
 */
export function concludeRun(
  run: { events: readonly JournalEvent[]; reportsDir: string; scratch: Scratch; runId: string },
  o: { baseline?: { file: string; data: Baseline } } = {},
): Conclusion {
  const interrupted = run.events.some((e) => e.type === 'interrupted');
  if (!somethingRan(run.events) && !interrupted) return { published: [], nothing: 'nothing-ran' };
  const certification = certify(run.events, clauses, { baseline: o.baseline });
  renderOutputs(run.scratch.stage, certification, run.events);
  const previous = certification.scope.complete ? undefined : completeCertificationIn(run.reportsDir);
  return {
    certification,
    published: publish(run.reportsDir, run.scratch, run.runId),
    ...(previous ? { replaced: previous } : {}),
  };
}
