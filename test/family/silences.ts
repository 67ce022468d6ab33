import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { specPathSetting } from '../../harness/config.js';
import { EXIT } from '../../harness/core/exit-codes.js';
import { dimensions, type Dimension } from './dimensions.js';
import { silenceGaps, silenceReasons } from './silence-coverage.js';

/**
 * `partner-conformance selfcheck --silences`: every silence of ../shared/silences.md with what covers it,
 * a family dimension (whose values are conforming choices inside it) or the reason no check's verdict
 * rests on it (test/family/silence-coverage.ts).
 */

/** The catalogue's ids, in its order: the `#### \`S-…\`` headings. */
export function silenceIdsOf(text: string): string[] {
  return [...text.matchAll(/^#### `(S-[^`]+)`/gm)].map((m) => m[1]!);
}

/**
 * Where the catalogue sits: beside the spec (SPEC_PATH or the shared copy), in its folder or the one
 * above it (the shared folder holds spec/partner-api-v2.md and silences.md).
 */
export function silencesFileCandidates(spec: string): string[] {
  const dir = dirname(spec);
  return [join(dir, 'silences.md'), join(dir, '..', 'silences.md')];
}

export interface SilenceLine {
  id: string;
  by: 'dimension' | 'reason' | 'gap' | 'none';
  text: string;
}

export interface SilenceCoverage {
  lines: SilenceLine[];
  /** Ids named by a dimension, a reason or a gap that the catalogue does not hold. */
  unknown: { id: string; where: string }[];
  covered: number;
  byDimensions: number;
  byReasons: number;
}

const valuesOf = (d: Dimension) => d.values.map((v) => v.name).join(', ');

/** Each catalogue id with its cover: the dimensions first (they vary it), else a reason, else a known gap. */
export function silenceCoverage(
  ids: readonly string[],
  dims: readonly Dimension[] = dimensions,
  reasons: Readonly<Record<string, string>> = silenceReasons,
  gaps: Readonly<Record<string, string>> = silenceGaps,
): SilenceCoverage {
  const known = new Set(ids);
  const unknown = [
    ...dims.flatMap((d) =>
      d.silences.filter((s) => !known.has(s)).map((id) => ({ id, where: `family dimension ${d.id}` })),
    ),
    ...Object.keys(reasons)
      .filter((id) => !known.has(id))
      .map((id) => ({ id, where: 'silenceReasons' })),
    ...Object.keys(gaps)
      .filter((id) => !known.has(id))
      .map((id) => ({ id, where: 'silenceGaps' })),
  ];
  const lines = ids.map((id): SilenceLine => {
    const covering = dims.filter((d) => d.silences.includes(id));
    if (covering.length)
      return { id, by: 'dimension', text: covering.map((d) => `${d.id} (${valuesOf(d)})`).join('; ') };
    if (Object.hasOwn(reasons, id)) return { id, by: 'reason', text: reasons[id]! };
    if (Object.hasOwn(gaps, id)) return { id, by: 'gap', text: gaps[id]! };
    return { id, by: 'none', text: 'no dimension varies it and no reason is given' };
  });
  const byDimensions = lines.filter((l) => l.by === 'dimension').length;
  const byReasons = lines.filter((l) => l.by === 'reason').length;
  return { lines, unknown, covered: byDimensions + byReasons, byDimensions, byReasons };
}

/** The closing line, exactly as the CLI prints it. */
export const summaryLine = (c: SilenceCoverage) =>
  `silences: ${c.covered}/${c.lines.length} covered (${c.byDimensions} by family dimensions, ${c.byReasons} by reasons)`;

const label: Record<SilenceLine['by'], string> = {
  dimension: 'family',
  reason: 'reason',
  gap: 'NOT COVERED (known gap)',
  none: 'NOT COVERED',
};

export function silenceReport(c: SilenceCoverage): string[] {
  return [
    ...c.lines.map((l) => `${l.id}  ${label[l.by]}: ${l.text}`),
    ...c.unknown.map((u) => `UNKNOWN ${u.id}: named by ${u.where}, not in the catalogue`),
    summaryLine(c),
  ];
}

/** 0 when every silence is covered and no id is unknown; 1 otherwise; 2 when the catalogue is not found. */
export function silencesCommand(opts: { spec?: string } = {}): number {
  const spec = opts.spec ?? specPathSetting();
  const candidates = silencesFileCandidates(spec);
  const file = candidates.find((f) => existsSync(f));
  if (!file) {
    console.error(
      `Configuration error: selfcheck --silences: the catalogue of silences is not beside the spec (${spec}); looked for ${candidates.join(' and ')}`,
    );
    return EXIT.usage;
  }
  const ids = silenceIdsOf(readFileSync(file, 'utf8'));
  if (!ids.length) {
    console.error(`Configuration error: selfcheck --silences: ${file} holds no silence id (#### \`S-…\` headings)`);
    return EXIT.usage;
  }
  const coverage = silenceCoverage(ids);
  console.log(`catalogue: ${file}`);
  for (const line of silenceReport(coverage)) console.log(line);
  return coverage.covered === ids.length && coverage.unknown.length === 0 ? EXIT.ok : EXIT.failed;
}
