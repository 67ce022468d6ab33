import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { clauseIds, clauses } from '../contract/clauses.js';
import { reportSettings } from '../harness/config.js';
import { clauseLines, clauseLinks } from '../harness/outputs/clause-links.js';
import { clausesPage } from '../harness/outputs/clauses-page.js';
import { areaOfCheck, areaTable } from '../harness/outputs/console.js';
import { bodyAround } from '../harness/outputs/failure-view.js';
import { outputContext } from '../harness/outputs/output.js';
import { certificationHtml } from '../harness/outputs/page.js';
import { compareSections, primarySection } from '../harness/outputs/sections.js';
import { check, exchange, journalOf, runCli, sampleCertification, sampleJournal } from './report-fixtures.js';
import { inlineFiles } from './support/allure-inline.js';

const dir = mkdtempSync(join(tmpdir(), 'cnf-report-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('spec sections', () => {
  it('groups a clause under the first section it cites, in numeric order', () => {
    expect(primarySection('§4.5 create rule 3, §7 row 3')).toBe('§4.5');
    expect(primarySection('§7 row 5')).toBe('§7');
    expect(primarySection('§5.1')).toBe('§5');
    expect(primarySection('§1, §9')).toBe('§1');
    expect(['§10', '§4.1', '§2.7', '§2.1', '§3'].sort(compareSections)).toEqual(['§2.1', '§2.7', '§3', '§4.1', '§10']);
  });
});

