import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { ConfigError } from '../errors.js';
import { redact } from '../redact.js';
import { artifacts } from '../report/artifacts.js';
import { failOnValues, gateExitCode, readBaseline, type FailOn } from '../report/baseline.js';
import { endLines } from '../report/end-lines.js';
import { EXIT } from '../report/exit-codes.js';
import { mergeShards, type ShardOutput } from '../report/merge.js';
import { publish } from '../report/publish.js';
import { readRunOutputs, stageRunOutputs } from '../report/run-outputs.js';
import { shardLabel } from '../report/run-summary.js';
import { claimReportsDir } from '../report/reports-dir.js';

/**
 * `npm run merge-reports -- [--out reports] [--baseline f] [--fail-on any|regression] <shard dirs…>`:
 * one certification and bundle from the reports directories of the shards of one run, with the
 * same exit codes as `npm run conformance`.
 */
const USAGE = 'usage: npm run merge-reports -- [--out dir] [--baseline certification.json] [--fail-on any|regression] <shard reports dirs…>';

/** Stages the shards' copies of every artifact the registry knows how to merge; formats are rendered afresh later. */
function mergeFiles(inputs: ShardOutput[], stage: string): void {
  for (const a of artifacts) {
    if (!a.merge) continue;
    const present = inputs.filter((x) => existsSync(join(x.dir, a.name)));
    if (present.length === 0) continue;
    if (a.merge === 'union') {
      mkdirSync(join(stage, a.name), { recursive: true });
      for (const x of present) for (const f of readdirSync(join(x.dir, a.name))) cpSync(join(x.dir, a.name, f), join(stage, a.name, f), { recursive: true });
      continue;
    }
    const parts = present.map((x) => ({ label: x.summary.shard ? shardLabel(x.summary.shard) : x.summary.runId, text: readFileSync(join(x.dir, a.name), 'utf8') }));
    writeFileSync(join(stage, a.name), redact(a.merge(parts)));
  }
}

function main(): number {
  let parsed;
  try {
    parsed = parseArgs({
      args: process.argv.slice(2),
      options: { out: { type: 'string', short: 'o' }, baseline: { type: 'string' }, 'fail-on': { type: 'string' }, help: { type: 'boolean', short: 'h' } },
      allowPositionals: true,
    });
  } catch (err) {
    throw new ConfigError(`${(err as Error).message.split('\n')[0]} (${USAGE})`);
  }
  const v = parsed.values;
  if (v.help) {
    console.log(USAGE);
    return EXIT.ok;
  }
  if (parsed.positionals.length === 0) throw new ConfigError(`no reports directories given (${USAGE})`);
  const failOn = (v['fail-on'] ?? 'any') as FailOn;
  if (!failOnValues.includes(failOn)) throw new ConfigError(`--fail-on must be ${failOnValues.join(' or ')} (got "${v['fail-on']}")`);
  const baseline = v.baseline ? { file: v.baseline, data: readBaseline(v.baseline) } : undefined;
  if (failOn === 'regression' && !baseline) throw new ConfigError('--fail-on regression needs --baseline <certification.json> to compare with');

  const out = resolve(v.out ?? 'reports');
  const inputs = parsed.positionals.map((d): ShardOutput => ({ dir: resolve(d), ...readRunOutputs(resolve(d)) }));
  const { results, summary } = mergeShards(inputs);
  // The merged set is published like a run's: under --out's lock, staged, then renamed into place together.
  const mergeId = `merge-${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  const { lock, scratch, notes } = claimReportsDir(out, mergeId, 'merge-reports');
  let cert;
  let published: string[];
  try {
    for (const n of notes) console.log(`note: ${n}`);
    mergeFiles(inputs, scratch.stage);
    cert = stageRunOutputs(scratch.stage, results, summary, { baseline });
    published = publish(out, scratch, mergeId);
  } finally {
    lock.release();
  }

  console.log(`Merged ${inputs.length} report(s): ${inputs.map((x) => (x.summary.shard ? `shard ${shardLabel(x.summary.shard)}` : x.dir)).join(', ')}`);
  console.log(endLines(cert, published, out).join('\n'));
  return gateExitCode(cert, failOn, cert.baseline);
}

try {
  process.exit(main());
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(`Configuration error: ${err.message}`);
    process.exit(EXIT.usage);
  }
  console.error(redact(err instanceof Error ? err.message : String(err)));
  process.exit(EXIT.inconclusive);
}
