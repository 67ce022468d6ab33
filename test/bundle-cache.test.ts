import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../harness/core/paths.js';
// @ts-expect-error: plain JavaScript (bin/ runs before anything can load TypeScript), no declarations.
import { bundleCache, ensureBundle } from '../bin/bundle-cache.js';

/**
 * The command line runs from a bundle in node_modules/.cache, kept fresh: built when missing, left
 * alone while its sources are unchanged, built again once one of them changes.
 */
interface Cache {
  bundleFile: string;
  ensureBundle(): Promise<boolean>;
}
const inputsOf = (bundle: string) =>
  JSON.parse(/^\/\/ inputs: (.*)$/.exec(readFileSync(bundle, 'utf8').split('\n')[0]!)![1]!) as {
    root: string;
    inputs: Record<string, string>;
  };

describe("this checkout's bundle", () => {
  const own = bundleCache(PROJECT_ROOT) as Cache;

  it('records every source it was built from, with its stamp, and the root it serves', async () => {
    expect(await ensureBundle()).toBe(true);
    const { root, inputs } = inputsOf(own.bundleFile);
    expect(root).toBe(PROJECT_ROOT);
    for (const rel of ['harness/cli/main.ts', 'harness/core/paths.ts', 'mock/server.ts', 'package-lock.json'])
      expect(Object.keys(inputs)).toContain(rel);
    // No package is bundled: vitest, allure and undici are loaded from node_modules as they are.
    expect(Object.keys(inputs).some((f) => f.includes('node_modules'))).toBe(false);
  });

  it('is what the command runs, not built again while its sources are unchanged', async () => {
    await ensureBundle();
    const before = statSync(own.bundleFile).mtimeMs;
    const r = spawnSync(process.execPath, ['--', 'bin/partner-conformance.js', '--version'], {
      cwd: PROJECT_ROOT,
      encoding: 'utf8',
    });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^partner-api-v2-conformance \d+\.\d+\.\d+/);
    expect(statSync(own.bundleFile).mtimeMs).toBe(before);
  });
});

describe('a bundle whose source changes', () => {
  const root = mkdtempSync(join(tmpdir(), 'cnf-bundle-cache-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  mkdirSync(join(root, 'harness/cli'), { recursive: true });
  const word = (w: string) =>
    writeFileSync(join(root, 'harness/cli/word.ts'), `export const word = (): string => '${w}';\n`);
  writeFileSync(
    join(root, 'harness/cli/main.ts'),
    "import { word } from './word.js';\nexport async function main(): Promise<number> {\n  console.log(word());\n  return 0;\n}\n",
  );
  // The command as bin/partner-conformance.js runs it, for this small checkout, in a process of its own.
  const run = () =>
    spawnSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `const { bundleCache } = await import(${JSON.stringify(pathToFileURL(join(PROJECT_ROOT, 'bin/bundle-cache.js')).href)});
         const main = await bundleCache(${JSON.stringify(root)}).loadMain();
         process.exit(await main([]));`,
      ],
      { encoding: 'utf8' },
    );
  const cache = bundleCache(root) as Cache;

  it('is built, reused, and built again with the change', async () => {
    word('first');
    const first = run();
    expect(first.status, first.stderr).toBe(0);
    expect(first.stdout.trim()).toBe('first');
    const built = statSync(cache.bundleFile).mtimeMs;
    expect(Object.keys(inputsOf(cache.bundleFile).inputs)).toEqual(
      expect.arrayContaining(['harness/cli/main.ts', 'harness/cli/word.ts']),
    );

    expect(run().stdout.trim()).toBe('first');
    expect(statSync(cache.bundleFile).mtimeMs).toBe(built);

    // An edit of an imported file (its size changes), as a developer's or a checkout's.
    word('second, edited');
    const again = run();
    expect(again.status, again.stderr).toBe(0);
    expect(again.stdout.trim()).toBe('second, edited');
    expect(await cache.ensureBundle()).toBe(true);
    const s = statSync(join(root, 'harness/cli/word.ts'));
    expect(inputsOf(cache.bundleFile).inputs['harness/cli/word.ts']).toBe(`${s.size}:${s.mtimeMs}`);
  });
});
