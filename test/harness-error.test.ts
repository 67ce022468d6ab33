import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse as parseJunit, type TestSuites } from 'junit2json';
import { afterAll, describe, expect, it } from 'vitest';
import type { Certification } from '../harness/certify/certify.js';
import { expectValidCertification } from './support/certification-schema.js';
import { runConformanceCli } from './support/run-cli.js';

/**
 * A harness bug never blames the target. A TypeError planted in the harness's client, for the
 * requests of one check (test/support/plant-harness-error.ts, loaded by vitest.config.ts only
 * under SELFTEST_PLANT_HARNESS_ERROR), must give INCONCLUSIVE, exit 3, never NON-CONFORMANT; every
 * output names the harness, the exception and its stack, and says it is not the target's fault.
 */
const dir = mkdtempSync(join(tmpdir(), 'cnf-harness-error-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const KEY = 'PO-PERMISSION-BEFORE-VALIDATION';

describe('a check that throws (a harness error)', () => {
  it('makes its clause inconclusive and the run INCONCLUSIVE (exit 3), named as the harness in every output', async () => {
    const run = await runConformanceCli({ REPORTS_DIR: dir, SEED: '31', SELFTEST_PLANT_HARNESS_ERROR: KEY }, [
      '-t',
      `^${KEY}`,
    ]);
    const out = run.stdout + run.stderr;
    expect(run.code, out.slice(-3000)).toBe(3);
    expect(out).not.toMatch(/NON-CONFORMANT/);
    expect(out).toMatch(/harness error, not the target's fault/);
    expect(out).toMatch(/TypeError/);

    const file = join(dir, 'certification.json');
    expectValidCertification(file);
    const cert = JSON.parse(readFileSync(file, 'utf8')) as Certification;
    expect(cert.verdict).toBe('inconclusive');
    const clause = cert.clauses.find((c) => c.id === KEY)!;
    expect(clause.verdict).toBe('inconclusive');
    expect(clause.cause?.kind).toBe('harness-error');
    const check = clause.checks[0]!;
    expect(check.verdict).toBe('errored');
    expect(check.error?.name).toBe('TypeError');
    expect(check.error?.stack).toMatch(/test\/support\/plant-harness-error.ts/);
    expect(check.error?.stack).not.toContain(process.cwd());
    expect(cert.checkSummary.errored).toBe(1);
    expect(cert.checkSummary.failed).toBe(0);
    expect(cert.verdictCause).toMatch(/harness broke/);

    const junit = (await parseJunit(readFileSync(join(dir, 'junit.xml'), 'utf8'))) as TestSuites;
    const cases = (junit.testsuite ?? []).flatMap((s) => s.testcase ?? []);
    const mine = cases.find((c) => c.name?.startsWith(KEY))!;
    expect(mine.error?.[0]?.message).toMatch(/^harness error, not the target's fault .*: TypeError/);
    expect(mine.failure).toBeUndefined();

    const allureDir = join(dir, 'allure-results');
    const results = readdirSync(allureDir)
      .filter((f) => f.endsWith('-result.json'))
      .map(
        (f) =>
          JSON.parse(readFileSync(join(allureDir, f), 'utf8')) as {
            name: string;
            status: string;
            statusDetails?: { message?: string };
            steps: { status: string }[];
          },
      );
    // The clause's result is broken (undecided, not a contract violation) and names the harness; its check the step.
    const mineInAllure = results.find((r) => r.name.startsWith(`${KEY}: `))!;
    expect(mineInAllure.status).toBe('broken');
    expect(mineInAllure.statusDetails?.message).toMatch(/^inconclusive: harness error, not the target's fault/);
    expect(mineInAllure.steps.map((st) => st.status)).toEqual(['broken']);
    expect(results.find((r) => r.name.startsWith('Certification verdict'))?.status).toBe('broken');

    const md = readFileSync(join(dir, 'certification.md'), 'utf8');
    expect(md).toMatch(/## Harness errors \(the harness broke: not the target's fault\)/);
    expect(md).toMatch(/plant-harness-error/);
    const page = readFileSync(join(dir, 'certification', 'index.html'), 'utf8');
    expect(page).toMatch(/not the target&#39;s fault|not the target's fault/);
    expect(page).toMatch(/TypeError/);
  }, 240_000);
});
