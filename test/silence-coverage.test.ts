import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, test, vi } from 'vitest';
import { DEFAULT_SPEC } from '../harness/config.js';
import { dimensions } from './family/dimensions.js';
import { silenceGaps, silenceReasons } from './family/silence-coverage.js';
import {
  silenceCoverage,
  silenceIdsOf,
  silenceReport,
  silencesCommand,
  silencesFileCandidates,
  summaryLine,
} from './family/silences.js';

/**
 * `selfcheck --silences` and its data: every silence of ../shared/silences.md is covered by a family
 * dimension or a reason (test/family/silence-coverage.ts), or named as a known gap; no id is unknown.
 */
const file = silencesFileCandidates(DEFAULT_SPEC).find((f) => existsSync(f));
const ids = file ? silenceIdsOf(readFileSync(file, 'utf8')) : [];

describe.runIf(file)('the catalogue of silences', () => {
  test('is read beside the spec, every heading an id, each once', () => {
    expect(ids.length).toBeGreaterThan(200);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.every((id) => /^S-[A-Za-z0-9.]+-[A-Za-z0-9.-]+$/.test(id))).toBe(true);
  });

  test('every id is covered by a dimension or a reason, or named as a known gap; none is unknown', () => {
    const c = silenceCoverage(ids);
    expect(c.unknown).toEqual([]);
    expect(c.lines.filter((l) => l.by === 'none').map((l) => l.id)).toEqual([]);
    expect(c.covered + Object.keys(silenceGaps).length).toBe(ids.length);
    expect(c.byDimensions + c.byReasons).toBe(c.covered);
  });

  test('each dimension names silences of the catalogue', () => {
    for (const d of dimensions) {
      expect(d.silences.length, d.id).toBeGreaterThan(0);
      expect(
        d.silences.filter((s) => !ids.includes(s)),
        `dimension ${d.id}`,
      ).toEqual([]);
    }
  });

  test('one cover per id in the data module: no reason or gap for what a dimension varies, no reason that is also a gap', () => {
    const varied = new Set(dimensions.flatMap((d) => d.silences));
    expect(Object.keys(silenceReasons).filter((id) => varied.has(id))).toEqual([]);
    expect(Object.keys(silenceGaps).filter((id) => varied.has(id) || Object.hasOwn(silenceReasons, id))).toEqual([]);
  });

  test('a reason is one specific sentence of our own', () => {
    for (const [id, why] of Object.entries({ ...silenceReasons, ...silenceGaps })) {
      expect(why.length, id).toBeGreaterThan(40);
      expect(why.trim().endsWith('.'), id).toBe(true);
    }
  });
});

describe('selfcheck --silences', () => {
  const sample = ['S-A-one', 'S-B-two', 'S-C-three', 'S-D-four'];
  const dims = [{ id: 'dim', silences: ['S-A-one', 'S-X-gone'], values: [{ name: 'mock' }, { name: 'other' }] }];
  const reasons = { 'S-B-two': 'No check reads it.', 'S-Y-stale': 'Stale.' };
  const gaps = { 'S-C-three': 'A check still leans on it.' };

  test('one line per id, then the closing line; unknown ids are named', () => {
    const c = silenceCoverage(sample, dims, reasons, gaps);
    expect(c.lines.map((l) => [l.id, l.by])).toEqual([
      ['S-A-one', 'dimension'],
      ['S-B-two', 'reason'],
      ['S-C-three', 'gap'],
      ['S-D-four', 'none'],
    ]);
    expect(c.unknown.map((u) => u.id)).toEqual(['S-X-gone', 'S-Y-stale']);
    const report = silenceReport(c);
    expect(report[0]).toBe('S-A-one  family: dim (mock, other)');
    expect(report.at(-1)).toBe('silences: 2/4 covered (1 by family dimensions, 1 by reasons)');
    expect(summaryLine(c)).toBe(report.at(-1));
  });

  test('ids are the catalogue headings only', () => {
    const text = '#### `S-1-a` — x\n- *Harness:* see `S-1-b`\n#### `S-GW-c` — y\n';
    expect(silenceIdsOf(text)).toEqual(['S-1-a', 'S-GW-c']);
  });

  test('says so when no catalogue is beside the spec', () => {
    const err = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      expect(silencesCommand({ spec: '/nonexistent/spec/partner-api-v2.md' })).toBe(2);
      expect(err.mock.calls.flat().join('\n')).toMatch(/catalogue of silences is not beside the spec/);
    } finally {
      err.mockRestore();
    }
  });

  test.runIf(file)('prints the whole catalogue and exits 1 while a gap is left', () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    try {
      const code = silencesCommand({ spec: DEFAULT_SPEC });
      const lines = log.mock.calls.map((c) => String(c[0]));
      expect(lines[0]).toBe(`catalogue: ${file}`);
      expect(lines.at(-1)).toMatch(/^silences: \d+\/\d+ covered \(\d+ by family dimensions, \d+ by reasons\)$/);
      expect(lines.length).toBe(ids.length + 2);
      expect(code).toBe(Object.keys(silenceGaps).length ? 1 : 0);
    } finally {
      log.mockRestore();
    }
  });
});
