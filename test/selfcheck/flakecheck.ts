import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { runSuites } from '../../harness/run/run-suites.js';

/**
 * `npm run flakecheck`: the full run against the conforming mock under several seeds. Any check
 * that fails under some seed is listed with that seed, so `SEED=<n> npm run conformance` replays it.
 */
const { values: args } = parseArgs({ options: { seeds: { type: 'string' }, first: { type: 'string' } } });
const count = Number(args.seeds ?? 10);
const first = Number(args.first ?? 1000);
if (!Number.isInteger(count) || count < 1 || !Number.isInteger(first) || first < 0) {
  console.error('flakecheck: --seeds and --first take whole numbers');
  process.exit(2);
}
const out = resolve(process.env.REPORTS_DIR ?? 'reports');
const started = Date.now();
const flaky: { seed: number; check: string; error: string }[] = [];
const inconclusive: { seed: number; check: string; reason: string }[] = [];
for (let i = 0; i < count; i++) {
  const seed = first + i * 7919;
  const results = await runSuites({ faults: [], reportsDir: join(out, '.flakecheck', String(seed)), seed });
  for (const c of results.checks) {
    const name = `${c.key} (${c.file})`;
    if (c.verdict === 'failed' || c.verdict === 'errored')
      flaky.push({
        seed,
        check: name,
        error: (c.error ? `${c.error.name}: ${c.error.message}` : (c.failures?.[0]?.message ?? c.reason ?? ''))
          .split('\n')[0]!
          .slice(0, 300),
      });
    if (c.verdict === 'inconclusive') inconclusive.push({ seed, check: name, reason: c.reason ?? '' });
  }
  for (const e of results.runErrors) flaky.push({ seed, check: 'run error', error: e });
  console.log(
    `flakecheck: seed ${seed}: ${results.checks.filter((c) => c.verdict === 'failed').length} failed, ${results.checks.length} checks`,
  );
}
const summary = `flakecheck: ${flaky.length === 0 ? 'clean' : `${flaky.length} failure(s)`} over ${count} seeds (${Math.round((Date.now() - started) / 1000)} s)`;
mkdirSync(out, { recursive: true });
writeFileSync(join(out, 'flakecheck.json'), JSON.stringify({ seeds: count, first, flaky, inconclusive }, null, 2));
writeFileSync(
  join(out, 'flakecheck.md'),
  [
    `# ${summary}`,
    '',
    '| Seed | Check | Error |',
    '|---|---|---|',
    ...flaky.map((f) => `| ${f.seed} | ${f.check} | ${f.error.replace(/\|/g, '\\|')} |`),
    '',
    `Inconclusive checks against the conforming mock: ${inconclusive.length}`,
    ...inconclusive.map((x) => `- seed ${x.seed}: ${x.check}: ${x.reason}`),
    '',
  ].join('\n'),
);
for (const f of flaky)
  console.log(`  seed ${f.seed}: ${f.check}: ${f.error}  (replay: SEED=${f.seed} npm run conformance)`);
console.log(summary);
process.exit(flaky.length === 0 ? 0 : 1);
