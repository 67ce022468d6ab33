import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Clause } from '../contract/clause.js';
import { clauseIds, clauses, isStrict } from '../contract/clauses.js';
import { classify, coverageSummary, gapList } from '../contract/coverage.js';
import { normaliseText, parseSpecUnits, type SpecUnit } from '../contract/spec-units.js';
import { specIndex } from '../contract/spec-index.js';
import { faults } from '../mock/faults/index.js';
import {
  gaps,
  reasons,
  traceability,
  tracingClauses,
  type CoveredEntry,
  type TraceEntry,
} from '../contract/traceability.js';

/** The spec the matrix traces: SPEC_PATH, else the shared copy beside the checkout. */
const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const specFile = resolve(process.env.SPEC_PATH ?? join(root, '../shared/spec/partner-api-v2.md'));
const units: SpecUnit[] | undefined = existsSync(specFile) ? parseSpecUnits(readFileSync(specFile, 'utf8')) : undefined;
const noSpec = `spec not found at ${specFile} (set SPEC_PATH): the matrix cannot be compared with it`;

const entries: readonly TraceEntry[] = traceability;
const show = (e: TraceEntry) => `${e.section} ${e.fingerprint} [${e.label}]`;
const skeleton = (u: SpecUnit) =>
  `${u.locator}: { section: '${u.section}', fingerprint: '${u.fingerprint}', sketch: '${u.sketch}', label: … } in contract/spec-index.ts, then a clause's spec, a reason or a gap`;

describe('traceability matrix against the spec', () => {
  it('every normative unit of the spec has an entry', (ctx) => {
    if (!units) return ctx.skip(noSpec);
    const known = new Set(entries.map((e) => e.fingerprint));
    const missing = units.filter((u) => !known.has(u.fingerprint)).map(skeleton);
    expect(
      missing,
      `units without an entry (npm run spec-drift lists them with their text):\n${missing.join('\n')}`,
    ).toEqual([]);
  });

  it("every entry matches a unit, in the unit's section and with its sketch", (ctx) => {
    if (!units) return ctx.skip(noSpec);
    const byFingerprint = new Map(units.map((u) => [u.fingerprint, u]));
    const stale = entries.filter((e) => !byFingerprint.has(e.fingerprint)).map(show);
    expect(stale, `entries whose fingerprint matches no unit:\n${stale.join('\n')}`).toEqual([]);
    const misplaced = entries
      .filter((e) => byFingerprint.has(e.fingerprint) && byFingerprint.get(e.fingerprint)!.section !== e.section)
      .map(show);
    expect(misplaced, 'entries filed under another section than their unit').toEqual([]);
    const badSketch = entries
      .filter((e) => byFingerprint.has(e.fingerprint) && byFingerprint.get(e.fingerprint)!.sketch !== e.sketch)
      .map(show);
    expect(badSketch, "entries whose sketch is not their unit's").toEqual([]);
  });

  it('entries follow the order of the spec', (ctx) => {
    if (!units) return ctx.skip(noSpec);
    const position = new Map(units.map((u, i) => [u.fingerprint, i]));
    const positions = entries.map((e) => position.get(e.fingerprint) ?? -1);
    const outOfOrder = entries.filter((_, i) => i > 0 && positions[i]! < positions[i - 1]!).map(show);
    expect(outOfOrder, 'entries listed before a unit that precedes them in the spec').toEqual([]);
  });

  it('labels paraphrase their sentence and never copy it', (ctx) => {
    if (!units) return ctx.skip(noSpec);
    const byFingerprint = new Map(units.map((u) => [u.fingerprint, u]));
    const runs = (text: string, n: number) => {
      const w = text.split(/[^a-z0-9]+/).filter(Boolean);
      return new Set(w.slice(0, Math.max(0, w.length - n + 1)).map((_, i) => w.slice(i, i + n).join(' ')));
    };
    const copied = entries.filter((e) => {
      const unit = byFingerprint.get(e.fingerprint);
      if (!unit) return false;
      const label = normaliseText(e.label);
      const shared = [...runs(label, 5)].filter((r) => runs(unit.text, 5).has(r));
      return label === unit.text || shared.length > 0;
    });
    expect(copied.map(show), 'labels sharing five consecutive words with their sentence').toEqual([]);
  });

  it('the coverage summary accounts for every unit', (ctx) => {
    if (!units) return ctx.skip(noSpec);
    const s = coverageSummary(entries, clauses, units);
    expect(s.unaccounted).toBe(0);
    expect(s.stale).toBe(0);
    expect(s.units).toBe(units.length);
    expect(s.strict + s.observedOnly + s.notTestable.total + s.notARule + s.gaps.total).toBe(s.units);
  });
});

