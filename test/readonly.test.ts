import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { TransportError } from '../harness/core/errors.js';
import type { Certification } from '../harness/certify/certify.js';
import type { LedgerReport } from '../harness/cleanup.js';
import type { RecordedExchange, RunFacts } from '../harness/core/events.js';
import type { PacingReport } from '../harness/pacing/index.js';
import { startMock } from '../mock/server.js';
import { fakeTarget, json, pacedClient } from './support/fake-target.js';
import { mockEnv, runConformanceCli } from './support/run-cli.js';
import { startVariantServer } from './variant/server.js';

const reports = mkdtempSync(join(tmpdir(), 'cnf-readonly-'));
afterAll(() => rmSync(reports, { recursive: true, force: true }));

describe('read-only safety net in the pacing proxy', () => {
  it('refuses every non-GET before it leaves the harness, and lets GETs through', async () => {
    const t = await fakeTarget((_req, res) => json(res, 200, {}));
    const { pacing, client } = await pacedClient(t.url, { readonly: true });
    try {
      for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
        const err = await client.request({ method, path: '/items', body: { companyId: 'c' } }).catch((e: unknown) => e);
        expect(err).toBeInstanceOf(TransportError);
        expect((err as Error).message).toMatch(/read-only/);
      }
      expect((await client.get('/items')).status).toBe(200);
      expect(t.seen.map((s) => s.method)).toEqual(['GET']);
      expect(pacing.report().refusedInReadonly).toBe(4);
    } finally {
      await pacing.close();
      await t.stop();
    }
  });
});

/** What the checks and their fixtures sent: the plan's scope (the preflight and the cleanup are the run's own). */
function usedByChecks(dir: string): { get: number; write: number } {
  const mine = readFileSync(join(dir, 'journal.jsonl'), 'utf8')
    .split('\n')
    .filter((l) => l.includes('"type":"exchange"'))
    .map((l) => (JSON.parse(l) as { exchange: RecordedExchange }).exchange)
    .filter((x) => !['preflight', 'cleanup', 'unattributed'].includes(x.owner));
  return { get: mine.filter((x) => x.method === 'GET').length, write: mine.filter((x) => x.method !== 'GET').length };
}

/**
 * A read-only run, frugal (rate limits set, high enough not to slow it): the plan is within 15% of
 * the GETs its checks and fixtures used, and the check counts agree from the plan to the live lines
 * and the final table (issue 26 item 2).
 */
function expectReadonlyPlanKept(dir: string, stdout: string, exact: boolean): void {
  expect(stdout).toMatch(/Verdict: CONFORMANT \(read-only/);
  const plan = (JSON.parse(readFileSync(join(dir, 'run.json'), 'utf8')) as RunFacts).planned.plan;
  const { get, write } = usedByChecks(dir);
  expect(write).toBe(0);
  expect(Math.abs(get - plan.get) / get, `planned ${plan.get} GETs, used ${get}`).toBeLessThanOrEqual(0.15);
  // Registered = run + skipped by their needs; the certificate counts every registered check.
  const cert = JSON.parse(readFileSync(join(dir, 'certification.json'), 'utf8')) as Certification;
  const total = Object.values(cert.checkSummary).reduce((n, v) => n + v, 0);
  expect(plan.registered).toBe(total);
  // The plan's "skipped: they need a write" are the checks skipped for read-only; a target's data
  // may skip others (each with its own cause), which `exact` rules out on the mock.
  const skipped = cert.clauses.flatMap((c) => c.checks).filter((c) => c.verdict === 'skipped');
  expect(skipped.filter((c) => c.cause?.kind === 'read-only').length).toBe(plan.registered! - plan.checks);
  // On the mock exactly one check skips for its data: its companies end before offset 1,000, so
  // TENANT-LIST-ISOLATION [vehicles-deep-pages] has no deep page to compare.
  const deep = skipped.filter((c) => c.variant === 'vehicles-deep-pages' && /no deep page/.test(c.reason ?? ''));
  if (exact) expect([cert.checkSummary.skipped, deep.length]).toEqual([plan.registered! - plan.checks + 1, 1]);
  expect(stdout).toContain(
    `plan: ${plan.registered} checks (${plan.checks} run, ${plan.registered! - plan.checks} skipped: they need a write)`,
  );
  const live = [...stdout.matchAll(/^\[\d+s\] \d+\/(\d+) checks/gm)].map((m) => Number(m[1]));
  expect(new Set(live)).toEqual(new Set([plan.registered]));
}

const frugal = { RATE_LIMIT_GET_PER_MIN: '6000', RATE_LIMIT_WRITE_PER_MIN: '6000' };

describe('CONFORMANCE_MODE=readonly against a standalone mock', () => {
  it('sends nothing but GET requests (the mock request log shows zero non-GET), plans no write, says CONFORMANT (read-only: N strict clauses not exercised), and keeps its plan', async () => {
    const mock = await startMock();
    try {
      const run = await runConformanceCli({
        ...mockEnv(mock),
        ...frugal,
        CONFORMANCE_MODE: 'readonly',
        REPORTS_DIR: reports,
        SEED: '99',
      });
      const output = `${run.stdout}\n${run.stderr}`;
      expect(run.code, output.slice(-3000)).toBe(0);
      const methods = new Set(mock.requestLog.map((r) => r.method));
      expect(mock.requestLog.length).toBeGreaterThan(20);
      expect([...methods]).toEqual(['GET']);
      // Checks that need a write were skipped with the reason, not refused by the safety net.
      const pacing = JSON.parse(readFileSync(join(reports, 'pacing.json'), 'utf8')) as PacingReport;
      expect(pacing.refusedInReadonly).toBe(0);
      const cert = JSON.parse(readFileSync(join(reports, 'certification.json'), 'utf8')) as Certification;
      expect(cert.mode).toBe('readonly');
      // Never plain CONFORMANT: the headline says how much of the catalogue needed a write (and, frugal
      // against a target of its own, which auth clauses were judged in part).
      expect(cert.headline).toMatch(/^CONFORMANT \(read-only: \d+ strict clauses not exercised(; [^)]*)?\)$/);
      expect(cert.scope.strictNotExercised).toBeGreaterThan(0);
      const facts = JSON.parse(readFileSync(join(reports, 'run.json'), 'utf8')) as RunFacts;
      expect(facts.planned.plan.write).toBe(0);
      expect(cert.clauses.some((c) => c.verdict === 'skipped' && /readonly/.test(c.reason ?? ''))).toBe(true);
      const ledger = JSON.parse(readFileSync(join(reports, 'ledger.json'), 'utf8')) as LedgerReport;
      expect(ledger.summary.created).toBe(0);
      expectReadonlyPlanKept(reports, run.stdout, true);
    } finally {
      await mock.stop();
    }
  }, 300_000);

  it('on the variant conforming server (other envelopes, page sizes and statuses): the plan kept too', async () => {
    const variant = await startVariantServer();
    const dir = join(reports, 'variant');
    try {
      const run = await runConformanceCli({
        ...mockEnv(variant.mock, variant.url),
        ...frugal,
        ENV_FILE: '/dev/null',
        CONFORMANCE_MODE: 'readonly',
        REPORTS_DIR: dir,
      });
      expect(run.code, run.stdout.slice(-3000) + run.stderr.slice(-2000)).toBe(0);
      // Its item list records do not show itemType, so ITEM-FILTER-TYPE finds no item of known type in read-only.
      expectReadonlyPlanKept(dir, run.stdout, false);
    } finally {
      await variant.stop();
    }
  }, 300_000);
});
