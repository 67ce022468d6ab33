import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError } from '../errors.js';
import { redact } from '../redact.js';
import { artifactLines } from '../report/artifacts.js';
import { baselineLines, failOnValues, gateExitCode, readBaseline, type FailOn } from '../report/baseline.js';
import { EXIT } from '../report/exit-codes.js';
import { mergeHar, mergeJunit, mergeLedger, mergeShards, perShard, type ShardOutput } from '../report/merge.js';
import { readRunOutputs, writeRunOutputs } from '../report/run-outputs.js';
import { shardLabel } from '../report/run-summary.js';

/**
 * `npm run merge-reports -- [--out reports] [--baseline f] [--fail-on any|regression] <shard dirs…>`:
 * one certification and bundle from the reports directories of the shards of one run, with the
 * same exit codes as `npm run conformance`.
 */
const USAGE = 'usage: npm run merge-reports -- [--out dir] [--baseline certification.json] [--fail-on any|regression] <shard reports dirs…>';

function mergeFiles(inputs: ShardOutput[], out: string): void {
  const texts = (name: string) =>
    inputs.flatMap((x) => (existsSync(join(x.dir, name)) ? [{ label: x.summary.shard ? shardLabel(x.summary.shard) : x.summary.runId, text: readFileSync(join(x.dir, name), 'utf8') }] : []));
  const merged: [string, (t: { label: string; text: string }[]) => string][] = [
    ['junit.xml', (t) => mergeJunit(t.map((x) => x.text))],
    ['exchanges.har', (t) => mergeHar(t.map((x) => x.text))],
    ['ledger.json', (t) => mergeLedger(t.map((x) => x.text))],
    ['pacing.json', perShard],
  ];
  for (const [name, merge] of merged) {
    const t = texts(name);
    if (t.length) writeFileSync(join(out, name), redact(merge(t)));
    else rmSync(join(out, name), { force: true });
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
  mkdirSync(out, { recursive: true });
  mergeFiles(inputs, out);
  const cert = writeRunOutputs(out, results, summary, { baseline });

  const counts = Object.entries(cert.summary).map(([k, n]) => `${n} ${k}`).join(', ');
  console.log(`Merged ${inputs.length} report(s): ${inputs.map((x) => (x.summary.shard ? `shard ${shardLabel(x.summary.shard)}` : x.dir)).join(', ')}`);
  console.log(`Verdict: ${cert.verdict.toUpperCase()} (clauses: ${counts})`);
  for (const e of cert.runErrors) console.log(`  run error: ${e.split('\n')[0]}`);
  for (const f of cert.clauses.filter((c) => c.verdict === 'failed')) console.log(`  failed: ${f.id} (${f.section})`);
  if (cert.baseline) console.log(baselineLines(cert.baseline).join('\n'));
  console.log(artifactLines(out).join('\n'));
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
