import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { clauseIds, clauses } from '../contract/clauses.js';
import type { Clause } from '../contract/clause.js';

/**
 * Clause ids the suites register, read from source (no network): literal ids of check files (a
 * conformance(...) call, or a tuple of ids a check file loops over), and `clause: '…'` of the
 * scopes generic checks run over (suites/common/resources.ts lists them).
 */
export function clausesWithChecks(dir = 'suites'): Map<string, string[]> {
  const found = new Map<string, string[]>();
  const add = (id: string, p: string) => found.set(id, [...(found.get(id) ?? []), p]);
  const walk = (d: string): void => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name.endsWith('.check.ts')) {
        for (const m of readFileSync(p, 'utf8').matchAll(/['"]([A-Z][A-Z0-9]*(?:-[A-Z0-9]+)+)['"]/g))
          if (m[1]! in clauses) add(m[1]!, p);
      } else if (e.name.endsWith('.ts')) {
        for (const m of readFileSync(p, 'utf8').matchAll(/\bclause:\s*['"]([A-Z0-9-]+)['"]/g)) add(m[1]!, p);
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
