import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { clauseIds, clauses, type ClauseId } from '../contract/clauses.js';
import { parseSpecUnits } from '../contract/spec-units.js';
import { coveragePage } from '../harness/outputs/coverage-page.js';
import type { ClauseVerdict } from '../harness/certify/types.js';

/**
 * The spec-coverage page in a real browser, opened from disk: Debian's chromium, headless. Without
 * it the test is skipped with the reason (install: apt-get install -y chromium), never passed silently.
 */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const specFile = resolve(process.env.SPEC_PATH ?? join(root, '../shared/spec/partner-api-v2.md'));

const work = mkdtempSync(join(tmpdir(), 'cnf-coverage-page-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('spec-coverage page in headless Chromium', () => {
  it('renders from disk: title, rows, the filters, no console error, no network', async (ctx) => {
    if (!existsSync(CHROMIUM)) {
      console.warn(
        `SKIPPED: ${CHROMIUM} not found; install Debian's chromium (apt-get install -y chromium) to run the page test.`,
      );
      ctx.skip(`chromium not installed at ${CHROMIUM} (apt-get install -y chromium)`);
    }
    const units = existsSync(specFile) ? parseSpecUnits(readFileSync(specFile, 'utf8')) : undefined;
    const verdicts = new Map<ClauseId, ClauseVerdict>(
      clauseIds.map((id) => [id, clauses[id].strictness === 'observed' ? 'observed' : 'passed']),
    );
    verdicts.set('ITEM-PAGE-ONE-BASED', 'failed');
    const file = join(work, 'coverage.html');
    writeFileSync(file, coveragePage({ verdicts, units, runLabel: 'run r1 · embedded mock · 2026-11-24' }));

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
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      page.on('console', (m) => {
        if (m.type() === 'error') errors.push(m.text());
      });
      await page.goto(pathToFileURL(file).href);

      expect(await page.title()).toBe('Partner API v2: spec coverage');
      const rows = page.locator('table.units tbody tr');
      const total = await rows.count();
      expect(total).toBe(
        units?.length ??
          new Set((await import('../contract/traceability.js')).traceability.map((e) => e.fingerprint)).size,
      );
      expect(await page.locator('#open-parts li').count()).toBeGreaterThan(0);
      expect(await page.locator('#back').getAttribute('href')).toBe('index.html');

      // The "failed in this run" filter leaves the units of the failed clause, nothing else.
      await page.locator('button[data-filter="run-failed"]').click();
      const failedRows = await page.locator('table.units tbody tr:visible').count();
      expect(failedRows).toBeGreaterThan(0);
      expect(failedRows).toBeLessThan(total);
      expect(await page.locator('table.units tbody tr:visible [data-clause="ITEM-PAGE-ONE-BASED"]').count()).toBe(
        failedRows,
      );
      // The unit × operator table stays whole whatever the category filter shows.
      const unitOps = await page.locator('table.unit-operators tbody tr:visible').count();
      expect(unitOps).toBeGreaterThan(0);
      await page.locator('button[data-filter="all"]').click();
      expect(await page.locator('table.units tbody tr:visible').count()).toBe(total);
      expect(await page.locator('table.unit-operators tbody tr:visible').count()).toBe(unitOps);
      await page.locator('#unit-operators').scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(work, 'coverage-unit-operators.png') });

      const shot = join(work, 'coverage.png');
      await page.screenshot({ path: shot });
      expect(statSync(shot).size).toBeGreaterThan(10_000);
      await page.locator('#sec-4-5').scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(work, 'coverage-4-5.png') });

      expect(errors).toEqual([]);
      expect(requested.filter((u) => !u.startsWith('file:'))).toEqual([]);
    } finally {
      await browser.close();
    }
  });
});
