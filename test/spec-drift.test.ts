import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { specDrift } from '../contract/drift.js';
import { parseSpecUnits, type SpecUnit } from '../contract/spec-units.js';
import { traceability, type TraceEntry } from '../contract/traceability.js';

/**
 * `npm run spec-drift` on temporary copies of the spec: one sentence reworded, one added, one
 * removed. The edits are picked by rule from the parsed units, so no spec text lives in this file.
 */
const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const specFile = resolve(process.env.SPEC_PATH ?? join(root, '../shared/spec/partner-api-v2.md'));
const spec = existsSync(specFile) ? readFileSync(specFile, 'utf8') : undefined;
const noSpec = `spec not found at ${specFile} (set SPEC_PATH): nothing to edit a copy of`;
const dir = mkdtempSync(join(tmpdir(), 'spec-drift-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function drift(args: string[]) {
  const r = spawnSync(process.execPath, ['--', 'bin/partner-conformance.js', 'spec-drift', ...args], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, SPEC_PATH: '' },
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

const ADDED_SENTENCE = 'Partners must name their integration in a User-Agent header.';
const occursOnce = (md: string, s: string) => md.indexOf(s) >= 0 && md.indexOf(s) === md.lastIndexOf(s);

/** The three edits, chosen among prose units whose text occurs once, each in a different section. */
function plan(md: string, units: readonly SpecUnit[]) {
  const prose = units.filter((u) => u.kind !== 'table-row' && u.text.split(' ').length >= 8 && occursOnce(md, u.raw));
  const changed = prose[Math.floor(prose.length / 3)]!;
  const removed = [...prose]
    .reverse()
    .find((u) => / s[2-9]$/.test(u.locator) && u.section !== changed.section && occursOnce(md, ` ${u.raw}`))!;
  const anchor = prose.find((u) => u.section !== changed.section && u.section !== removed.section)!;
  const words = changed.raw.split(' ');
  const i = words.findIndex((w, k) => k >= words.length / 3 && /^[a-z]{4,}$/.test(w));
  const reworded = [...words.slice(0, i), 'zebra', ...words.slice(i + 1)].join(' ');
  const edited = md
    .replace(changed.raw, reworded)
    .replace(` ${removed.raw}`, '')
    .replace(anchor.raw, `${anchor.raw} ${ADDED_SENTENCE}`);
  return { changed, removed, anchor, edited };
}

describe('npm run spec-drift', () => {
  it('exits 0 and reports no drift on the spec the matrix was written for', (ctx) => {
    if (!spec) return ctx.skip(noSpec);
    const r = drift(['--spec', specFile]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/No drift/);
  });

  it('lists one changed, one added and one removed sentence, with the clauses of the old entries', (ctx) => {
    if (!spec) return ctx.skip(noSpec);
    const { changed, removed, anchor, edited } = plan(spec, parseSpecUnits(spec));
    const copy = join(dir, 'edited.md');
    writeFileSync(copy, edited);

    const json = drift(['--spec', copy, '--json']);
    expect(json.code, json.stderr).toBe(1);
    const out = JSON.parse(json.stdout) as {
      added: { section: string; text: string; after: string | null }[];
      removed: { fingerprint: string; covers: string[] }[];
      changed: { was: { fingerprint: string; covers: string[] }; now: { locator: string; text: string } }[];
      moved: unknown[];
      duplicates: unknown[];
    };
    expect(out.changed.map((c) => c.was.fingerprint)).toEqual([changed.fingerprint]);
    expect(out.changed[0]!.now.text).toMatch(/zebra/);
    expect(out.changed[0]!.now.locator).toBe(changed.locator);
    expect(out.removed.map((r) => r.fingerprint)).toEqual([removed.fingerprint]);
    expect(out.added.map((a) => a.text)).toEqual([ADDED_SENTENCE]);
    expect(out.added[0]!.section).toBe(anchor.section);
    expect(out.moved).toEqual([]);
    expect(out.duplicates).toEqual([]);

    const entryOf = (fingerprint: string) =>
      (traceability as readonly TraceEntry[]).find((e) => e.fingerprint === fingerprint)!;
    const text = drift(['--spec', copy]);
    expect(text.code).toBe(1);
    expect(text.stdout).toMatch(/CHANGED \(1\)/);
    expect(text.stdout).toMatch(/ADDED \(1\)/);
    expect(text.stdout).toMatch(/REMOVED \(1\)/);
    expect(text.stdout).toContain(ADDED_SENTENCE);
    for (const id of [...(entryOf(changed.fingerprint).covers ?? []), ...(entryOf(removed.fingerprint).covers ?? [])])
      expect(text.stdout).toContain(id);
  });

  it('exits 2 with one line when the spec file is missing, or on a bad option', () => {
    const missing = drift(['--spec', join(dir, 'absent.md')]);
    expect(missing.code).toBe(2);
    expect(missing.stderr.trim().split('\n')).toHaveLength(1);
    expect(missing.stderr).toMatch(/not found/);
    const bad = drift(['--frobnicate']);
    expect(bad.code).toBe(2);
    expect(bad.stderr.trim().split('\n')).toHaveLength(1);
  });
});

describe('specDrift', () => {
  it('pairs a short table row edited in place, and reports moved and duplicate entries', (ctx) => {
    if (!spec) return ctx.skip(noSpec);
    const units = parseSpecUnits(spec);
    const row = units.find(
      (u) => u.kind === 'table-row' && u.text.split(' | ').length === 2 && occursOnce(spec, u.raw),
    )!;
    const cells = row.raw.split('|');
    const retyped = [...cells.slice(0, -2), ' changed-type ', ''].join('|');
    const d = specDrift(parseSpecUnits(spec.replace(row.raw, retyped)), traceability);
    expect(d.changed.map((c) => c.entry.fingerprint)).toEqual([row.fingerprint]);
    expect(d.added).toEqual([]);
    expect(d.removed).toEqual([]);

    const first = traceability[0] as TraceEntry;
    const moved = specDrift(units, [{ ...first, section: '§99' } as TraceEntry, ...traceability.slice(1), first]);
    expect(moved.moved.map((m) => m.entry.fingerprint)).toEqual([first.fingerprint]);
    expect(moved.duplicates.map((e) => e.fingerprint)).toEqual([first.fingerprint]);
  });
});
