import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { clauses } from '../contract/clauses.js';
import { readBudgets } from '../harness/run/plan.js';

const root = fileURLToPath(new URL('..', import.meta.url));

describe('request budgets (suites/budgets.json)', () => {
  it('hold for a fresh frugal run: every check has a budget and none outgrew it', () => {
    const env: Record<string, string> = {};
    for (const [k, v] of Object.entries(process.env))
      if (v !== undefined && !k.startsWith('VITEST') && k !== 'NODE_ENV' && k !== 'TEST') env[k] = v;
    Object.assign(env, { ENV_FILE: '/dev/null', BASE_URL: '', SEED: '', NO_COLOR: '1' });
    const run = spawnSync(
      process.execPath,
      [resolve(root, 'node_modules/tsx/dist/cli.mjs'), 'harness/cli/budgets.ts', '--check'],
      { cwd: root, env, encoding: 'utf8', timeout: 240_000 },
    );
    const out = `${run.stdout}\n${run.stderr}`;
    expect(run.status, out.slice(-3000)).toBe(0);
    expect(out).toMatch(/budgets --check: the committed budgets hold/);
  }, 300_000);

  it('stay within the goals of a live run: at most 3 requests per clause, and the writes never set the pace', () => {
    const { entries } = readBudgets();
    const gets = entries.reduce((n, e) => n + e.get, 0);
    const writes = entries.reduce((n, e) => n + e.write, 0);
    // Besides the checks: the preflight's reads (15 at most with SECOND_LOCATION_ID, 6 when every id is proven at the first read) and the cleanup's bulk archives (one PATCH per resource).
    const requests = gets + 15 + writes + 3;
    expect(requests / Object.keys(clauses).length).toBeLessThanOrEqual(3);
    // At 150 GETs and 50 writes a minute, the writes take no longer than the reads.
    expect((writes + 3) / 50).toBeLessThanOrEqual((gets + 6) / 150);
  });
});
