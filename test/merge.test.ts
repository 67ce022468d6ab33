import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../harness/core/errors.js';
import { clauses } from '../contract/clauses.js';
import { certify, type Certification } from '../harness/certify/certify.js';
import type { CheckOutcome, JournalEvent, RunFacts } from '../harness/core/events.js';
import { verifyManifest } from '../harness/outputs/manifest.js';
import { startMock, type MockServer } from '../mock/server.js';
import { check, exchange, facts, journalOf, runCli, stderrLines } from './report-fixtures.js';
import { expectValidCertification } from './support/certification-schema.js';

const shardFacts = (index: number, count: number, over: Partial<RunFacts> = {}) =>
  facts({ runId: `run-${index}`, selection: { mode: 'full', shard: { index, count } }, ...over });

function shardJournal(
  index: number,
  count: number,
  checks: CheckOutcome[],
  over: Partial<RunFacts> = {},
): JournalEvent[] {
  const f = shardFacts(index, count, over);
  const events = journalOf(
    checks,
    checks.map((c) => exchange(c.key, { id: `ex-${index}-${c.key}` })),
    f,
  );
  return events.map((e) => ('runId' in e ? { ...e, runId: f.runId } : e)) as JournalEvent[];
}

describe('merging is concatenating journals', () => {
  it('judges a clause on its checks from every shard, and every figure is the sum over the shards', () => {
    const events = [
      ...shardJournal(1, 2, [check({ clause: 'ITEM-CREATE-ENVELOPE', variant: 'part', verdict: 'passed' })]),
      ...shardJournal(2, 2, [
        check({
          clause: 'ITEM-CREATE-ENVELOPE',
          variant: 'tire',
          verdict: 'failed',
          file: 'suites/items/tire.check.ts',
          failures: [{ kind: 'unexpected-status', message: 'x', expected: 'a 2xx status', actual: 500 }],
        }),
      ]),
    ];
    const cert = certify(events, clauses);
    expect(cert.clauses.find((c) => c.id === 'ITEM-CREATE-ENVELOPE')?.verdict).toBe('failed');
    expect(cert.clauses.find((c) => c.id === 'ITEM-CREATE-ENVELOPE')?.checks).toHaveLength(2);
    expect(cert.run.mergedFrom?.map((m) => m.shard?.index)).toEqual([1, 2]);
    expect(cert.run.shard).toBeUndefined();
    expect(cert.traffic.exchanges.total).toBe(2);
    // Both shards merged: the scope is whole again.
    expect(cert.scope.complete).toBe(true);
  });

  it('makes a missing shard a run error, so the merge cannot look complete', () => {
    const cert = certify([...shardJournal(1, 3, []), ...shardJournal(3, 3, [])], clauses);
    expect(cert.runErrors).toEqual(['shard 2/3 is missing from the merge: its checks did not count']);
    // The missing shard's clauses were not judged: that is no fault of the target's (never NON-CONFORMANT).
    expect(cert.verdict).toBe('inconclusive');
    expect(cert.scope.complete).toBe(false);
  });

  it('refuses inputs that are not the shards of one run, and merges embedded-mock shards of one data seed', () => {
    expect(() => certify([...shardJournal(1, 2, []), ...shardJournal(2, 2, [], { seed: 7 })], clauses)).toThrow(/SEED/);
    expect(() => certify([...shardJournal(1, 2, []), ...shardJournal(1, 2, [])], clauses)).toThrow(/both 1\/2/);
    expect(() => certify([...shardJournal(1, 2, []), ...shardJournal(1, 3, [])], clauses)).toThrow(ConfigError);
    const embedded = (port: number) => ({
      target: {
        url: `http://127.0.0.1:${port}/v2`,
        kind: 'embedded' as const,
        identity: 'embedded reference mock (data seed 20260101)',
        companyId: 'cmp_1',
      },
    });
    const cert = certify(
      [...shardJournal(1, 2, [], embedded(4001)), ...shardJournal(2, 2, [], embedded(4002))],
      clauses,
    );
    expect(cert.run.mergedFrom).toHaveLength(2);
  });
});

