import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { clauses } from '../contract/clauses.js';
import type { Certification } from '../harness/certify/certify.js';
import { renderOutputs } from '../harness/outputs/registry.js';
import { facts, runCli, sampleCertification, sampleJournal } from './report-fixtures.js';
import { inlineFiles } from './support/allure-inline.js';

/**
 * `npm run report` builds the Allure report as one file that opens where users click: from disk
 * (file://), in a real browser, with the results on screen rather than a spinner, and no network.
 * Its history lives in ALLURE_HISTORY_DIR and takes each run once.
 */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const SCREENSHOTS = resolve(process.env.REPORTS_DIR ?? 'reports', 'screenshots');
const work = mkdtempSync(join(tmpdir(), 'cnf-allure-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const reports = join(work, 'reports');
const history = join(work, 'history');

/** The published outputs of a run, as the run's own writers render them (journal → certificate → allure-results), with the given run id. */
function publishedRun(runId: string): void {
  rmSync(reports, { recursive: true, force: true });
  const events = sampleJournal(facts({ runId }));
  renderOutputs(join(work, `stage-${runId}`), sampleCertification(events), events);
  mkdirSync(reports, { recursive: true });
  cpSync(join(work, `stage-${runId}`, 'allure-results'), join(reports, 'allure-results'), { recursive: true });
  cpSync(join(work, `stage-${runId}`, 'certification.json'), join(reports, 'certification.json'));
}

const historyLines = () => readFileSync(join(history, 'history.jsonl'), 'utf8').trim().split('\n').length;

describe('npm run report: the Allure report in one file', () => {
  it('builds one self-contained index.html, and keeps the history in ALLURE_HISTORY_DIR, each run once', async () => {
    publishedRun('run-one');
    const env = { REPORTS_DIR: reports, ALLURE_HISTORY_DIR: history };
    const first = await runCli('report', [], env);
    expect(first.code, first.stdout + first.stderr).toBe(0);
    expect(first.stdout).toMatch(/Allure report: .*allure-report\/index\.html \(one file/);
    const files = readdirSync(join(reports, 'allure-report'));
    expect(files).toContain('index.html');
    expect(files).toContain('clauses.html');
    expect(files.filter((f) => ['widgets', 'data', 'app.js'].includes(f))).toEqual([]);
    const html = readFileSync(join(reports, 'allure-report', 'index.html'), 'utf8');
    expect(html).not.toContain('googletagmanager');
    expect(inlineFiles(html).get('widgets/tree.json')).toContain('ITEM-PAGE-ONE-BASED');
    expect(historyLines()).toBe(1);

    // The same run again: the history does not count it twice.
    const again = await runCli('report', [], env);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toMatch(/this run was already in it/);
    expect(historyLines()).toBe(1);

    // The next run joins the history: its report can show the trend.
    publishedRun('run-two');
    const second = await runCli('report', [], env);
    expect(second.code, second.stderr).toBe(0);
    expect(historyLines()).toBe(2);
    expect(JSON.parse(readFileSync(join(history, 'runs.json'), 'utf8'))).toEqual(['run-one', 'run-two']);
    // The reports directory holds the report and no scratch, the history stays apart.
    expect(readdirSync(reports).sort()).toEqual(['allure-report', 'allure-results', 'certification.json']);
  }, 180_000);

  it('opens from file:// in headless Chromium and shows the results, not a spinner', async (ctx) => {
    if (!existsSync(CHROMIUM)) ctx.skip(`chromium not installed at ${CHROMIUM} (apt-get install -y chromium)`);
    const index = join(reports, 'allure-report', 'index.html');
    if (!existsSync(index)) throw new Error('the previous test builds the report');
    const browser = await chromium.launchPersistentContext(mkdtempSync(join(work, 'profile-')), {
      executablePath: CHROMIUM,
      viewport: { width: 1280, height: 900 },
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
    try {
      const page = await browser.newPage();
      const requested: string[] = [];
      page.on('request', (r) => requested.push(r.url()));
      const pageErrors: string[] = [];
      page.on('pageerror', (e) => pageErrors.push(e.message));
      await page.goto(pathToFileURL(index).href);

      // Results on screen: the tree's areas and the run's variables, and the loader gone.
      const body = page.locator('body');
      await expect
        .poll(() => body.innerText(), { timeout: 30_000 })
        .toMatch(/\bitems\b[\s\S]*\bplatform\b|\bplatform\b[\s\S]*\bitems\b/);
      const text = await body.innerText();
      // One result per clause of the catalogue with the certificate's verdict, plus the certification
      // verdict: the ring counts what the certificate counts (failed: the clause and NON-CONFORMANT).
      const cert = JSON.parse(readFileSync(join(reports, 'certification.json'), 'utf8')) as Certification;
      const s = cert.summary;
      expect(text).toMatch(new RegExp(`Total\\s+${cert.clauses.length + 1}\\b`));
      expect(text).toMatch(new RegExp(`Failed\\s+${s.failed + 1}\\b`));
      expect(text).toMatch(new RegExp(`Passed\\s+${s.passed + s.observed}\\b`));
      expect(text).toMatch(
        new RegExp(`Skipped\\s+${s.skipped + s['not-judged'] + s['not-testable'] + s['not-run']}\\b`),
      );
      // The header and the page title say the verdict beside the ring, as the certificate's first line does.
      expect(text).toContain(`Partner API v2 conformance: ${cert.headline}`);
      expect(await page.title()).toContain(cert.headline);
      expect(await page.locator('#allure-app-loader').isVisible()).toBe(false);

      mkdirSync(SCREENSHOTS, { recursive: true });
      await page.screenshot({ path: join(SCREENSHOTS, 'allure-report.png') });

      // The failed clause is in the tree; its page shows the failure and its check as a step.
      const failed = `ITEM-PAGE-ONE-BASED: ${clauses['ITEM-PAGE-ONE-BASED'].must}`;
      expect(text).toContain(failed);
      await page.getByText(failed).first().click();
      await expect.poll(() => body.innerText(), { timeout: 10_000 }).toContain('page=1: number is 0, expected 1');
      // Its check is a step of the test body (collapsed until opened).
      if (!(await body.innerText()).includes('ITEM-PAGE-ONE-BASED: a check'))
        await page.getByText('Test body', { exact: true }).first().click();
      await expect.poll(() => body.innerText(), { timeout: 10_000 }).toContain('ITEM-PAGE-ONE-BASED: a check');

      await page.screenshot({ path: join(SCREENSHOTS, 'allure-report-failed-test.png') });

      expect(pageErrors).toEqual([]);
      expect(requested.filter((u) => !u.startsWith('file:') && !u.startsWith('data:'))).toEqual([]);
    } finally {
      await browser.close();
    }
  }, 120_000);
});
