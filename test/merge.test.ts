import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../harness/errors.js';
import { buildCertification, type Certification } from '../harness/report/certification.js';
import { verifyManifest } from '../harness/report/manifest.js';
import { mergeHar, mergeJunit, mergeLedger, mergeShards, type ShardOutput } from '../harness/report/merge.js';
import type { RunResults } from '../harness/report/results.js';
import { startMock, type MockServer } from '../mock/server.js';
import { check, runCli, sampleRun, stderrLines } from './report-fixtures.js';

function shard(index: number, count: number, checks: RunResults['checks'], over: Partial<ShardOutput['summary']> = {}): ShardOutput {
  const { summary, results } = sampleRun();
  return {
    dir: `/shards/${index}`,
    summary: { ...summary, runId: `run-${index}`, shard: { index, count }, ...over },
    results: { ...results, runId: `run-${index}`, checks, runErrors: [] },
  };
}

describe('mergeShards', () => {
  it('judges a clause on its checks from every shard', () => {
    const merged = mergeShards([
      shard(1, 2, [check({ clause: 'ITEM-CREATE-ENVELOPE', variant: 'part', verdict: 'passed' })]),
      shard(2, 2, [check({ clause: 'ITEM-CREATE-ENVELOPE', variant: 'tire', verdict: 'failed', file: 'suites/items/tire.check.ts' })]),
    ]);
    const cert = buildCertification(merged.summary, merged.results);
    expect(cert.clauses.find((c) => c.id === 'ITEM-CREATE-ENVELOPE')?.verdict).toBe('failed');
    expect(cert.clauses.find((c) => c.id === 'ITEM-CREATE-ENVELOPE')?.checks).toHaveLength(2);
    expect(cert.run.mergedFrom?.map((m) => m.shard?.index)).toEqual([1, 2]);
    expect(cert.run.shard).toBeUndefined();
  });

  it('makes a missing shard a run error, so the merge cannot look complete', () => {
    const merged = mergeShards([shard(1, 3, []), shard(3, 3, [])]);
    expect(merged.results.runErrors).toEqual(['shard 2/3 is missing from the merge: its checks did not count']);
    expect(buildCertification(merged.summary, merged.results).verdict).toBe('non-conformant');
  });

  it('refuses inputs that are not the shards of one run', () => {
    expect(() => mergeShards([shard(1, 2, []), shard(2, 2, [], { seed: 7 })])).toThrow(/SEED/);
    expect(() => mergeShards([shard(1, 2, []), shard(1, 2, [])])).toThrow(/both 1\/2/);
    expect(() => mergeShards([shard(1, 2, []), shard(1, 3, [])])).toThrow(ConfigError);
    const same = check({ clause: 'ITEM-PAGING', verdict: 'passed' });
    expect(() => mergeShards([shard(1, 2, [same]), shard(2, 2, [same])])).toThrow(/ran in both/);
  });

  it('merges junit totals, HAR entries in time order and ledger records', () => {
    const junit = mergeJunit([
      '<?xml version="1.0"?>\n<testsuites name="v" tests="2" failures="1" errors="0" time="3.5">\n<testsuite name="a"></testsuite>\n</testsuites>',
      '<?xml version="1.0"?>\n<testsuites name="v" tests="3" failures="0" errors="1" time="2">\n<testsuite name="b"></testsuite>\n</testsuites>',
    ]);
    expect(junit).toMatch(/tests="5" failures="1" errors="1" time="3.5"/);
    expect(junit.match(/<testsuite name=/g)).toHaveLength(2);
    const har = JSON.parse(
      mergeHar([
        JSON.stringify({ log: { version: '1.2', entries: [{ startedDateTime: '2025-01-01T00:00:02Z' }] } }),
        JSON.stringify({ log: { version: '1.2', entries: [{ startedDateTime: '2025-01-01T00:00:01Z' }] } }),
      ]),
    );
    expect(har.log.entries.map((e: { startedDateTime: string }) => e.startedDateTime)).toEqual(['2025-01-01T00:00:01Z', '2025-01-01T00:00:02Z']);
    const ledger = JSON.parse(
      mergeLedger([
        JSON.stringify({ runId: 'a', summary: { created: 2, leftovers: 0 }, created: [{ id: '1' }, { id: '2' }] }),
        JSON.stringify({ runId: 'b', summary: { created: 1, leftovers: 0 }, created: [{ id: '3' }] }),
      ]),
    );
    expect(ledger).toEqual({ runId: ['a', 'b'], summary: { created: 3, leftovers: 0 }, created: [{ id: '1' }, { id: '2' }, { id: '3' }] });
  });
});

