import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse as parseJunit, type TestCase as JunitCase, type TestSuites } from 'junit2json';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Certification } from '../harness/certify/certify.js';
import { startMock, type MockServer } from '../mock/server.js';
import { runCli } from './report-fixtures.js';
import { inlineFiles } from './support/allure-inline.js';
import { mockEnv, runConformanceCli, type CliRun } from './support/run-cli.js';
import { expectValidCertification } from './support/certification-schema.js';

const validCertification = (text: string): Certification => {
  expectValidCertification(text);
  return JSON.parse(text) as Certification;
};

/**
 * Every output is a handler of one certificate: a real run with a planted fault, and a real run
 * with inconclusive clauses, read back from the console, junit.xml (by a third-party JUnit
 * parser), the Allure results and report, certification.md, certification.json and the page
 * must say the same thing.
 */
const root = mkdtempSync(join(tmpdir(), 'cnf-agree-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

interface Run {
  cli: CliRun;
  dir: string;
  cert: Certification;
  junit: TestSuites;
  allure: {
    status: string;
    statusDetails?: { message?: string };
    name: string;
    labels?: { name: string; value: string }[];
    steps?: { name: string; status: string; statusDetails?: { message?: string } }[];
  }[];
  md: string;
  page: string;
}

async function certifyWith(
  mock: MockServer,
  name: string,
  args: string[],
  env: Record<string, string> = {},
): Promise<Run> {
  const dir = join(root, name);
  const cli = await runConformanceCli({ ...mockEnv(mock), REPORTS_DIR: dir, SEED: '2024', ...env }, args);
  const read = (f: string) => readFileSync(join(dir, f), 'utf8');
  const allureDir = join(dir, 'allure-results');
  const allure = readdirSync(allureDir)
    .filter((f) => f.endsWith('-result.json'))
    .map((f) => JSON.parse(readFileSync(join(allureDir, f), 'utf8')) as Run['allure'][number]);
  return {
    cli,
    dir,
    cert: validCertification(read('certification.json')),
    junit: (await parseJunit(read('junit.xml'))) as TestSuites,
    allure,
    md: read('certification.md'),
    page: read('certification/index.html'),
  };
}

const cases = (j: TestSuites): JunitCase[] => (j.testsuite ?? []).flatMap((s) => s.testcase ?? []);
const junitVerdict = (c: JunitCase) =>
  c.failure?.length
    ? 'failed'
    : c.error?.length
      ? 'error'
      : c.skipped?.length
        ? c.skipped[0]!.message?.startsWith('inconclusive:')
          ? 'inconclusive'
          : 'skipped'
        : 'passed';
const countBy = <T>(xs: T[], key: (x: T) => string) =>
  xs.reduce<Record<string, number>>((m, x) => ({ ...m, [key(x)]: (m[key(x)] ?? 0) + 1 }), {});
/** A clause's certificate verdict as the Allure status of its result. */
const allureStatus: Record<string, string> = {
  passed: 'passed',
  observed: 'passed',
  failed: 'failed',
  inconclusive: 'broken',
  'not-judged': 'skipped',
  skipped: 'skipped',
  'not-testable': 'skipped',
  'not-run': 'skipped',
};
const label = (r: Run['allure'][number], name: string) => r.labels?.find((l) => l.name === name)?.value;
/** A check step's verdict, read back from its status and message as a reader would. */
const stepVerdict = (s: NonNullable<Run['allure'][number]['steps']>[number]) =>
  s.status === 'broken'
    ? s.statusDetails?.message?.startsWith('inconclusive:')
      ? 'inconclusive'
      : 'errored'
    : s.status;

/** The "Checks per area" table the console printed, as counts per area. */
function consoleTable(stdout: string): Record<string, Record<string, number>> {
  const block = stdout.slice(stdout.indexOf('Checks per area'));
  const rows = block
    .split('\n')
    .slice(3)
    .filter((l) => /^ {2}[a-zA-Z]+ +\d/.test(l));
  return Object.fromEntries(
    rows.map((l) => {
      const [area, passed, failed, skipped, inconclusive] = l.trim().split(/\s+/);
      return [
        area,
        {
          passed: Number(passed),
          failed: Number(failed),
          skipped: Number(skipped),
          inconclusive: Number(inconclusive),
        },
      ];
    }),
  );
}

function expectTheSameCounts(run: Run): void {
  const checks = run.cert.clauses.flatMap((c) => c.checks);
  const fromJson = countBy(checks, (c) => c.verdict);
  for (const v of ['passed', 'failed', 'skipped', 'inconclusive'] as const)
    expect(run.cert.checkSummary[v], v).toBe(fromJson[v] ?? 0);
  // junit.xml, through a third-party parser: one test case per check, the same verdicts.
  const junit = countBy(cases(run.junit), junitVerdict);
  expect(junit).toEqual(Object.fromEntries(Object.entries(fromJson)));
  // Allure results: one per clause with the certificate's verdict (its label, and Allure's status:
  // a contract violation failed, never broken), so the ring counts clauses as the certificate does;
  // each clause's checks are its steps. One more result carries the run's verdict.
  const verdictResult = run.allure.filter((r) => r.name.startsWith('Certification verdict: '));
  expect(verdictResult.map((r) => [r.name, r.status])).toEqual([
    [
      `Certification verdict: ${run.cert.headline}`,
      {
        conformant: 'passed',
        passed: 'skipped',
        'non-conformant': 'failed',
        inconclusive: 'broken',
        interrupted: 'broken',
      }[run.cert.verdict],
    ],
  ]);
  const clauseResults = run.allure.filter((r) => !verdictResult.includes(r));
  expect(clauseResults.map((r) => label(r, 'clause')).sort()).toEqual(run.cert.clauses.map((c) => c.id).sort());
  const nonZero = (m: Record<string, number>) => Object.fromEntries(Object.entries(m).filter(([, n]) => n > 0));
  expect(countBy(clauseResults, (r) => label(r, 'verdict') ?? 'none')).toEqual(nonZero(run.cert.summary));
  const byStatus: Record<string, number> = {};
  for (const [v, n] of Object.entries(run.cert.summary))
    byStatus[allureStatus[v]!] = (byStatus[allureStatus[v]!] ?? 0) + n;
  expect(countBy(clauseResults, (r) => r.status)).toEqual(nonZero(byStatus));
  for (const c of run.cert.clauses) {
    const r = clauseResults.find((x) => label(x, 'clause') === c.id)!;
    expect([c.id, r.status], c.reason).toEqual([c.id, allureStatus[c.verdict]]);
  }
  const steps = clauseResults.flatMap((r) => r.steps ?? []);
  expect(countBy(steps, stepVerdict)).toEqual(Object.fromEntries(Object.entries(fromJson)));
  // The console's table, per area, is the junit suites' and the certificate's.
  const table = consoleTable(run.cli.stdout);
  for (const suite of run.junit.testsuite ?? []) {
    const byVerdict = countBy(suite.testcase ?? [], junitVerdict);
    expect(table[suite.name!], suite.name).toEqual({
      passed: byVerdict.passed ?? 0,
      failed: byVerdict.failed ?? 0,
      skipped: byVerdict.skipped ?? 0,
      inconclusive: byVerdict.inconclusive ?? 0,
    });
  }
  // The headline is the same words everywhere.
  expect(run.cli.stdout).toContain(`Verdict: ${run.cert.headline}`);
  expect(run.md.split('\n')[0]).toBe(`# Partner API v2 conformance: ${run.cert.headline}`);
  expect(run.junit.name).toBe(`Partner API v2 conformance: ${run.cert.headline}`);
  const unescape = (t: string) =>
    t
      .replace(/&quot;/g, '"')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');
  expect(unescape(/<title>(.*)<\/title>/.exec(run.page)?.[1] ?? '')).toBe(
    `Partner API v2 conformance: ${run.cert.headline}`,
  );
}

describe('a run with a planted fault (items-page-zero-based)', () => {
  let mock: MockServer;
  let run: Run;
  beforeAll(async () => {
    mock = await startMock({ faults: ['items-page-zero-based'] });
    run = await certifyWith(mock, 'fault', []);
  }, 300_000);
  afterAll(() => mock?.stop());

  it('is NON-CONFORMANT on exactly the faulted clause, exit 1', () => {
    expect(run.cli.code, run.cli.stdout.slice(-2000) + run.cli.stderr.slice(-1000)).toBe(1);
    expect(run.cert.verdict).toBe('non-conformant');
    expect(run.cert.clauses.filter((c) => c.verdict === 'failed').map((c) => c.id)).toEqual(['ITEM-PAGE-ONE-BASED']);
  });

  it('shows the same verdicts and counts in the console, junit.xml, Allure, the md, the json and the page', () => {
    expectTheSameCounts(run);
    expect(run.cli.stdout).toMatch(/failed: ITEM-PAGE-ONE-BASED \(§2\.7\): page=1: number is 0, expected 1/);
    expect(run.page).toMatch(/<tr id="ITEM-PAGE-ONE-BASED" data-verdict="failed">/);
  });

  it('carries the typed failure with its request and curl lines in junit.xml, the md, the console and the page', () => {
    const failing = cases(run.junit).find((c) => c.failure?.length)!;
    expect(failing.classname).toBe('partner-api-v2.items.ITEM-PAGE-ONE-BASED');
    expect(failing.failure![0]!.type).toBe('field-mismatch');
    const text = failing.failure![0]!.inner ?? '';
    expect(text).toMatch(/expected: 1; actual: 0 \(at number\)/);
    expect(text).toMatch(/request: GET \/v2\/items\?companyId=/);
    // The replay: how the token is loaded, the writes before the read (none or some), then the read.
    expect(text).toMatch(/curl: # The run took ACCESS_TOKEN from the environment[\s\S]*?\ncurl -sS -X GET '/);
    expect(run.md).toMatch(
      /page=1: number is 0, expected 1 _\(field-mismatch\)_[\s\S]*```sh\n {4}# The run took ACCESS_TOKEN[\s\S]*?\n {4}curl -sS -X GET/,
    );
    expect(run.cli.stdout).toMatch(/✗ \[items\] ITEM-PAGE-ONE-BASED[\s\S]*curl -sS -X GET '/);
    // The page's evidence repeats the failure beside the exchange and marks the failing field.
    expect(run.page).toMatch(/class="ex ex-failing"/);
    expect(run.page).toMatch(/&quot;number&quot;: 0,? {3}◀ failing field|"number": 0,? {3}◀ failing field/);
  });

  it('has junit suites per catalogue area, and Allure failed (not broken) in the "Contract violations" category', async () => {
    expect((run.junit.testsuite ?? []).map((s) => s.name).sort()).toEqual([
      'appointmentRequests',
      'customers',
      'inventoryLevels',
      'items',
      'platform',
      'purchaseOrders',
      'vehicles',
    ]);
    // The clauses' results, and one more that carries the run's verdict (failed: NON-CONFORMANT).
    const verdict = run.allure.filter((r) => r.name.startsWith('Certification verdict: '));
    expect(verdict.map((r) => r.status)).toEqual(['failed']);
    const clauseResults = run.allure.filter((r) => !verdict.includes(r));
    const failed = clauseResults.filter((r) => r.status === 'failed');
    expect(failed.map((r) => r.name.split(':')[0])).toEqual(['ITEM-PAGE-ONE-BASED']);
    expect(failed[0]!.statusDetails?.message).toMatch(/^failed: page=1: number is 0, expected 1/);
    // Broken is an undecided clause only, never a contract violation.
    expect(
      run.allure
        .filter((r) => r.status === 'broken')
        .map((r) => label(r, 'clause'))
        .sort(),
    ).toEqual(
      run.cert.clauses
        .filter((c) => c.verdict === 'inconclusive')
        .map((c) => c.id)
        .sort(),
    );
    const report = await runCli('report', [], { REPORTS_DIR: run.dir, ALLURE_HISTORY_DIR: join(root, 'history') });
    expect(report.code, report.stdout + report.stderr).toBe(0);
    const inline = inlineFiles(readFileSync(join(run.dir, 'allure-report', 'index.html'), 'utf8'));
    const categories = [...inline].find(([name]) => /categor/i.test(name))?.[1] ?? '';
    expect(categories).toContain('Contract violations');
    expect(categories).toContain('ITEM-PAGE-ONE-BASED');
    expect(categories).not.toContain('Harness errors');
  });
});

describe('a run with inconclusive clauses (a profile guess the target refuses)', () => {
  let mock: MockServer;
  let run: Run;
  beforeAll(async () => {
    mock = await startMock();
    const profile = join(root, 'profile.json');
    writeFileSync(profile, JSON.stringify({ inventoryLevels: { arrayField: 'notTheRightName' } }));
    run = await certifyWith(mock, 'inconclusive', ['-t', '^INVENTORY-'], { CONFORMANCE_PROFILE: profile });
  }, 300_000);
  afterAll(() => mock?.stop());

  it('is INCONCLUSIVE, partial, exit 3, and says so with the reasons in every output', () => {
    expect(run.cli.code, run.cli.stdout.slice(-2000)).toBe(3);
    expect(run.cert.verdict).toBe('inconclusive');
    // Clauses whose only open checks are refused guesses are not judged, and the scope says so with the key to set.
    expect(run.cert.headline).toMatch(
      /^INCONCLUSIVE \(partial: \d+ of \d+ clauses; -t '\^INVENTORY-'(; \d+ clauses? not judged: set .+ in CONFORMANCE_PROFILE)?\)$/,
    );
    expectTheSameCounts(run);
    const open = run.cert.clauses.filter((c) => c.verdict === 'inconclusive');
    expect(open.length).toBeGreaterThan(0);
    for (const c of open) {
      const reason = c.reason!;
      expect(reason).toMatch(/refused the profile's body/);
      expect(run.md).toContain(reason.replace(/\|/g, '\\|').slice(0, 60));
      expect(run.page).toContain(c.id);
    }
    const skipped = cases(run.junit).filter((c) => c.skipped?.length);
    expect(skipped.some((c) => /^inconclusive: .*refused the profile's body/.test(c.skipped![0]!.message ?? ''))).toBe(
      true,
    );
    expect(
      run.allure.some(
        (r) =>
          r.status === 'broken' && /^inconclusive: .*refused the profile's body/.test(r.statusDetails?.message ?? ''),
      ),
    ).toBe(true);
    expect(run.cli.stdout).toMatch(/why: \d+ strict clause\(s\) could not be judged: .*refused the profile's body/);
    expect(existsSync(join(run.dir, 'certification', 'MANIFEST.sha256'))).toBe(true);
  });
});
