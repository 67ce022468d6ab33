import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { clauses, type ClauseId } from '../contract/clauses.js';
import { buildCertification } from '../harness/report/certification.js';
import { runCli, sampleRun } from './report-fixtures.js';
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

function result(n: number, id: ClauseId, status: 'passed' | 'failed', message?: string) {
  const uuid = `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
  return {
    uuid,
    historyId: `h-${id}`,
    name: `${id}: ${clauses[id].must}`,
    fullName: `suites/x.check.ts#${id}`,
    status,
    ...(message ? { statusDetails: { message } } : {}),
    stage: 'finished',
    start: 1735725600000 + n * 1000,
    stop: 1735725600500 + n * 1000,
    steps: [],
    attachments: [],
    parameters: [],
    labels: [
      { name: 'epic', value: clauses[id].area },
      { name: 'feature', value: clauses[id].section },
      { name: 'story', value: id },
      { name: 'severity', value: clauses[id].severity },
    ],
    links: [{ url: `clauses.html#${id}`, name: `${id} clause text` }],
  };
}

/** The published outputs of a run: allure-results and certification.json with the given run id. */
function publishedRun(runId: string): void {
  rmSync(join(reports, 'allure-results'), { recursive: true, force: true });
  mkdirSync(join(reports, 'allure-results'), { recursive: true });
  const rs = [result(1, 'ITEM-PAGING', 'passed'), result(2, 'AUTH-TOKEN-REQUIRED', 'passed'), result(3, 'ITEM-PAGE-ONE-BASED', 'failed', 'number was 0 for page=1, expected 1')];
  for (const r of rs) writeFileSync(join(reports, 'allure-results', `${r.uuid}-result.json`), JSON.stringify(r));
  const { summary, results } = sampleRun();
  const cert = buildCertification({ ...summary, runId }, { ...results, runId });
  writeFileSync(join(reports, 'certification.json'), JSON.stringify(cert));
}

const historyLines = () => readFileSync(join(history, 'history.jsonl'), 'utf8').trim().split('\n').length;

describe('npm run report: the Allure report in one file', () => {
  it('builds one self-contained index.html, and keeps the history in ALLURE_HISTORY_DIR, each run once', async () => {
    publishedRun('run-one');
    const env = { REPORTS_DIR: reports, ALLURE_HISTORY_DIR: history };
    const first = await runCli('harness/cli/report.ts', [], env);
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
    const again = await runCli('harness/cli/report.ts', [], env);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toMatch(/this run was already in it/);
    expect(historyLines()).toBe(1);

    // The next run joins the history: its report can show the trend.
    publishedRun('run-two');
    const second = await runCli('harness/cli/report.ts', [], env);
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
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
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
      await expect.poll(() => body.innerText(), { timeout: 30_000 }).toMatch(/\bitems\b[\s\S]*\bplatform\b|\bplatform\b[\s\S]*\bitems\b/);
      const text = await body.innerText();
      expect(text).toMatch(/Total\s+3/);
      expect(text).toMatch(/Failed\s+1/);
      expect(await page.locator('#allure-app-loader').isVisible()).toBe(false);

      mkdirSync(SCREENSHOTS, { recursive: true });
      await page.screenshot({ path: join(SCREENSHOTS, 'allure-report.png') });

      // The failed test is in the tree; its page shows the error.
      expect(text).toContain(`ITEM-PAGE-ONE-BASED: ${clauses['ITEM-PAGE-ONE-BASED'].must}`);
      await page.getByText(`ITEM-PAGE-ONE-BASED: ${clauses['ITEM-PAGE-ONE-BASED'].must}`).first().click();
      await expect.poll(() => body.innerText(), { timeout: 10_000 }).toContain('number was 0 for page=1, expected 1');

      await page.screenshot({ path: join(SCREENSHOTS, 'allure-report-failed-test.png') });

      expect(pageErrors).toEqual([]);
      expect(requested.filter((u) => !u.startsWith('file:') && !u.startsWith('data:'))).toEqual([]);
    } finally {
      await browser.close();
    }
  }, 120_000);
});
