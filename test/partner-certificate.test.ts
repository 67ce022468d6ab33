import { describe, expect, it } from 'vitest';
import { clauses } from '../contract/clauses.js';
import { unitOperatorLine, unitOperatorTable, type OperatorKill } from '../contract/operator-kills.js';
import { coverageLine, specCoverage } from '../harness/certify/coverage.js';
import { certify } from '../harness/certify/certify.js';
import { coveragePage } from '../harness/outputs/coverage-page.js';
import { endLines } from '../harness/outputs/end-lines.js';
import { certificationMarkdown } from '../harness/outputs/md.js';
import { outputContext } from '../harness/outputs/output.js';
import { certificationHtml } from '../harness/outputs/page.js';
import { unitOperatorMarkdown } from './selfcheck/kill-matrix.js';
import { facts, sampleJournal } from './report-fixtures.js';

/**
 * Issue 36 case 6: the partner's certificate is about the partner. The harness's self-check figures
 * (Spec unit × operator, surviving faults) are in none of the console, certification.md, the page
 * or the verdict part of coverage.html; they are in the self-check's own outputs and in a separate
 * "about this harness" part at the end of the coverage page.
 */

const kill = (id: string, operator: string, caught: boolean): OperatorKill => ({
  id,
  operator,
  clause: 'ITEM-FILTER-TYPE',
  source: 'generated',
  caught,
  precise: caught ? true : null,
});
// One fault survives: the page would draw a red "✗ 1 survived" cell for it.
const kills = [kill('filter:items.type:ignored', 'filter', true), kill('type:item.itemType@get', 'type', false)];
const harnessWords = /Spec unit × operator|survived|surviving fault/;

describe("the partner's certificate carries none of the harness's self-check figures", () => {
  const events = sampleJournal(facts({ coverage: specCoverage(undefined) }));
  const cert = certify(events, clauses);
  const ctx = outputContext(cert, events);

  it('not in certification.json, certification.md, the console or index.html', () => {
    expect(cert.coverage).toBeDefined();
    expect(cert.coverage!.operators).toBeUndefined();
    expect(coverageLine(cert.coverage!)).not.toMatch(harnessWords);
    expect(JSON.stringify(cert)).not.toMatch(harnessWords);
    expect(certificationMarkdown(ctx)).not.toMatch(harnessWords);
    expect(endLines(cert, [], '/tmp/reports').join('\n')).not.toMatch(harnessWords);
    expect(certificationHtml({ ctx, files: ['coverage.html'] })).not.toMatch(harnessWords);
  });

  it('on coverage.html only after the verdict part, under "About this harness"', () => {
    const page = coveragePage({ verdicts: cert, units: undefined, runLabel: 'run', kills });
    const at = page.indexOf('<section id="about-harness"');
    expect(at).toBeGreaterThan(page.indexOf('<section id="units">'));
    expect(page.slice(0, at)).not.toMatch(harnessWords);
    expect(page.slice(0, at)).not.toContain('<section id="unit-operators"');
    const about = page.slice(at);
    expect(about).toContain('About this harness (not about the target)');
    expect(about).toContain('✗ 1 survived');
    expect(about).toContain(unitOperatorLine(unitOperatorTable(kills, clauses).summary));
  });

  it("in the self-check's own report, with the line the certificate used to carry", () => {
    const md = unitOperatorMarkdown([
      { id: 'filter:items.type:ignored', clause: 'ITEM-FILTER-TYPE', detected: true, failed: ['ITEM-FILTER-TYPE'] },
      { id: 'type:item.itemType@get', clause: 'ITEM-FILTER-TYPE', detected: false, failed: [] },
    ] as unknown as Parameters<typeof unitOperatorMarkdown>[0]);
    expect(md).toMatch(/^## Spec unit × operator/);
    expect(md).toMatch(/Spec unit × operator: \d+ of \d+ units/);
  });
});
