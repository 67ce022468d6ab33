import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Certification } from '../harness/certify/certify.js';
import type { RunFacts } from '../harness/core/events.js';
import { startMock, type MockServer } from '../mock/server.js';
import { mockEnv, runConformanceCli } from './support/run-cli.js';
import { expectValidCertification } from './support/certification-schema.js';

/**
 * The certificate states its scope. Only a run of the whole catalogue is CONFORMANT; a narrowed
 * selection (-t, suite paths, a shard, an area left out) is PASSED (partial …) at best, a
 * read-only run says what it did not exercise, and the selection is recorded in run.json,
 * certification.json, the md and the page.
 */
const root = mkdtempSync(join(tmpdir(), 'cnf-scope-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const read = <T>(dir: string, f: string) => {
  const text = readFileSync(join(dir, f), 'utf8');
  if (f === 'certification.json') expectValidCertification(text);
  return JSON.parse(text) as T;
};
const text = (dir: string, f: string) => readFileSync(join(dir, f), 'utf8');

describe('the embedded mock, whole catalogue (what `npm run conformance` does with no BASE_URL)', () => {
  it('is CONFORMANT, complete, exit 0, with nothing failed or inconclusive', async () => {
    const dir = join(root, 'full');
    const run = await runConformanceCli({ REPORTS_DIR: dir, SEED: '606' });
    expect(run.code, run.stdout.slice(-3000) + run.stderr.slice(-2000)).toBe(0);
    const cert = read<Certification>(dir, 'certification.json');
    expect(cert.headline).toBe('CONFORMANT');
    expect(cert.scope).toMatchObject({ complete: true, narrowed: false });
    expect(cert.strictSummary.failed + cert.strictSummary.inconclusive).toBe(0);
    expect(cert.checkSummary.failed).toBe(0);
    expect(run.stdout).toMatch(/Certifying http:\/\/127\.0\.0\.1:\d+\/v2 \(the embedded reference mock\)/);
    expect(run.stdout).toMatch(/selection: the whole catalogue/);
    expect(run.stdout).toMatch(/^Verdict: CONFORMANT$/m);
    // The journal holds every exchange once; the certificate counts them all.
    const exchanges = text(dir, 'journal.jsonl')
      .split('\n')
      .filter((l) => l.includes('"type":"exchange"')).length;
    expect(cert.traffic.exchanges.total).toBe(exchanges);
  }, 300_000);
});

describe('a partial selection never reads CONFORMANT', () => {
  let mock: MockServer;
  beforeAll(async () => {
    mock = await startMock();
  });
  afterAll(() => mock.stop());

  it("-t '^AUTH-': PASSED (partial: N of M clauses; -t '^AUTH-'), exit 0, the selection in run.json, the json, the md and the page", async () => {
    const dir = join(root, 'auth-only');
    const run = await runConformanceCli({ ...mockEnv(mock), REPORTS_DIR: dir }, ['-t', '^AUTH-']);
    expect(run.code, run.stdout.slice(-2000)).toBe(0);
    const cert = read<Certification>(dir, 'certification.json');
    expect(cert.verdict).toBe('passed');
    expect(cert.headline).toMatch(/^PASSED \(partial: \d+ of \d+ clauses; -t '\^AUTH-'\)$/);
    expect(cert.scope.selection.pattern).toBe('^AUTH-');
    expect(read<RunFacts>(dir, 'run.json').selection.pattern).toBe('^AUTH-');
    expect(text(dir, 'certification.md')).toContain(`# Partner API v2 conformance: ${cert.headline}`);
    const page = text(dir, 'certification/index.html');
    expect(page).toContain('<div id="verdict" data-verdict="passed">PASSED <span id="scope-note">(partial:');
    expect(page).toMatch(/only checks matching -t '\^AUTH-' ran/);
    expect(run.stdout).toContain(`Verdict: ${cert.headline}`);
    expect(run.stdout).not.toMatch(/Verdict: CONFORMANT/);
  }, 300_000);

  it('a suite path: PASSED (partial …; paths suites/inventory-levels)', async () => {
    const dir = join(root, 'levels-only');
    // The smallest suite (five check files): what is asserted is the scope, not the checks.
    const run = await runConformanceCli({ ...mockEnv(mock), REPORTS_DIR: dir }, ['suites/inventory-levels']);
    expect(run.code, run.stdout.slice(-2000)).toBe(0);
    const cert = read<Certification>(dir, 'certification.json');
    expect(cert.headline).toMatch(/^PASSED \(partial: \d+ of \d+ clauses; paths suites\/inventory-levels\)$/);
    // The plan counts only what the paths select.
    expect(read<RunFacts>(dir, 'run.json').planned.plan.checks).toBeLessThan(40);
  }, 300_000);

  // Read-only's headline, CONFORMANT (read-only: N strict clauses not exercised), is asserted on the
  // read-only run of test/readonly.test.ts: one whole read-only run serves both.

  it('a token without the Purchase Orders permission is a configuration error naming ACCESS_TOKEN and §5.3, unless the area is left out', async () => {
    const refused = await runConformanceCli({
      ...mockEnv(mock),
      ACCESS_TOKEN: mock.tokens.noPo,
      REPORTS_DIR: join(root, 'nopo'),
    });
    expect(refused.code).toBe(2);
    const lines = refused.stderr.split('\n').filter((l) => l.trim() && !/npm warn/i.test(l));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^Configuration error: ACCESS_TOKEN lacks the Purchase Orders permission \(§5\.3\): .*HTTP 403.*--skip-area purchaseOrders/,
    );

    const dir = join(root, 'nopo-skipped');
    const run = await runConformanceCli(
      { ...mockEnv(mock), ACCESS_TOKEN: mock.tokens.noPo, ACCESS_TOKEN_NO_PO: '', REPORTS_DIR: dir },
      ['--skip-area', 'purchaseOrders', '-t', '^(PO-|TENANT-LIST)'],
    );
    expect(run.code, run.stdout.slice(-2000)).toBe(0);
    const cert = read<Certification>(dir, 'certification.json');
    expect(cert.headline).toMatch(/^PASSED \(partial: .*without purchaseOrders\)$/);
    expect(
      cert.clauses
        .filter((c) => c.area === 'purchaseOrders')
        .every((c) => c.verdict === 'not-run' || c.verdict === 'not-testable'),
    ).toBe(true);
    expect(cert.clauses.find((c) => c.id === 'PO-LIST-ENVELOPE')?.reason).toMatch(/left out/);
  }, 300_000);
});
