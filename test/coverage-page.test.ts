import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { clauseIds, clauses, type ClauseId } from '../contract/clauses.js';
import { coverageSummary, gapList } from '../contract/coverage.js';
import { normaliseText, parseSpecUnits, type SpecUnit } from '../contract/spec-units.js';
import { traceability, type TraceEntry } from '../contract/traceability.js';
import { coveragePage } from '../harness/outputs/coverage-page.js';
import type { ClauseVerdict } from '../harness/certify/types.js';
import { coverageLine } from '../harness/certify/coverage.js';
import { readOperatorKills } from '../harness/certify/operator-kills.js';
import { unitOperatorLine, unitOperatorTable, type OperatorKill } from '../contract/operator-kills.js';

/** The spec the matrix traces: SPEC_PATH, else the shared copy beside the checkout (as test/traceability.test.ts). */
const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const specFile = resolve(process.env.SPEC_PATH ?? join(root, '../shared/spec/partner-api-v2.md'));
const units: SpecUnit[] | undefined = existsSync(specFile) ? parseSpecUnits(readFileSync(specFile, 'utf8')) : undefined;
const noSpec = `spec not found at ${specFile} (set SPEC_PATH): the page cannot be compared with it`;
const entries: readonly TraceEntry[] = traceability;

/** A run: every clause passed, but one failed, one observed, one not run. */
const FAILED: ClauseId = 'ITEM-PAGE-ONE-BASED';
const verdicts = new Map<ClauseId, ClauseVerdict>(
  clauseIds.map((id) => [id, clauses[id].strictness === 'observed' ? 'observed' : 'passed']),
);
verdicts.set(FAILED, 'failed');
verdicts.set('VEHICLE-SORT', 'not-run');

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
/** The `<tr>` of one unit, by fingerprint. */
const rowOf = (html: string, fp: string) => new RegExp(`<tr id="u-${fp}"[^>]*>[\\s\\S]*?</tr>`).exec(html)?.[0] ?? '';
/** The text a reader sees: no style, script or tags, entities decoded. */
const visibleText = (html: string) =>
  html
    .replace(/<style>[\s\S]*?<\/style>|<script>[\s\S]*?<\/script>|<title>[\s\S]*?<\/title>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');

describe('spec-coverage page, with the spec', () => {
  const html = units ? coveragePage({ verdicts, units, runLabel: 'run r1 · embedded mock · 2026-11-24' }) : '';

  it('lists every unit of the spec once, with exactly the clauses the matrix gives it', (ctx) => {
    if (!units) return ctx.skip(noSpec);
    const byFp = new Map(entries.map((e) => [e.fingerprint, e]));
    const problems: string[] = [];
    for (const u of units) {
      const times = html.split(`data-fingerprint="${u.fingerprint}"`).length - 1;
      if (times !== 1) problems.push(`${u.locator} ${u.fingerprint}: ${times} rows`);
      const row = rowOf(html, u.fingerprint);
      const shown = [...row.matchAll(/data-clause="([A-Z0-9-]+)"/g)].map((m) => m[1]);
      const expected = [...(byFp.get(u.fingerprint)?.covers ?? [])];
      if (JSON.stringify(shown) !== JSON.stringify(expected))
        problems.push(`${u.locator}: clauses ${shown.join(',')} instead of ${expected.join(',')}`);
      if (!row.includes(esc(u.locator))) problems.push(`${u.locator}: locator not shown`);
    }
    expect(problems).toEqual([]);
    expect(html.match(/<tr id="u-/g)?.length).toBe(units.length);
  });

  it("shows each clause's verdict in this run, and marks the units of a failed clause", (ctx) => {
    if (!units) return ctx.skip(noSpec);
    const unit = entries.find((e) => e.covers?.includes(FAILED))!;
    const row = rowOf(html, unit.fingerprint);
    expect(row).toMatch(
      new RegExp(
        `data-clause="${FAILED}"><a href="index.html#${FAILED}"><code>${FAILED}</code></a> <span class="kind">strict</span> <span class="badge v-failed">failed</span>`,
      ),
    );
    expect(row).toContain('data-run="failed"');
    const notRun = rowOf(
      html,
      entries.find((e) => e.covers?.length === 1 && e.covers[0] === 'VEHICLE-SORT')?.fingerprint ??
        entries.find((e) => e.covers?.includes('VEHICLE-SORT'))!.fingerprint,
    );
    expect(notRun).toMatch(/data-clause="VEHICLE-SORT">.*<span class="badge v-not-run">not-run<\/span>/);
    // The same verdicts read from a certification's clauses.
    const fromCertification = coveragePage({
      verdicts: { clauses: [...verdicts].map(([id, verdict]) => ({ ...clauses[id], id, verdict, checks: [] })) },
      units,
      runLabel: 'run r1 · embedded mock · 2026-11-24',
    });
    expect(fromCertification).toBe(html);
  });

  it('names the open parts at the top, each with its reason, and counts as contract/coverage.ts does', (ctx) => {
    if (!units) return ctx.skip(noSpec);
    const gaps = gapList(entries);
    expect(gaps.length).toBeGreaterThan(0);
    const open = /<section id="open-parts">[\s\S]*?<\/section>/.exec(html)![0];
    expect(html.indexOf('id="open-parts"')).toBeLessThan(html.indexOf('id="units"'));
    expect(open).toContain(`Open parts (${gaps.length})`);
    for (const g of gaps) {
      expect(open).toContain(esc(g.gap));
      expect(open).toContain(esc(g.label));
    }
    const s = coverageSummary(entries, clauses, units);
    const count = (filter: string) =>
      Number(new RegExp(`data-filter="${filter}"><span class="n">(\\d+)</span>`).exec(html)?.[1]);
    expect([
      count('strict'),
      count('observedOnly'),
      count('partly'),
      count('notCovered'),
      count('notTestable'),
      count('notARule'),
      count('unaccounted'),
    ]).toEqual([
      s.strict,
      s.observedOnly,
      s.gaps.partly,
      s.gaps.notCovered,
      s.notTestable.total,
      s.notARule,
      s.unaccounted,
    ]);
    // Each row's category agrees with the counts.
    for (const cls of ['strict', 'observedOnly', 'partly', 'notTestable', 'notARule'] as const) {
      expect(html.split(`data-category="${cls}"`).length - 1, cls).toBe(count(cls));
    }
  });

  it('copies no sentence of the spec: no five consecutive words of a unit appear on the page', (ctx) => {
    if (!units) return ctx.skip(noSpec);
    const grams = (text: string, n = 5) => {
      const w = text.split(/[^a-z0-9]+/).filter(Boolean);
      return new Set(w.slice(0, Math.max(0, w.length - n + 1)).map((_, i) => w.slice(i, i + n).join(' ')));
    };
    const page = grams(normaliseText(visibleText(html)));
    const copied = units
      .filter((u) => [...grams(u.text)].some((g) => page.has(g)))
      .map((u) => `${u.locator}: ${[...grams(u.text)].filter((g) => page.has(g)).join(' / ')}`);
    expect(copied).toEqual([]);
  });

  it('is self-contained: inline style and script, no address outside the page but the certification page', (ctx) => {
    if (!units) return ctx.skip(noSpec);
    expect(html).toMatch(/Content-Security-Policy" content="default-src 'none'/);
    expect(html).not.toMatch(/\s(src)=/);
    const hrefs = [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]!);
    expect(hrefs.filter((h) => !h.startsWith('#') && !h.startsWith('index.html'))).toEqual([]);
    expect(html).toContain('<a id="back" href="index.html">');
    for (const u of new Set(units.map((x) => x.section)))
      expect(html).toContain(`<a href="#sec-${u.replace(/^§/, '').replace(/[^0-9]+/g, '-')}">`);
  });

  it('names a unit the matrix lacks and an entry the spec no longer has among the open parts', (ctx) => {
    if (!units) return ctx.skip(noSpec);
    const dropped = units[3]!;
    const added: SpecUnit = { ...units[0]!, locator: '§9 item 9', section: '§9', fingerprint: 'ffffffffffff' };
    const page = coveragePage({
      verdicts,
      units: [...units.filter((u) => u !== dropped), added],
      runLabel: 'edited spec',
    });
    const open = /<section id="open-parts">[\s\S]*?<\/section>/.exec(page)![0];
    expect(open).toContain('<a href="#u-ffffffffffff">§9 item 9</a> <code>ffffffffffff</code>: no entry in the matrix');
    expect(open).toContain(`<code>${dropped.fingerprint}</code>`);
    expect(open).toContain('matches no unit of this spec');
    expect(rowOf(page, 'ffffffffffff')).toContain('data-category="unaccounted"');
  });
});

describe('spec-coverage page, without the spec', () => {
  const html = coveragePage({ verdicts, units: undefined, runLabel: 'no spec' });

  it('says the spec was not found and lists the matrix alone, each entry once', () => {
    expect(html).toContain('id="no-spec"');
    expect(html).toContain('The spec file was not found');
    const fps = new Set(entries.map((e) => e.fingerprint));
    expect(html.match(/<tr id="u-/g)?.length).toBe(fps.size);
    for (const e of entries) expect(rowOf(html, e.fingerprint)).toContain(esc(e.label));
    expect(html).not.toContain('data-filter="unaccounted"');
    expect(html).toContain(`Open parts (${gapList(entries).length})`);
  });
});

describe('spec-coverage page: spec unit × operator', () => {
  const [unit] = clauses['ITEM-FILTER-TYPE'].spec;
  const kill = (id: string, operator: string, caught: boolean | null): OperatorKill => ({
    id,
    operator,
    clause: 'ITEM-FILTER-TYPE',
    source: id.includes(':') ? 'generated' : 'hand-written',
    caught,
    precise: caught ? true : null,
  });
  const kills = [
    kill('filter:items.type:ignored', 'filter', true),
    kill('items-type-filter-ignored', 'filter', true),
    kill('type:item.itemType@get', 'type', false),
    kill('type:item.itemType@list', 'type', true),
    kill('alias:made.up:ignored', 'alias', null),
  ];
  const html = coveragePage({ verdicts, units, runLabel: 'fixture', kills });
  const section = /<section id="unit-operators">[\s\S]*?<\/section>/.exec(html)?.[0] ?? '';
  const row = new RegExp(`<tr data-unit="${unit}"[^>]*>[\\s\\S]*?</tr>`).exec(section)?.[0] ?? '';
  const cell = (op: string) => new RegExp(`<td class="k-[a-z-]+" data-op="${op}"[\\s\\S]*?</td>`).exec(row)?.[0] ?? '';

  it('shows one row per unit the faults reach, one column per operator, caught of the faults there', () => {
    const t = unitOperatorTable(kills, clauses);
    expect(section.match(/<tr data-unit=/g)?.length).toBe(t.rows.length);
    expect(section).toContain(
      '<th scope="col">Unit</th><th scope="col">Sections</th><th scope="col">filter</th><th scope="col">type</th><th scope="col">alias</th>',
    );
    expect(cell('filter')).toMatch(/^<td class="k-judged"[^>]*>2\/2<\/td>$/);
    expect(cell('filter')).toContain('items-type-filter-ignored (hand-written): caught');
    expect(row).toContain('data-judged="false"');
  });

  it('marks a survivor with its target (tooltip and footnote) and a fault not run, never as caught', () => {
    expect(cell('type')).toMatch(/^<td class="k-survivor"[^>]*>1\/2/);
    const mark = new RegExp(
      `<a class="k-mark" href="#ks-${unit}-type" title="survived: type:item.itemType@get">✗ 1 survived</a>`,
    );
    expect(cell('type')).toMatch(mark);
    expect(section).toMatch(
      new RegExp(
        `<li id="ks-${unit}-type">[^<]*<[^>]+>[^<]*</span>, type: <code>type:item.itemType@get</code> \\(ITEM-FILTER-TYPE\\)</li>`,
      ),
    );
    expect(cell('alias')).toMatch(/^<td class="k-not-run"[^>]*>0\/1<div class="k-mark">1 not run<\/div><\/td>$/);
  });

  it('says its line above the table (the certificate does not), and `·` where an operator makes no fault', () => {
    const line = unitOperatorLine(unitOperatorTable(kills, clauses).summary);
    expect(section).toContain(`<p id="unit-operators-line">${esc(line)}.</p>`);
    expect(section.indexOf('unit-operators-line')).toBeLessThan(section.indexOf('<table'));
    // A bulk fault on another clause adds a column where this unit has no fault.
    const page = coveragePage({
      verdicts,
      units,
      runLabel: 'fixture',
      kills: [...kills, { ...kill('bulk:vehicles.create:first-only', 'bulk', true), clause: 'VEHICLE-CREATE-BULK' }],
    });
    const r = new RegExp(`<tr data-unit="${unit}"[^>]*>[\\s\\S]*?</tr>`).exec(page)![0];
    expect(r).toContain(
      '<td class="k-none"><span aria-hidden="true">·</span><span class="sr-only">no fault</span></td>',
    );
    // The certificate's coverage line is about the spec: the harness's own figures stay on this page (issue 36 case 6).
    const cert = coverageLine({
      ...coverageSummary(entries, clauses, units),
      spec: 'matched',
      operators: unitOperatorTable(kills, clauses).summary,
    });
    expect(cert).not.toContain(line);
  });

  it('says when there is no kill matrix, and reads the committed one by default', () => {
    expect(coveragePage({ verdicts, units, runLabel: 'x', kills: null })).toContain('No operator kill matrix');
    const committed = readOperatorKills();
    if (committed)
      expect(coveragePage({ verdicts, units, runLabel: 'x' })).toBe(
        coveragePage({ verdicts, units, runLabel: 'x', kills: committed.faults }),
      );
  });
});
