import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readBudgets } from '../harness/run/plan.js';

const root = fileURLToPath(new URL('..', import.meta.url));

describe('request budgets (suites/budgets.json)', () => {
  it('hold for a fresh frugal run: every check has a budget and none outgrew it', () => {
    const env: Record<string, string> = {};
    for (const [k, v] of Object.entries(process.env)) if (v !== undefined && !k.startsWith('VITEST') && k !== 'NODE_ENV' && k !== 'TEST') env[k] = v;
    Object.assign(env, { ENV_FILE: '/dev/null', BASE_URL: '', SEED: '', NO_COLOR: '1' });
    const run = spawnSync(process.execPath, [resolve(root, 'node_modules/tsx/dist/cli.mjs'), 'harness/cli/budgets.ts', '--check'], { cwd: root, env, encoding: 'utf8', timeout: 240_000 });
    const out = `${run.stdout}\n${run.stderr}`;
    expect(run.status, out.slice(-3000)).toBe(0);
    expect(out).toMatch(/budgets --check: the committed budgets hold/);
  }, 300_000);

  it('stay within the goals of a live run: at most 60 writes, with the cleanup', () => {
    const { entries } = readBudgets();
    const writes = entries.reduce((n, e) => n + e.write, 0);
    // The cleanup archives in bulk: one PATCH per resource it created (vehicles, items, customers).
    expect(writes + 3).toBeLessThanOrEqual(60);
  });
});
