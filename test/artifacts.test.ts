import { readdirSync, readFileSync } from 'node:fs';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MANIFEST } from '../harness/outputs/manifest.js';
import { bundledFiles, outputLines, outputNames, outputs, renderOutputs } from '../harness/outputs/registry.js';
import { sampleCertification, sampleJournal } from './report-fixtures.js';

/**
 * One registry of a run's outputs (harness/outputs/registry.ts), each a handler of the same
 * certificate: the run renders them, merge-reports renders them again, the publisher moves them,
 * the console lists them, and reports/README.md is checked against them here.
 */
const work = mkdtempSync(join(tmpdir(), 'cnf-artifacts-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** What REPORTS_DIR holds besides a run's outputs: other commands' files, scratch, the lock. */
const OTHER_OUTPUTS = [
  // A partial run's whole set, published beside a full certification (harness/publish).
  'partial',
  'screenshots',
  'selfcheck.json',
  'selfcheck.md',
  'selfcheck-operators.json',
  'selfcheck-operators.md',
  'flakecheck.json',
  'flakecheck.md',
  'family.json',
  'family.md',
  'bench',
  '.selfcheck',
  '.flakecheck',
  '.budgets',
  'allure-history',
  '.runs',
  '.lock',
  '.publish.json',
  'leftovers-<run id>.json',
];

/** The names in the first column of reports/README.md's table of files. */
function readmeNames(): string[] {
  const text = readFileSync('reports/README.md', 'utf8');
  const table = text.slice(text.indexOf('| Path |'), text.indexOf('\n\n', text.indexOf('| Path |')));
  return table
    .split('\n')
    .slice(2)
    .flatMap((row) => [...(row.split('|')[1] ?? '').matchAll(/`([^`]+)`/g)].map((m) => m[1]!.replace(/\/$/, '')));
}

function tsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    return e.isDirectory() ? tsFiles(p) : p.endsWith('.ts') ? [p] : [];
  });
}

describe('the output registry', () => {
  it('names each output once, each with what it is for', () => {
    expect(new Set(outputNames()).size).toBe(outputs().length);
    for (const o of outputs()) expect(o.what.length, o.name).toBeGreaterThan(5);
  });

  it('reports/README.md documents every output and nothing else', () => {
    const documented = readmeNames();
    expect(documented.filter((n) => !outputNames().includes(n) && !OTHER_OUTPUTS.includes(n))).toEqual([]);
    expect(outputNames().filter((n) => !documented.includes(n))).toEqual([]);
  });

  it('names an output file nowhere else in the harness: every writer is a handler in harness/outputs', () => {
    const literal = new RegExp(
      `['"](${outputNames()
        .map((n) => n.replace(/\./g, '\\.'))
        .join('|')})['"]`,
    );
    const offenders = tsFiles('harness')
      .filter((f) => !f.startsWith(join('harness', 'outputs')) && !f.endsWith(join('core', 'journal-file.ts')))
      .flatMap((f) =>
        readFileSync(f, 'utf8')
          .split('\n')
          .map((line, i) => ({ f, i, line })),
      )
      .filter(({ line }) => literal.test(line))
      .map(({ f, i, line }) => `${f}:${i + 1}: ${line.trim()}`);
    expect(offenders).toEqual([]);
  });

  it('renders every output from one certificate into the stage, and a bundle of exactly the bundled files', () => {
    const stage = join(work, 'stage');
    const events = sampleJournal();
    renderOutputs(stage, sampleCertification(events), events);
    const staged = readdirSync(stage).sort();
    expect(staged).toEqual(
      outputs()
        .filter((o) => !o.later && o.name !== 'ledger.json' && o.name !== 'pacing.json')
        .map((o) => o.name)
        .sort(),
    );
    const bundled = bundledFiles().filter((f) => staged.includes(f));
    expect(
      readdirSync(join(stage, 'certification'))
        .filter((f) => f !== 'coverage.html')
        .sort(),
    ).toEqual([...bundled, 'index.html', MANIFEST].sort());
  });

  it("drives the console's list: only what the run published, in registry order, each with its description", () => {
    const lines = outputLines('/r', ['run.json', 'certification', 'ledger.json']);
    expect(lines[0]).toBe('Outputs:');
    expect(lines.slice(1).map((l) => l.trim().split(/\s+/)[0])).toEqual([
      '/r/certification/index.html',
      '/r/ledger.json',
      '/r/run.json',
    ]);
    expect(lines[1]).toContain(outputs().find((o) => o.name === 'certification')!.what);
    expect(outputLines('/r', [])).toEqual([]);
  });
});
