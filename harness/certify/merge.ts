import { ConfigError } from '../core/errors.js';
import { shardLabel, type JournalEvent, type RunFacts, type Shard } from '../core/events.js';

/**
 * Merging shards is concatenating their journals: every figure of the certificate is then the
 * sum over all of them. What must hold before: the shards are of one run (one target identity,
 * seed and mode; shards of one seed against the embedded mock share an identity whatever their
 * ports), none is there twice, and a missing shard is a run error, so the merge never looks
 * complete when it is not.
 */

export interface MergedRuns {
  /** The first run's facts, standing for all. */
  facts: RunFacts;
  runId: string;
  shard?: Shard;
  mergedFrom?: { runId: string; shard?: Shard }[];
  /** Shards missing from the merge, as run errors. */
  missing: string[];
  /** Every shard of a split, merged; or one unsharded run. */
  whole: boolean;
}

/** The runs of a (possibly concatenated) journal, checked to belong together. */
export function mergedRuns(
  events: readonly JournalEvent[],
  labelOf: (runId: string) => string = (id) => `run ${id}`,
): MergedRuns {
  const runs = events.flatMap((e) => (e.type === 'run-started' ? [e.run] : []));
  const first = runs[0];
  if (!first) throw new ConfigError('the journal holds no run (no run-started event)');
  if (runs.length === 1)
    return {
      facts: first,
      runId: first.runId,
      ...(first.selection.shard ? { shard: first.selection.shard } : {}),
      missing: [],
      whole: !first.selection.shard,
    };

  for (const r of runs.slice(1)) {
    const differ = (what: string, a: unknown, b: unknown) => {
      if (a !== b)
        throw new ConfigError(
          `${labelOf(r.runId)} ran with ${what} ${String(b)}, ${labelOf(first.runId)} with ${String(a)}: shards of one run share it`,
        );
    };
    differ('target', first.target.identity, r.target.identity);
    differ('mode', first.mode, r.mode);
    differ('SEED', first.seed, r.seed);
    differ('-t', first.selection.pattern ?? '(none)', r.selection.pattern ?? '(none)');
  }
  const seen = new Map<string, string>();
  for (const r of runs) {
    const label = r.selection.shard ? shardLabel(r.selection.shard) : `unsharded run ${r.runId}`;
    if (seen.has(label))
      throw new ConfigError(`${labelOf(r.runId)} and ${labelOf(seen.get(label)!)} are both ${label}`);
    seen.set(label, r.runId);
  }
  const counts = new Set(runs.map((r) => r.selection.shard?.count ?? 0));
  if (counts.size > 1)
    throw new ConfigError(
      `the inputs were split differently (${[...counts].map((n) => (n ? `into ${n}` : 'not at all')).join(', ')}); merge the shards of one run`,
    );
  const count = [...counts][0]!;
  const missing: string[] = [];
  for (let i = 1; i <= count; i++)
    if (!seen.has(`${i}/${count}`))
      missing.push(`shard ${i}/${count} is missing from the merge: its checks did not count`);
  return {
    facts: first,
    runId: `merged-${runs.map((r) => r.runId).join('+')}`,
    mergedFrom: runs.map((r) => ({ runId: r.runId, ...(r.selection.shard ? { shard: r.selection.shard } : {}) })),
    missing,
    whole: missing.length === 0,
  };
}