describe('certification page (as text)', () => {
  const events = sampleJournal();
  const html = certificationHtml({
    ctx: outputContext(sampleCertification(events), events),
    files: ['certification.json'],
  });

  it('puts the verdict first and escapes everything the target sent', () => {
    expect(html.indexOf('id="verdict"')).toBeLessThan(html.indexOf('id="what-failed"'));
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(html).not.toContain('<script>alert');
  });

  it('loads nothing from the network and every in-page link has its target', () => {
    expect(html).not.toMatch(/<(?:script|link|img|iframe)[^>]+(?:src|href)=["']?https?:/i);
    const targets = new Set([...html.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]));
    const links = [...html.matchAll(/href="#([^"]+)"/g)].map((m) => m[1]!);
    expect(links.length).toBeGreaterThan(0);
    expect(links.filter((l) => !targets.has(l))).toEqual([]);
  });

  it('lists observations and skipped clauses with their reasons', () => {
    const skipped = html.slice(html.indexOf('id="skipped"'));
    expect(skipped).toContain('PO-PERMISSION-REQUIRED');
    expect(skipped).toContain('ACCESS_TOKEN_NO_PO is not set');
    const obs = html.slice(html.indexOf('id="observations"'), html.indexOf('id="skipped"'));
    expect(obs).toContain('status for a request without a token');
  });
});

describe('evidence of a check', () => {
  it("is its own exchanges (by owner) and the shared fixtures' it cited, in time order, of the main target only", () => {
    const fixture = exchange('shared:items', { id: 'ex-fixture', startedAt: '2025-01-01T09:59:00.000Z' });
    const own = exchange('ITEM-CREATE-ENVELOPE [part]', { id: 'ex-own' });
    const other = exchange('ITEM-CREATE-ENVELOPE [tire]', { id: 'ex-tire' });
    const faulty = exchange('ITEM-CREATE-ENVELOPE [part]', { id: 'ex-fault', target: 'fault-x' });
    const part = check({
      clause: 'ITEM-CREATE-ENVELOPE',
      variant: 'part',
      verdict: 'passed',
      cited: [{ id: 'ex-fixture', from: 'items' }],
    });
    const events = journalOf([part], [fixture, own, other, faulty]);
    const ctx = outputContext(sampleCertification(events), events);
    expect(ctx.evidenceOf(part).map((e) => e.id)).toEqual(['ex-fixture', 'ex-own']);
  });

  it('shows a long body around the failing field, never cut before it', () => {
    const content = Array.from({ length: 200 }, (_, i) => ({ itemId: `itm_${i}`, itemName: `Part ${i}` }));
    const body = JSON.stringify({ content, pageable: { pageNumber: 0, pageSize: 200 }, number: 0 });
    const shown = bodyAround(body, 'pageable.pageNumber', 40);
    expect(shown).toMatch(/"pageNumber": 0,? {3}◀ failing field/);
    expect(shown.split('\n').length).toBeLessThanOrEqual(42);
    expect(shown).toMatch(/^… \d+ lines above/);
  });
});

describe('console reporter', () => {
  it('names areas from clause ids: the catalogue areas', () => {
    expect(areaOfCheck('ITEM-PAGING: Walking GET /items …')).toBe('items');
    expect(areaOfCheck('AUTH-TOKEN-REQUIRED [x]: …')).toBe('platform');
    expect(areaOfCheck('not a clause')).toBeUndefined();
  });

  it('prints a plain summary table per area, without ANSI codes when not on a terminal', () => {
    const lines = areaTable(
      new Map([
        ['items', { passed: 12, failed: 1, skipped: 2, inconclusive: 0, errored: 0 }],
        ['vehicles', { passed: 3, failed: 0, skipped: 0, inconclusive: 1, errored: 0 }],
      ]),
    );
    expect(lines[0]).toMatch(/^area\s+passed\s+failed\s+skipped\s+inconclusive$/);
    expect(lines.find((l) => l.startsWith('items'))).toMatch(/items\s+12\s+1\s+2\s+0$/);
    expect(lines.at(-1)).toMatch(/total\s+15\s+1\s+2\s+1$/);
    expect(lines.join('\n')).not.toMatch(/\x1b\[/);
  });
});

describe('npm run report', () => {
  it('builds the Allure HTML report and the clause page its links point at', async () => {
    const results = join(dir, 'allure-results');
    mkdirSync(results, { recursive: true });
    const id = 'ITEM-PAGING';
    writeFileSync(
      join(results, '00000000-0000-4000-8000-000000000001-result.json'),
      JSON.stringify({
        uuid: '00000000-0000-4000-8000-000000000001',
        historyId: 'h1',
        name: `${id}: ${clauses[id].must}`,
        fullName: `suites/items/paging.check.ts#${id}`,
        status: 'passed',
        stage: 'finished',
        start: 1735725600000,
        stop: 1735725601000,
        steps: [],
        attachments: [],
        parameters: [],
        labels: [
          { name: 'epic', value: 'items' },
          { name: 'feature', value: '§4.2 Item endpoints' },
          { name: 'story', value: id },
          { name: 'severity', value: 'critical' },
        ],
        links: [{ url: `clauses.html#${id}`, name: `${id} clause text` }],
      }),
    );
    const published = 'https://reports.example.test/allure-report/clauses.html';
    const r = await runCli('report', [], { REPORTS_DIR: dir, REPORT_CLAUSES_URL: published });
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(existsSync(join(dir, 'allure-report', 'index.html'))).toBe(true);
    const page = readFileSync(join(dir, 'allure-report', 'clauses.html'), 'utf8');
    for (const c of clauseIds) expect(page).toContain(`id="${c}"`);
    // One file: every data file of the report is inline in index.html.
    const inline = inlineFiles(readFileSync(join(dir, 'allure-report', 'index.html'), 'utf8'));
    expect(existsSync(join(dir, 'allure-report', 'widgets'))).toBe(false);
    const tree = inline.get('widgets/tree.json') ?? '';
    expect(tree).toContain('"name":"items"');
    expect(tree).toContain('§4.2 Item endpoints');
    expect(clausesPage()).toContain(`id="${id}"`);
    // Allure makes only absolute links clickable: the report carries the published page's address.
    const texts = [...inline].filter(([name]) => name.startsWith('data/test-results/')).map(([, text]) => text);
    expect(texts.some((t) => t.includes(`${published}#${id}`))).toBe(true);
    // The raw results keep the relative link.
    expect(readFileSync(join(results, '00000000-0000-4000-8000-000000000001-result.json'), 'utf8')).toContain(
      `"clauses.html#${id}"`,
    );
  });

  it('links a clause to its line in the catalogue on GitHub when run in GitHub Actions', () => {
    const source = readFileSync('contract/clauses/items.ts', 'utf8');
    const line = clauseLines(source).get('ITEM-PAGING')!;
    expect(source.split('\n')[line - 1]).toContain("'ITEM-PAGING': {");
    const links = clauseLinks(
      reportSettings(
        { GITHUB_SERVER_URL: 'https://github.com', GITHUB_REPOSITORY: 'acme/cnf', GITHUB_SHA: 'abc123' },
        { dotenv: false },
      ),
      process.cwd(),
    );
    expect(links.urlFor('ITEM-PAGING')).toBe(
      `https://github.com/acme/cnf/blob/abc123/contract/clauses/items.ts#L${line}`,
    );
    expect(
      clauseLinks(
        reportSettings({ REPORT_CLAUSES_URL: 'https://x.test/clauses.html' }, { dotenv: false }),
        process.cwd(),
      ).urlFor('A'),
    ).toBe('https://x.test/clauses.html#A');
  });

  it('exits 2 with one line when there are no results', async () => {
    const r = await runCli('report', [], { REPORTS_DIR: join(dir, 'empty') });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/No Allure results .* run npm run conformance first/);
  });
});
