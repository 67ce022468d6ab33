import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { clauseIds } from '../contract/clauses.js';
import { renderOutputs } from '../harness/outputs/registry.js';
import { sampleCertification, sampleJournal } from './report-fixtures.js';

/**
 * The bundle's index.html in a real browser: Debian's chromium, headless. Without it the test is
 * skipped with the reason (install: apt-get install -y chromium), never passed silently.
 */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const SCREENSHOTS = resolve(process.env.REPORTS_DIR ?? 'reports', 'screenshots');

const work = mkdtempSync(join(tmpdir(), 'cnf-chromium-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('certification page in headless Chromium', () => {
  it('shows the verdict first and renders the clause tables, with no network', async (ctx) => {
    if (!existsSync(CHROMIUM)) {
      console.warn(
        `SKIPPED: ${CHROMIUM} not found; install Debian's chromium (apt-get install -y chromium) to run the page test.`,
      );
      ctx.skip(`chromium not installed at ${CHROMIUM} (apt-get install -y chromium)`);
    }
    const events = sampleJournal();
    renderOutputs(work, sampleCertification(events), events);
    const bundle = join(work, 'certification');

    // A fresh profile directory per run (playwright passes it as --user-data-dir).
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
      await page.goto(pathToFileURL(join(bundle, 'index.html')).href);

      // The verdict is the first thing on the page.
      const verdict = page.locator('#verdict');
      // The sample skips PO-PERMISSION-REQUIRED for a missing setting: the headline names it (issue 36).
      await expect
        .poll(() => verdict.textContent())
        .toBe('NON-CONFORMANT (1 strict clause not exercised: set ACCESS_TOKEN_NO_PO for PO-PERMISSION-REQUIRED)');
      const box = await verdict.boundingBox();
      expect(box?.y).toBeLessThan(100);
      expect(await page.locator('#what-failed').textContent()).toContain('ITEM-PAGE-ONE-BASED');

      // One row per catalogued clause, the failed one marked, the error text shown as text.
      expect(await page.locator('table.clauses tbody tr').count()).toBe(clauseIds.length);
      const failedRow = page.locator('tr#ITEM-PAGE-ONE-BASED');
      expect(await failedRow.getAttribute('data-verdict')).toBe('failed');
      expect(await failedRow.locator('.badge').first().textContent()).toBe('failed');
      expect(await page.locator('#what-failed .f-title').first().textContent()).toContain('<script>');
      // The typed failure: its kind, expected and actual, the request line and a curl line.
      const failure = page.locator('#what-failed .failure').first();
      expect(await failure.textContent()).toMatch(
        /field-mismatch.*number is 0, expected 1.*expected: 1; actual: 0 \(at number\)/s,
      );
      expect(await failure.locator('pre.curl').textContent()).toContain('curl -sS -X GET');

      // The filter hides every row but the failed ones.
      await page.locator('button[data-filter="failed"]').click();
      expect(await page.locator('table.clauses tbody tr:visible').count()).toBe(1);

      // An evidence link opens that check's exchanges.
      await page.locator('#what-failed a', { hasText: 'evidence' }).first().click();
      expect(await page.locator('details.evidence[open] .ex-line').first().textContent()).toContain('GET');

      mkdirSync(SCREENSHOTS, { recursive: true });
      await page.locator('button[data-filter="all"]').click();
      await page.evaluate('window.scrollTo(0, 0)');
      await page.screenshot({ path: join(SCREENSHOTS, 'certification-index.png') });
      await page.locator('#clauses').scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(SCREENSHOTS, 'certification-clauses.png') });

      expect(pageErrors).toEqual([]);
      expect(requested.filter((u) => !u.startsWith('file:'))).toEqual([]);
    } finally {
      await browser.close();
    }
  });
});
