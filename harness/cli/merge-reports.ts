import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { clauses } from '../../contract/clauses.js';
import { baselineMismatch, failOnValues, gateExitCode, readBaseline, type FailOn } from '../certify/baseline.js';
import { certify } from '../certify/certify.js';
import { ConfigError } from '../core/errors.js';
import { shardLabel, type JournalEvent } from '../core/events.js';
import { readJournal } from '../core/journal-file.js';
import { endLines } from '../outputs/end-lines.js';
import { JOURNAL_FILE, renderOutputs } from '../outputs/registry.js';
import { publish } from '../publish/publish.js';
import { loadPrivateKey } from '../outputs/signature.js';
import { claimReportsDir } from '../publish/reports-dir.js';

/**
 * `partner-conformance merge [--out reports] [--baseline f] [--fail-on any|regression] <shard dirs…>` (`npm run merge-reports`):
 * one certification and bundle from the reports directories of the shards of one run. Merging is
 * concatenating the shards' journals: the certificate (every figure a sum over all shards) and
 * every output are built from that, as for a single run. Same exit codes as `npm run conformance`.
 */

function journalOf(dir: string): JournalEvent[] {
  const file = join(dir, JOURNAL_FILE);
  if (!existsSync(file))
    throw new ConfigError(`${dir}: no ${JOURNAL_FILE} (is it the reports directory of a conformance run?)`);
  const events = readJournal(file);
  if (!events.some((e) => e.type === 'run-started'))
    throw new ConfigError(`${file}: not a run journal (no run-started event)`);
  return events;
}

export function mergeReports(o: {
  out?: string;
  baseline?: string;
  failOn?: string;
  dirs: string[];
  allowOtherBaseline?: boolean;
  /** SIGN_KEY: signs the merged bundle. */
  signKey?: string;
}): number {
  const signKey = o.signKey ? loadPrivateKey(o.signKey) : undefined;
  if (o.dirs.length === 0) throw new ConfigError("no reports directories given: name the shards' reports directories");
  const failOn = (o.failOn ?? 'any') as FailOn;
  if (!failOnValues.includes(failOn))
    throw new ConfigError(`--fail-on must be ${failOnValues.join(' or ')} (got "${o.failOn}")`);
  const baseline = o.baseline ? { file: o.baseline, data: readBaseline(o.baseline) } : undefined;
  if (failOn === 'regression' && !baseline)
    throw new ConfigError('--fail-on regression needs --baseline <certification.json> to compare with');

  const out = resolve(o.out ?? 'reports');
  const dirs = o.dirs.map((d) => resolve(d));
  const journals = dirs.map((d) => ({ dir: d, events: journalOf(d) }));
  const dirOfRun = new Map(
    journals.flatMap((j) => j.events.flatMap((e) => (e.type === 'run-started' ? [[e.run.runId, j.dir] as const] : []))),
  );
  const events = journals.flatMap((j) => j.events);
  const first = journals[0]!.events.find(
    (e): e is Extract<JournalEvent, { type: 'run-started' }> => e.type === 'run-started',
  )!.run;
  // As for a run: a baseline of another target, company or mode gates nothing unless asked (exit 2).
  const other =
    baseline && !o.allowOtherBaseline
      ? baselineMismatch(baseline.data, baseline.file, {
          ...(first.target.kind === 'live' ? { baseUrl: first.target.identity } : {}),
          companyId: first.target.companyId,
          mode: first.mode,
          frugal: first.limits.getPerMin > 0 || first.limits.writePerMin > 0,
        })
      : undefined;
  if (other) throw new ConfigError(other);
  const cert = certify(events, clauses, {
    baseline,
    labelOf: (id) => dirOfRun.get(id) ?? `run ${id}`,
  });
  // The merged set is published like a run's: under --out's lock, staged, then renamed into place together.
  const mergeId = `merge-${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  const { lock, scratch, notes } = claimReportsDir(out, mergeId, 'merge-reports');
  let published: string[];
  try {
    for (const n of notes) console.log(`note: ${n}`);
    renderOutputs(scratch.stage, cert, events, { signKey });
    published = publish(out, scratch, mergeId);
  } finally {
    lock.release();
  }
  const shards = journals.map(
    (j) => j.events.find((e): e is Extract<JournalEvent, { type: 'run-started' }> => e.type === 'run-started')!.run,
  );
  console.log(
    `Merged ${journals.length} run(s): ${shards.map((r) => (r.selection.shard ? `shard ${shardLabel(r.selection.shard)}` : r.runId)).join(', ')}`,
  );
  console.log(endLines(cert, published, out).join('\n'));
  return gateExitCode(cert, failOn, cert.baseline);
}
