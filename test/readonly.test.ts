import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { TransportError } from '../harness/core/errors.js';
import type { Certification } from '../harness/certify/certify.js';
import type { LedgerReport } from '../harness/cleanup.js';
import type { RunFacts } from '../harness/core/events.js';
import type { PacingReport } from '../harness/pacing/index.js';
import { startMock } from '../mock/server.js';
import { fakeTarget, json, pacedClient } from './support/fake-target.js';
import { mockEnv, runConformanceCli } from './support/run-cli.js';

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

describe('CONFORMANCE_MODE=readonly against a standalone mock', () => {
  it('sends nothing but GET requests (the mock request log shows zero non-GET), plans no write, and says CONFORMANT (read-only: N strict clauses not exercised)', async () => {
    const mock = await startMock();
    try {
      const run = await runConformanceCli({
        ...mockEnv(mock),
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
      // Never plain CONFORMANT: the headline says how much of the catalogue needed a write.
      expect(cert.headline).toMatch(/^CONFORMANT \(read-only: \d+ strict clauses not exercised\)$/);
      expect(cert.scope.strictNotExercised).toBeGreaterThan(0);
      const facts = JSON.parse(readFileSync(join(reports, 'run.json'), 'utf8')) as RunFacts;
      expect(facts.planned.plan.write).toBe(0);
      expect(cert.clauses.some((c) => c.verdict === 'skipped' && /readonly/.test(c.reason ?? ''))).toBe(true);
      const ledger = JSON.parse(readFileSync(join(reports, 'ledger.json'), 'utf8')) as LedgerReport;
      expect(ledger.summary.created).toBe(0);
    } finally {
      await mock.stop();
    }
  }, 300_000);
});
