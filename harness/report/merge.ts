import { ConfigError } from '../errors.js';
import type { RunResults } from './results.js';
import { shardLabel, type RunSummary } from './run-summary.js';

/** One input of merge-reports: a shard's reports directory, already read. */
export interface ShardOutput {
  dir: string;
  results: RunResults;
  summary: RunSummary;
}

/**
 * Combines the shards of one run into the results and summary a single run would have given:
 * all checks together, so a clause whose checks were spread over shards is judged on all of them.
 * Inputs that cannot belong to one run are a usage error; a missing shard is a run error (the
 * merged certification must not look complete when it is not).
 */
export function mergeShards(inputs: ShardOutput[]): { results: RunResults; summary: RunSummary } {
  if (inputs.length === 0) throw new ConfigError('merge-reports needs at least one reports directory');
  const first = inputs[0]!;
  for (const x of inputs.slice(1)) {
    const a = first.summary;
    const b = x.summary;
    const differ = (what: string, p: unknown, q: unknown) => {
      if (p !== q) throw new ConfigError(`${x.dir} ran with ${what} ${String(q)}, ${first.dir} with ${String(p)}: shards of one run share it (set it for every shard)`);
    };
    differ('target', a.target.url, b.target.url);
    differ('mode', a.mode, b.mode);
    differ('SEED', a.seed, b.seed);
  }

  const runErrors: string[] = [];
  const counts = new Set(inputs.map((x) => x.summary.shard?.count ?? 0));
  const seen = new Map<string, string>();
  for (const x of inputs) {
    const label = x.summary.shard ? shardLabel(x.summary.shard) : `unsharded run ${x.summary.runId}`;
    if (seen.has(label)) throw new ConfigError(`${x.dir} and ${seen.get(label)} are both ${label}`);
    seen.set(label, x.dir);
  }
  if (counts.size > 1) throw new ConfigError(`the inputs were split differently (${[...counts].map((n) => (n ? `into ${n}` : 'not at all')).join(', ')}); merge the shards of one run`);
  const count = [...counts][0]!;
  for (let i = 1; i <= count; i++) if (!seen.has(`${i}/${count}`)) runErrors.push(`shard ${i}/${count} is missing from the merge: its checks did not count`);

  const checkKeys = new Map<string, string>();
  for (const x of inputs) {
    for (const c of x.results.checks) {
      const key = `${c.target}\u0000${c.file}\u0000${c.name}`;
      const other = checkKeys.get(key);
      if (other && other !== x.dir) throw new ConfigError(`check "${c.name}" ran in both ${other} and ${x.dir}: merge the shards of one run`);
      checkKeys.set(key, x.dir);
    }
  }

  const startedAt = inputs.map((x) => x.results.startedAt).sort()[0]!;
  const finishedAt = inputs.map((x) => x.results.finishedAt).sort().at(-1)!;
  const runId = `merged-${inputs.map((x) => x.summary.runId).join('+')}`;
  const results: RunResults = {
    runId,
    seed: first.results.seed,
    startedAt,
    finishedAt,
    checks: inputs.flatMap((x) => x.results.checks),
    runErrors: [
      ...inputs.flatMap((x) => x.results.runErrors.map((e) => (x.summary.shard ? `shard ${shardLabel(x.summary.shard)}: ${e}` : e))),
      ...runErrors,
    ],
  };
  const { shard: _shard, ...rest } = first.summary;
  // One interrupted shard and the merge certifies nothing either.
  const interrupted = inputs.find((x) => x.summary.interrupted)?.summary.interrupted;
  const summary: RunSummary = {
    ...rest,
    ...(interrupted ? { interrupted } : {}),
    runId,
    startedAt: inputs.map((x) => x.summary.startedAt).sort()[0]!,
    mergedFrom: inputs.map((x) => ({ runId: x.summary.runId, ...(x.summary.shard ? { shard: x.summary.shard } : {}) })),
  };
  return { results, summary };
}

const attr = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];

/** One junit.xml from several: the <testsuite> elements side by side, the totals added up. */
export function mergeJunit(xmls: string[]): string {
  const totals = { tests: 0, failures: 0, errors: 0, time: 0 };
  const bodies: string[] = [];
  for (const xml of xmls) {
    const open = /<testsuites\b[^>]*>/.exec(xml);
    if (!open) continue;
    const close = xml.lastIndexOf('</testsuites>');
    bodies.push(xml.slice(open.index + open[0].length, close < 0 ? undefined : close).replace(/^\n+|\s+$/g, ''));
    for (const k of ['tests', 'failures', 'errors'] as const) totals[k] += Number(attr(open[0], k) ?? 0);
    totals.time = Math.max(totals.time, Number(attr(open[0], 'time') ?? 0));
  }
  return [
    '<?xml version="1.0" encoding="UTF-8" ?>',
    `<testsuites name="conformance (merged)" tests="${totals.tests}" failures="${totals.failures}" errors="${totals.errors}" time="${totals.time}">`,
    ...bodies,
    '</testsuites>',
    '',
  ].join('\n');
}

interface Har {
  log: { version?: string; creator?: unknown; pages?: unknown[]; entries?: { startedDateTime?: string }[]; [k: string]: unknown };
}

/** One HAR from several: every entry, in time order. */
export function mergeHar(hars: string[]): string {
  const parsed = hars.map((h) => JSON.parse(h) as Har);
  const base = parsed[0]?.log ?? {};
  const entries = parsed.flatMap((h) => h.log.entries ?? []).sort((a, b) => (a.startedDateTime ?? '').localeCompare(b.startedDateTime ?? ''));
  const pages = parsed.flatMap((h) => h.log.pages ?? []);
  return JSON.stringify({ log: { ...base, ...(pages.length ? { pages } : {}), entries } }, null, 2);
}

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

/** Recursive merge: numbers add up, arrays concatenate, objects merge by key, differing texts become a list. */
function mergeValue(a: Json | undefined, b: Json): Json {
  if (a === undefined) return b;
  if (typeof a === 'number' && typeof b === 'number') return a + b;
  if (Array.isArray(a) && Array.isArray(b)) return [...a, ...b];
  if (a && b && typeof a === 'object' && typeof b === 'object' && !Array.isArray(a) && !Array.isArray(b)) {
    const out: { [k: string]: Json } = { ...a };
    for (const [k, v] of Object.entries(b)) out[k] = mergeValue(out[k], v);
    return out;
  }
  if (a === b) return a;
  return Array.isArray(a) ? [...a, b] : [a, b];
}

/** One ledger.json from the shards': records concatenated, counts added up, run ids listed. */
export function mergeLedger(ledgers: string[]): string {
  return JSON.stringify(ledgers.map((l) => JSON.parse(l) as Json).reduce<Json | undefined>(mergeValue, undefined) ?? {}, null, 2);
}

/** Reports whose figures do not simply add up (pacing limits, maxima) are kept side by side per shard. */
export function perShard(reports: { label: string; text: string }[]): string {
  return JSON.stringify({ shards: reports.map((r) => ({ shard: r.label, ...(JSON.parse(r.text) as object) })) }, null, 2);
}
