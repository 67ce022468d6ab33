import type { KeyObject } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { clauses } from '../../contract/clauses.js';
import type { Baseline } from '../certify/baseline.js';
import { certify, type Certification } from '../certify/certify.js';
import type { JournalEvent } from '../core/events.js';
import { stageAllureAttachments } from '../outputs/allure.js';
import { ALLURE_RESULTS, CERTIFICATION_JSON as CERTIFICATION_FILE, renderOutputs } from '../outputs/registry.js';
import { PARTIAL_DIR, publish } from '../publish/publish.js';
import type { Scratch } from '../publish/publish.js';

export interface Conclusion {
  /** The certification, when the run published its outputs. */
  certification?: Certification;
  /** The names published under REPORTS_DIR (registry order); empty when nothing was. */
  published: string[];
  /** Why nothing was published: no check ran (nothing selected). */
  nothing?: 'nothing-ran';
  /** A complete certification this partial run's outputs replaced in REPORTS_DIR (asked with --replace-full): the console says so. */
  replaced?: { runId: string; headline: string; finishedAt: string };
  /** Where the outputs went: REPORTS_DIR, or REPORTS_DIR/partial/ for a partial run beside a full certification. */
  publishedTo: string;
  /** The complete certification a partial run was published beside, left as it was. */
  kept?: { runId: string; headline: string; finishedAt: string };
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
 * What of the outputs the cleanup cannot change, written into the stage while it runs (its
 * requests are paced: mostly waiting): the Allure attachments of the checks' exchanges, the bulk of
 * the outputs' files. Never fails the run: whatever it did not write, the rendering writes.
 */
export async function stageAhead(run: { events: readonly JournalEvent[]; scratch: Scratch }): Promise<void> {
  const events = [...run.events];
  // The cleanup sends its first requests before this starts.
  await new Promise((r) => setImmediate(r));
  try {
    await stageAllureAttachments(join(run.scratch.stage, ALLURE_RESULTS), certify(events, clauses), events);
  } catch {
    // Only a head start: concludeRun renders every output whole.
  }
}

/**
 * The end of a run's reporting, after it settled: the journal → the certificate (certify) →
 * every output rendered in the stage (renderOutputs) → published together (publish). A run in
 * which nothing ran publishes nothing, and the previous set stays as it was.
 */
export function concludeRun(
  run: { events: readonly JournalEvent[]; reportsDir: string; scratch: Scratch; runId: string },
  o: { baseline?: { file: string; data: Baseline }; replaceFull?: boolean; signKey?: KeyObject } = {},
): Conclusion {
  const interrupted = run.events.some((e) => e.type === 'interrupted');
  if (!somethingRan(run.events) && !interrupted)
    return { published: [], nothing: 'nothing-ran', publishedTo: run.reportsDir };
  const certification = certify(run.events, clauses, { baseline: o.baseline });
  renderOutputs(run.scratch.stage, certification, run.events, { signKey: o.signKey });
  const previous = certification.scope.complete ? undefined : completeCertificationIn(run.reportsDir);
  // A narrowed selection (-t, paths, a shard, an area left out) never replaces a full certification unasked: it goes beside it.
  if (previous && certification.scope.narrowed && !o.replaceFull) {
    const beside = join(run.reportsDir, PARTIAL_DIR);
    mkdirSync(beside, { recursive: true });
    return {
      certification,
      published: publish(beside, run.scratch, run.runId),
      publishedTo: beside,
      kept: previous,
    };
  }
  const published = publish(run.reportsDir, run.scratch, run.runId);
  // A complete run supersedes the partial set published beside the previous one.
  if (certification.scope.complete) rmSync(join(run.reportsDir, PARTIAL_DIR), { recursive: true, force: true });
  return {
    certification,
    published,
    publishedTo: run.reportsDir,
    ...(previous ? { replaced: previous } : {}),
  };
}
