import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse as parseJunit, type TestSuites } from 'junit2json';
import { afterAll, describe, expect, it } from 'vitest';
import { clauses } from '../contract/clauses.js';
import { gateExitCode } from '../harness/certify/baseline.js';
import { certify } from '../harness/certify/certify.js';
import { endLines } from '../harness/outputs/end-lines.js';
import { renderOutputs } from '../harness/outputs/registry.js';
import { check, journalOf } from './report-fixtures.js';
import { expectValidCertification } from './support/certification-schema.js';

/**
 * The verdict's scope (issue 25): a strict clause whose checks could not run because the spec does
 * not show what they need (the profile's guess was refused: GuessRefusedError, cause guess-refused)
 * is neither passed nor the target's fault. It is not judged, the certificate names the profile key
 * that would let it run, and the verdict says the certificate does not cover it: PASSED (partial),
 * exit 0, never CONFORMANT. Every output says the same.
 */
const dir = mkdtempSync(join(tmpdir(), 'cnf-not-judged-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const refused = (clause: 'CUSTOMER-CREATE-BULK' | 'CUSTOMER-UPDATE-PARTIAL') =>
  check({
    clause,
    verdict: 'inconclusive',
    file: 'suites/customers/x.check.ts',
    reason: 'POST /customers refused the guessed body (HTTP 400 customers[0].emails[0] must be a string)',
    cause: {
      kind: 'guess-refused',
      profileKey: 'customers.createBody',
      message: 'POST /customers refused the guessed body (HTTP 400 customers[0].emails[0] must be a string)',
    },
  });
const passed = check({ clause: 'ITEM-CREATE-ENVELOPE', variant: 'part', verdict: 'passed' });

describe('a strict clause not judged for want of a profile key', () => {
  const events = journalOf([passed, refused('CUSTOMER-CREATE-BULK'), refused('CUSTOMER-UPDATE-PARTIAL')]);
  const cert = certify(events, clauses);

  it('is not-judged, named with its profile key, and the run is PASSED (partial), exit 0', () => {
    expectValidCertification(JSON.parse(JSON.stringify(cert)));
    const verdicts = Object.fromEntries(cert.clauses.map((c) => [c.id, c.verdict]));
    expect(verdicts['CUSTOMER-CREATE-BULK']).toBe('not-judged');
    expect(verdicts['CUSTOMER-UPDATE-PARTIAL']).toBe('not-judged');
    expect(cert.strictSummary['not-judged']).toBe(2);
    expect(cert.scope.notJudged).toEqual([
      { clause: 'CUSTOMER-CREATE-BULK', profileKey: 'customers.createBody' },
      { clause: 'CUSTOMER-UPDATE-PARTIAL', profileKey: 'customers.createBody' },
    ]);
    expect(cert.scope.complete).toBe(false);
    expect(cert.verdict).toBe('passed');
    expect(cert.headline).toBe(
      'PASSED (partial: 2 clauses not judged: set customers.createBody in CONFORMANCE_PROFILE)',
    );
    expect(gateExitCode(cert, 'any')).toBe(0);
  });

  it('stays INCONCLUSIVE when another strict clause got no answer, and NON-CONFORMANT when one failed', () => {
    const unanswered = check({
      clause: 'ITEM-GET-BARE',
      verdict: 'inconclusive',
      reason: 'no answer from the target: GET /items/1 (ECONNRESET)',
      cause: { kind: 'no-answer', message: 'no answer from the target: GET /items/1 (ECONNRESET)', code: 'ECONNRESET' },
    });
    expect(certify(journalOf([passed, refused('CUSTOMER-CREATE-BULK'), unanswered]), clauses).verdict).toBe(
      'inconclusive',
    );
    const failed = check({
      clause: 'ITEM-GET-BARE',
      verdict: 'failed',
      failures: [
        { kind: 'unexpected-status', message: 'GET /items/1: HTTP 500', expected: 'a 2xx status', actual: 500 },
      ],
    });
    expect(certify(journalOf([passed, refused('CUSTOMER-CREATE-BULK'), failed]), clauses).verdict).toBe(
      'non-conformant',
    );
  });

  it('reads the same in the console, certification.md, the page, junit.xml and the Allure results', async () => {
    renderOutputs(dir, cert, events);
    const key = 'customers.createBody';
    const console = endLines(cert, [], dir).join('\n');
    expect(console).toContain(`Verdict: ${cert.headline}`);
    expect(console).toContain(`not judged: CUSTOMER-CREATE-BULK`);
    expect(console).toContain(`set ${key} in CONFORMANCE_PROFILE`);
    const md = readFileSync(join(dir, 'certification.md'), 'utf8');
    expect(md.split('\n')[0]).toBe(`# Partner API v2 conformance: ${cert.headline}`);
    expect(md).toMatch(/## Not judged \(outside what this certificate covers\)/);
    expect(md).toContain(`- **CUSTOMER-CREATE-BULK**: set \`${key}\` in CONFORMANCE_PROFILE`);
    const page = readFileSync(join(dir, 'certification', 'index.html'), 'utf8');
    expect(page).toContain('Not judged (outside what this certificate covers)');
    expect(page).toContain(`set <code>${key}</code> in CONFORMANCE_PROFILE`);
    const junit = (await parseJunit(readFileSync(join(dir, 'junit.xml'), 'utf8'))) as TestSuites;
    expect(junit.name).toBe(`Partner API v2 conformance: ${cert.headline}`);
    const skipped = (junit.testsuite ?? [])
      .flatMap((s) => s.testcase ?? [])
      .flatMap((c) => c.skipped ?? [])
      .map((s) => s.message);
    expect(
      skipped.filter((m) => m?.startsWith(`inconclusive: not judged, set ${key} in CONFORMANCE_PROFILE`)),
    ).toHaveLength(2);
    const allureDir = join(dir, 'allure-results');
    const results = readdirSync(allureDir)
      .filter((f) => f.endsWith('-result.json'))
      .map(
        (f) =>
          JSON.parse(readFileSync(join(allureDir, f), 'utf8')) as {
            name: string;
            status: string;
            statusDetails?: { message?: string; trace?: string };
            steps: { name: string; status: string; statusDetails?: { message?: string } }[];
          },
      );
    // One result per clause: the two not judged are skipped (outside the certificate), their refused checks the steps.
    for (const id of ['CUSTOMER-CREATE-BULK', 'CUSTOMER-UPDATE-PARTIAL']) {
      const r = results.find((x) => x.name.startsWith(`${id}: `))!;
      expect(r.status, id).toBe('skipped');
      expect(r.statusDetails?.message).toMatch(
        new RegExp(`^not judged: set ${key} in CONFORMANCE_PROFILE; POST /customers refused`),
      );
      expect(r.steps.map((st) => [st.status, st.statusDetails?.message?.split(':')[0]])).toEqual([
        ['broken', 'inconclusive'],
      ]);
    }
    const verdict = results.find((r) => r.name.startsWith('Certification verdict'))!;
    expect(verdict.name).toBe(`Certification verdict: ${cert.headline}`);
    expect(verdict.statusDetails?.trace).toContain(
      `not judged: CUSTOMER-CREATE-BULK: set ${key} in CONFORMANCE_PROFILE`,
    );
    const json = JSON.parse(readFileSync(join(dir, 'certification.json'), 'utf8')) as typeof cert;
    expect(json.headline).toBe(cert.headline);
    expect(json.scope.notJudged).toEqual(cert.scope.notJudged);
  });
});
