import { spawnSync } from 'node:child_process';
import { readFileSync, statSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../harness/core/paths.js';
// @ts-expect-error: plain JavaScript (bin/ runs before anything can load TypeScript), no declarations.
import { ensureBundle } from '../bin/bundle-cache.js';

/**
 * The command line runs from a bundle in node_modules/.cache, kept fresh: built when missing, left
 * alone while its sources are unchanged, built again once one of them changes.
 */
const bundle = join(PROJECT_ROOT, 'node_modules/.cache/partner-conformance/cli.mjs');
const inputsOf = () =>
  JSON.parse(/^\/\/ inputs: (.*)$/m.exec(readFileSync(bundle, 'utf8').split('\n')[0]!)![1]!) as {
    root: string;
    inputs: Record<string, string>;
  };
const version = () =>
  spawnSync(process.execPath, ['bin/partner-conformance.js', '--version'], { cwd: PROJECT_ROOT, encoding: 'utf8' });

describe('the command line bundle', () => {
  it('records every source it was built from, with its stamp, and the root it serves', async () => {
    expect(await ensureBundle()).toBe(true);
    const { root, inputs } = inputsOf();
    expect(root).toBe(PROJECT_ROOT);
    for (const rel of ['harness/cli/main.ts', 'harness/core/paths.ts', 'mock/server.ts', 'package-lock.json'])
      expect(Object.keys(inputs)).toContain(rel);
    // No package is bundled: vitest, allure and undici are loaded from node_modules as they are.
    expect(Object.keys(inputs).some((f) => f.includes('node_modules'))).toBe(false);
  });

  it('is reused while its sources are unchanged, and rebuilt once one of them changes', async () => {
    await ensureBundle();
    const before = statSync(bundle).mtimeMs;
    const r = version();
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^partner-api-v2-conformance \d+\.\d+\.\d+/);
    expect(statSync(bundle).mtimeMs).toBe(before);

    // A source touched (as an edit or a checkout does): the next command builds the bundle again.
    const source = join(PROJECT_ROOT, 'harness/core/paths.ts');
    const now = new Date();
    utimesSync(source, now, now);
    const again = version();
    expect(again.status, again.stderr).toBe(0);
    const s = statSync(source);
    expect(inputsOf().inputs['harness/core/paths.ts']).toBe(`${s.size}:${s.mtimeMs}`);
  });
});
