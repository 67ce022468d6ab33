import { readdirSync, readFileSync } from 'node:fs';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { artifactLines, artifactNames, artifacts, bundledFiles, outputFormats, vitestReporters } from '../harness/report/artifacts.js';
import { MANIFEST } from '../harness/report/manifest.js';
import { stageRunOutputs } from '../harness/report/run-outputs.js';
import { sampleRun } from './report-fixtures.js';

/**
 * One registry of a run's outputs (harness/report/artifacts.ts): the writers, the bundle,
 * merge-reports, the publisher and the console read it, and reports/README.md is checked
 * against it here.
 */
const work = mkdtempSync(join(tmpdir(), 'cnf-artifacts-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** What REPORTS_DIR holds besides a run's outputs: other commands' files, scratch, the lock. */
const OTHER_OUTPUTS = ['screenshots', 'selfcheck.json', 'selfcheck.md', 'flakecheck.json', 'flakecheck.md', 'bench', '.selfcheck', '.flakecheck', '.budgets', 'allure-history', '.runs', '.lock', '.publish.json'];

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

describe('the artifact registry', () => {
  it('names each output once, each with what it is for', () => {
    expect(new Set(artifactNames()).size).toBe(artifacts.length);
    for (const a of artifacts) expect(a.what.length, a.name).toBeGreaterThan(5);
  });

  it('reports/README.md documents only outputs the registry knows', () => {
    const documented = readmeNames();
    expect(documented.filter((n) => !artifactNames().includes(n) && !OTHER_OUTPUTS.includes(n))).toEqual([]);
    // The other way round is a reminder, not a failure: a new format is one file plus one registry entry.
    const undocumented = artifactNames().filter((n) => !documented.includes(n));
    if (undocumented.length) console.warn(`reports/README.md does not describe: ${undocumented.join(', ')} (the console lists them with their description)`);
  });

  it('is the only place that names an output file or registers a conformance reporter', () => {
    const literal = new RegExp(`['"](${artifactNames().map((n) => n.replace(/\./g, '\\.')).join('|')})['"]`);
    const offenders = tsFiles('harness')
      .filter((f) => !f.endsWith('report/artifacts.ts'))
      .flatMap((f) => readFileSync(f, 'utf8').split('\n').map((line, i) => ({ f, i, line })))
      .filter(({ line }) => literal.test(line) || /['"](junit|allure-vitest\/reporter)['"]/.test(line))
      .map(({ f, i, line }) => `${f}:${i + 1}: ${line.trim()}`);
    expect(offenders).toEqual([]);
    // Every vitest start of the conformance project takes its reporters from the registry.
    for (const f of ['harness/cli/conformance.ts', 'harness/run/run-suites.ts']) expect(readFileSync(f, 'utf8'), f).toMatch(/reporters: vitestReporters\(/);
    expect(vitestReporters({ stage: '/stage', console: 'dot', outputs: false })).toHaveLength(2);
    const withOutputs = vitestReporters({ stage: '/stage', console: 'dot', outputs: true });
    expect(withOutputs).toContainEqual(['allure-vitest/reporter', { resultsDir: '/stage/allure-results' }]);
    expect(withOutputs).toContainEqual(['./harness/report/junit-reporter.ts', { outputFile: '/stage/junit.xml' }]);
  });

  it('drives what a run stages: every format, and a bundle of exactly the bundled files present', () => {
    const { summary, results } = sampleRun();
    const stage = join(work, 'stage');
    stageRunOutputs(stage, results, summary);
    const staged = readdirSync(stage).sort();
    expect(staged).toEqual([...outputFormats().map((f) => f.name), 'certification'].sort());
    // No reporter or end-of-run file was staged here, so the bundle holds the certification only.
    const bundled = bundledFiles().filter((f) => staged.includes(f));
    expect(readdirSync(join(stage, 'certification')).sort()).toEqual([...bundled, 'index.html', MANIFEST].sort());
  });

  it('drives the console\'s list: only what the run published, in registry order, each with its description', () => {
    const lines = artifactLines('/r', ['run.json', 'certification', 'ledger.json']);
    expect(lines[0]).toBe('Artifacts:');
    expect(lines.slice(1).map((l) => l.trim().split(/\s+/)[0])).toEqual(['/r/certification/index.html', '/r/ledger.json', '/r/run.json']);
    expect(lines[1]).toContain(artifacts.find((a) => a.name === 'certification')!.what);
    expect(artifactLines('/r', [])).toEqual([]);
  });
});