describe('npm run merge-reports usage', () => {
  it('answers no input, a directory that is not a run, and a bad flag with exit 2 and one line', async () => {
    const runs = await Promise.all([
      runCli('merge', []),
      runCli('merge', [tmpdir()]),
      runCli('merge', ['--fail-on', 'never', tmpdir()]),
    ]);
    for (const r of runs) {
      expect(r.code).toBe(2);
      expect(stderrLines(r.stderr)).toHaveLength(1);
    }
    expect(runs[1]!.stderr).toMatch(/no journal\.jsonl/);
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
      runCli('run', ['suites/items'], { ...env, REPORTS_DIR: join(dir, 'full') }),
      ...[1, 2, 3].map((i) =>
        runCli('run', ['--shard', `${i}/3`, 'suites/items'], { ...env, REPORTS_DIR: join(dir, `shard${i}`) }),
      ),
    ]);
    const why = (r: (typeof runs)[number]) => r.stdout.slice(-1500) + r.stderr.slice(-1500);
    expect(runs[0]!.code, why(runs[0]!)).toBe(1);
    // Only the shard that holds the 1-based page check sees the fault.
    for (const r of runs.slice(1)) expect([0, 1], why(r)).toContain(r.code);
    expect(runs.slice(1).filter((r) => r.code === 1)).toHaveLength(1);
    const shardCerts = [1, 2, 3].map(
      (i) => JSON.parse(readFileSync(join(dir, `shard${i}`, 'certification.json'), 'utf8')) as Certification,
    );
    // Each shard alone is partial.
    for (const c of shardCerts) expect(c.summary['not-run']).toBeGreaterThan(0);
    for (const c of shardCerts) expectValidCertification(c);

    const merged = await runCli('merge', [
      '--out',
      join(dir, 'merged'),
      ...[1, 2, 3].map((i) => join(dir, `shard${i}`)),
    ]);
    expect(merged.code, merged.stdout + merged.stderr).toBe(1);
    expect(merged.stdout).toMatch(/failed: ITEM-PAGE-ONE-BASED/);

    const read = (d: string) => JSON.parse(readFileSync(join(dir, d, 'certification.json'), 'utf8')) as Certification;
    const verdicts = (c: Certification) => Object.fromEntries(c.clauses.map((x) => [x.id, x.verdict]));
    const full = read('full');
    const mergedCert = read('merged');
    expectValidCertification(full);
    expectValidCertification(mergedCert);
    expect(verdicts(mergedCert)).toEqual(verdicts(full));
    expect(mergedCert.summary).toEqual(full.summary);
    expect(mergedCert.verdict).toBe(full.verdict);
    const checkNames = (c: Certification) => c.clauses.flatMap((x) => x.checks.map((ch) => ch.name)).sort();
    expect(checkNames(mergedCert)).toEqual(checkNames(full));

    expect(verifyManifest(join(dir, 'merged', 'certification')).ok).toBe(true);
    const har = (d: string) =>
      (JSON.parse(readFileSync(join(dir, d, 'exchanges.har'), 'utf8')) as { log: { entries: unknown[] } }).log.entries
        .length;
    expect(har('merged')).toBe(har('shard1') + har('shard2') + har('shard3'));

    // The token the runs used appears in no file they wrote (shards, merge, bundles, scratch).
    const files = readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
    expect(files.length).toBeGreaterThan(20);
    const leaking = files
      .map((e) => join(e.parentPath, e.name))
      .filter((p) => readFileSync(p, 'utf8').includes(faulty.tokens.full));
    expect(leaking).toEqual([]);

    // Every figure of the merge is the sum over the shards.
    expect(mergedCert.traffic.exchanges.total).toBe(shardCerts.reduce((n, c) => n + c.traffic.exchanges.total, 0));
    expect(mergedCert.scope.complete).toBe(false); // suites/items only: partial, even merged
    expect(mergedCert.headline).toMatch(/^NON-CONFORMANT \(partial: /);

    // Leaving a shard out is reported, and the merged run is not conformant.
    const partial = await runCli('merge', ['--out', join(dir, 'partial'), join(dir, 'shard1'), join(dir, 'shard2')]);
    // Never CONFORMANT: NON-CONFORMANT when a merged shard holds the failure, else INCONCLUSIVE.
    expect([1, 3]).toContain(partial.code);
    expect(partial.stdout).toMatch(/shard 3\/3 is missing/);
  }, 300_000);
});

describe('shards of the embedded mock merge (a pull request from a fork: no BASE_URL, no secrets)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'cnf-merge-embedded-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('share one target identity whatever their ports, and merge into one certification', async () => {
    const env = { SEED: '11', NUM_RUNS: '3', VITEST_MAX_WORKERS: '1' };
    const shards = await Promise.all(
      [1, 2].map((i) =>
        runCli('run', ['--shard', `${i}/2`, 'suites/items'], { ...env, REPORTS_DIR: join(dir, `shard${i}`) }),
      ),
    );
    for (const r of shards) expect(r.code, r.stdout.slice(-800) + r.stderr.slice(-800)).toBe(0);
    const urls = [1, 2].map(
      (i) => (JSON.parse(readFileSync(join(dir, `shard${i}`, 'run.json'), 'utf8')) as RunFacts).target,
    );
    expect(urls[0]!.url).not.toBe(urls[1]!.url);
    expect(urls[0]!.identity).toBe(urls[1]!.identity);
    const merged = await runCli('merge', ['--out', join(dir, 'merged'), join(dir, 'shard1'), join(dir, 'shard2')]);
    expect(merged.code, merged.stdout + merged.stderr).toBe(0);
    const cert = JSON.parse(readFileSync(join(dir, 'merged', 'certification.json'), 'utf8')) as Certification;
    expect(cert.verdict).toBe('passed'); // suites/items only: nothing failed, but partial
    expect(cert.run.mergedFrom).toHaveLength(2);
    expect(verifyManifest(join(dir, 'merged', 'certification')).ok).toBe(true);
    expectValidCertification(cert);
    expect(cert.spec.file).not.toMatch(/^\//);
    expect(JSON.stringify(cert)).not.toContain(process.cwd());

    // The certificate is a function of the journals alone: the same shards copied to another folder
    // and merged there, with the spec moved away, give the same certification.json, byte for byte.
    const elsewhere = join(dir, 'elsewhere', 'deeper');
    for (const i of [1, 2]) cpSync(join(dir, `shard${i}`), join(elsewhere, `s${i}`), { recursive: true });
    const again = await runCli(
      'merge',
      ['--out', join(elsewhere, 'merged'), join(elsewhere, 's1'), join(elsewhere, 's2')],
      {
        SPEC_PATH: join(dir, 'no-spec-here.md'),
      },
    );
    expect(again.code, again.stdout + again.stderr).toBe(0);
    expect(readFileSync(join(elsewhere, 'merged', 'certification.json'), 'utf8')).toBe(
      readFileSync(join(dir, 'merged', 'certification.json'), 'utf8'),
    );
  }, 180_000);
});
