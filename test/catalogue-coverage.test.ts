import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { clauseIds, clauses } from '../contract/clauses.js';
import type { Clause } from '../contract/clause.js';

/** Clause ids named by conformance(...) calls in the suites, read from source (no network). */
export function clausesWithChecks(dir = 'suites'): Map<string, string[]> {
  const found = new Map<string, string[]>();
  const walk = (d: string): void => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name.endsWith('.check.ts')) {
        for (const m of readFileSync(p, 'utf8').matchAll(/conformance\(\s*['"]([A-Z0-9-]+)['"]/g)) {
          found.set(m[1]!, [...(found.get(m[1]!) ?? []), p]);
        }
      }
    }
  };
  walk(dir);
  return found;
}

describe('clause catalogue', () => {
  const checked = clausesWithChecks();

  it('every clause has a check, or an explicit not-testable reason', () => {
    const uncovered = clauseIds.filter((id) => !(clauses[id] as Clause).notTestable && !checked.has(id));
    expect(uncovered, `clauses without a check: ${uncovered.join(', ')}`).toEqual([]);
  });

  it('every check names a catalogued clause', () => {
    const unknown = [...checked.keys()].filter((id) => !(id in clauses));
    expect(unknown).toEqual([]);
  });

  it('every clause has a section, a MUST sentence and a valid kind', () => {
    for (const id of clauseIds) {
      const c: Clause = clauses[id];
      expect(c.section, id).toMatch(/§/);
      expect(c.must.length, id).toBeGreaterThan(10);
      if (c.strictness === 'strict' && !c.notTestable) expect(c.must, id).toMatch(/MUST/);
    }
  });
});