describe('npm run merge-reports usage', () => {
  it('answers no input, a directory that is not a run, and a bad flag with exit 2 and one line', async () => {
    const runs = await Promise.all([
      runCli('harness/cli/merge-reports.ts', []),
      runCli('harness/cli/merge-reports.ts', [tmpdir()]),
      runCli('harness/cli/merge-reports.ts', ['--fail-on', 'never', tmpdir()]),
    ]);
    for (const r of runs) {
      expect(r.code).toBe(2);
      expect(stderrLines(r.stderr)).toHaveLength(1);
    }
    expect(runs[1]!.stderr).toMatch(/no results\.json/);
  });
});

describe('three shards merged equal one full run (embedded mock items suite, one fault)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'cnf-merge-'));
  let faulty: MockServer;
  beforeAll(async () => {
    faulty = await startMock({ faults: ['items-page-zero-based'] });
  });
  afterAll(async () => {
    await faulty.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('gives the same verdict for every clause, and a bundle that verifies', async () => {
    const f = faulty.fixtures;
    const env = {
      BASE_URL: faulty.url,
      ACCESS_TOKEN: faulty.tokens.full,
      COMPANY_ID: f.companyId,
      RATE_LIMIT_GET_PER_MIN: '0',
      RATE_LIMIT_WRITE_PER_MIN: '0',
      SEED: '5',
      NUM_RUNS: '5',
      VITEST_MAX_WORKERS: '1',
    };
    const runs = await Promise.all([
      runCli('harness/cli/conformance.ts', ['suites/items'], { ...env, REPORTS_DIR: join(dir, 'full') }),
      ...[1, 2, 3].map((i) => runCli('harness/cli/conformance.ts', ['--shard', `${i}/3`, 'suites/items'], { ...env, REPORTS_DIR: join(dir, `shard${i}`) })),
    ]);
    const why = (r: (typeof runs)[number]) => r.stdout.slice(-1500) + r.stderr.slice(-1500);
    expect(runs[0]!.code, why(runs[0]!)).toBe(1);
    // Only the shard that holds the 1-based page check sees the fault.
    for (const r of runs.slice(1)) expect([0, 1], why(r)).toContain(r.code);
    expect(runs.slice(1).filter((r) => r.code === 1)).toHaveLength(1);
    const shardCerts = [1, 2, 3].map((i) => JSON.parse(readFileSync(join(dir, `shard${i}`, 'certification.json'), 'utf8')) as Certification);
    // Each shard alone is partial.
    for (const c of shardCerts) expect(c.summary['not-run']).toBeGreaterThan(0);

    const merged = await runCli('harness/cli/merge-reports.ts', ['--out', join(dir, 'merged'), ...[1, 2, 3].map((i) => join(dir, `shard${i}`))]);
    expect(merged.code, merged.stdout + merged.stderr).toBe(1);
    expect(merged.stdout).toMatch(/failed: ITEM-PAGE-ONE-BASED/);

    const read = (d: string) => JSON.parse(readFileSync(join(dir, d, 'certification.json'), 'utf8')) as Certification;
    const verdicts = (c: Certification) => Object.fromEntries(c.clauses.map((x) => [x.id, x.verdict]));
    const full = read('full');
    const mergedCert = read('merged');
    expect(verdicts(mergedCert)).toEqual(verdicts(full));
    expect(mergedCert.summary).toEqual(full.summary);
    expect(mergedCert.verdict).toBe(full.verdict);
    const checkNames = (c: Certification) => c.clauses.flatMap((x) => x.checks.map((ch) => ch.name)).sort();
    expect(checkNames(mergedCert)).toEqual(checkNames(full));

    expect(verifyManifest(join(dir, 'merged', 'certification')).ok).toBe(true);
    const har = (d: string) => (JSON.parse(readFileSync(join(dir, d, 'exchanges.har'), 'utf8')) as { log: { entries: unknown[] } }).log.entries.length;
    expect(har('merged')).toBe(har('shard1') + har('shard2') + har('shard3'));

    // The token the runs used appears in no file they wrote (shards, merge, bundles, scratch).
    const files = readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
    expect(files.length).toBeGreaterThan(20);
    const leaking = files.map((e) => join(e.parentPath, e.name)).filter((p) => readFileSync(p, 'utf8').includes(faulty.tokens.full));
    expect(leaking).toEqual([]);

    // Leaving a shard out is reported, and the merged run is not conformant.
    const partial = await runCli('harness/cli/merge-reports.ts', ['--out', join(dir, 'partial'), join(dir, 'shard1'), join(dir, 'shard2')]);
    expect(partial.code).toBe(1);
    expect(partial.stdout).toMatch(/shard 3\/3 is missing/);
  });
});