describe('traceability matrix on its own', () => {
  it('lists no unit twice', () => {
    const seen = new Set<string>();
    const twice = entries.filter((e) => (seen.has(e.fingerprint) ? true : (seen.add(e.fingerprint), false))).map(show);
    expect(twice).toEqual([]);
  });

  it('every strict, testable clause traces back to at least one sentence', () => {
    const referenced = new Set(entries.flatMap((e) => e.covers ?? []));
    const untraced = clauseIds.filter((id) => isStrict(id) && !referenced.has(id));
    expect(untraced, `strict clauses no entry covers: ${untraced.join(', ')}`).toEqual([]);
  });

  it('every covered clause exists in the catalogue', () => {
    const unknown = entries.flatMap((e) =>
      (e.covers ?? []).filter((id) => !(id in clauses)).map((id) => `${show(e)}: ${id}`),
    );
    expect(unknown).toEqual([]);
  });

  it('entries are well formed: short labels, a gap where nothing covers, reasons explained', () => {
    const problems: string[] = [];
    for (const e of entries) {
      if (!/^§\d+(\.\d+)*$/.test(e.section)) problems.push(`${show(e)}: section`);
      if (!/^[0-9a-f]{12}$/.test(e.fingerprint)) problems.push(`${show(e)}: fingerprint`);
      if (!/^[0-9a-f]{32}$/.test(e.sketch)) problems.push(`${show(e)}: sketch`);
      const words = e.label.trim().split(/\s+/).length;
      if (words === 0 || words > 10) problems.push(`${show(e)}: label of ${words} words`);
      if (e.covers && e.covers.length === 0 && !e.gap?.trim()) problems.push(`${show(e)}: no clause and no gap`);
      if (e.covers && new Set(e.covers).size !== e.covers.length) problems.push(`${show(e)}: a clause listed twice`);
      if (e.gap !== undefined && e.gap.trim().length < 10) problems.push(`${show(e)}: empty gap`);
      if (e.reason && e.reason.why.trim().length < 10) problems.push(`${show(e)}: reason without a why`);
    }
    expect(problems).toEqual([]);
  });

  it('classifies by the catalogue: strict wins, observed only, not testable, gaps', () => {
    const strict = entries.find(
      (e): e is CoveredEntry => !!e.covers?.length && !e.gap && e.covers.some((id) => isStrict(id)),
    )!;
    expect(classify(strict, clauses).cls).toBe('strict');
    const observed = entries.find(
      (e) =>
        e.covers?.length &&
        !e.gap &&
        e.covers.every(
          (id) => (clauses[id] as Clause).strictness === 'observed' && !(clauses[id] as Clause).notTestable,
        ),
    )!;
    expect(classify(observed, clauses).cls).toBe('observedOnly');
    const catalogueOnly = entries.find(
      (e) => e.covers?.length && e.covers.every((id) => (clauses[id] as Clause).notTestable),
    )!;
    expect(classify(catalogueOnly, clauses)).toEqual({ cls: 'notTestable', reason: 'catalogue' });
    expect(classify({ ...strict, covers: [], gap: 'nothing checks it' } satisfies CoveredEntry, clauses).cls).toBe(
      'notCovered',
    );
    expect(classify({ ...strict, gap: 'half of it' } satisfies CoveredEntry, clauses).cls).toBe('partly');
    expect(gapList(entries).length).toBe(entries.filter((e) => e.gap !== undefined).length);
  });
});

describe('each clause carries its own trace', () => {
  const known = new Set<string>(specIndex.map((u) => u.fingerprint));
  const traced = tracingClauses();

  it('every unit a clause names exists, once per clause, in the spec order', () => {
    const position = new Map<string, number>(specIndex.map((u, i) => [u.fingerprint, i]));
    const problems = clauseIds.flatMap((id) => {
      const spec = clauses[id].spec as readonly string[];
      const at = spec.map((fp) => position.get(fp) ?? -1);
      return [
        ...spec.filter((fp) => !known.has(fp)).map((fp) => `${id}: unit ${fp} is not in contract/spec-index.ts`),
        ...(new Set(spec).size !== spec.length ? [`${id}: a unit named twice`] : []),
        ...(at.some((p, i) => i > 0 && p < at[i - 1]!) ? [`${id}: units out of the spec's order`] : []),
      ];
    });
    expect(problems).toEqual([]);
  });

  it('every unit is accounted for exactly once: a reason, or clauses and/or a named gap', () => {
    const problems = specIndex.flatMap((u) => {
      const by = traced.get(u.fingerprint) ?? [];
      const reason = reasons[u.fingerprint];
      const gap = gaps[u.fingerprint];
      const label = `${u.section} ${u.fingerprint} [${u.label}]`;
      if (reason && by.length) return [`${label}: has a reason (${reason.kind}) and is traced by ${by.join(', ')}`];
      if (reason && gap !== undefined) return [`${label}: has a reason and a gap`];
      if (!reason && !by.length && gap === undefined) return [`${label}: no clause traces it, and no reason or gap`];
      return [];
    });
    const strays = [...Object.keys(reasons), ...Object.keys(gaps)].filter((fp) => !known.has(fp));
    expect(problems).toEqual([]);
    expect(strays, 'reasons or gaps for units not in the index').toEqual([]);
  });

  it('the matrix is derived from the clauses: each entry covers exactly the clauses that name it', () => {
    for (const e of entries)
      if (e.covers)
        expect([...e.covers].sort(), e.fingerprint).toEqual(
          clauseIds.filter((id) => (clauses[id].spec as readonly string[]).includes(e.fingerprint)).sort(),
        );
  });
});

describe('covered means judged', () => {
  // A unit counts as covered only when a fault proves a check of it can fail: every strict, testable
  // clause that traces a unit has a fault of the mock that breaks it (the self-check proves it is caught).
  it('every strict clause tracing a unit has a fault in mock/faults', () => {
    const faulted = new Set(Object.values(faults).map((f) => f.clause as string));
    const unproved = clauseIds.filter(
      (id) => isStrict(id) && (clauses[id].spec as readonly string[]).length > 0 && !faulted.has(id),
    );
    expect(unproved, `strict clauses tracing a unit without a fault: ${unproved.join(', ')}`).toEqual([]);
  });
});
