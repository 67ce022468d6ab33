// The command line runs from one bundled file (esbuild), rebuilt when any of its sources changed.
// Through tsx's loader every module of every run went through the loader's hooks (off-thread in
// Node 20, and again in each check worker): a third of the CPU of a short run. A bundle has no
// loader, so a run starts in a fraction of the time, which both a partner and `npm test`
// (a hundred runs) feel. Plain JavaScript: it must run before anything can load TypeScript.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ENTRY = 'harness/cli/main.ts';
/** Besides the bundle's own sources: what else decides its contents. */
const ALSO = ['package-lock.json', 'tsconfig.json', 'bin/bundle-cache.js'];

/** The bundle of the command line of the checkout at `root` (a parameter so a test can use a small one). */
export function bundleCache(root) {
  const cacheDir = join(root, 'node_modules', '.cache', 'partner-conformance');
  const bundleFile = join(cacheDir, 'cli.mjs');

  /** A source as the cache knows it: size and modification time, as make and tsc --incremental do. */
  function stampOf(rel) {
    try {
      const s = statSync(join(root, rel));
      return `${s.size}:${s.mtimeMs}`;
    } catch {
      return 'missing';
    }
  }

  /** The first line of the bundle lists its inputs with their stamps: bundle and list are renamed in at once. */
  function freshBundle() {
    let text;
    try {
      text = readFileSync(bundleFile, 'utf8');
    } catch {
      return false;
    }
    const first = text.slice(0, text.indexOf('\n'));
    const m = /^\/\/ inputs: (.*)$/.exec(first);
    if (!m) return false;
    try {
      const recorded = JSON.parse(m[1]);
      if (recorded.root !== root || recorded.node !== process.versions.modules) return false;
      return Object.entries(recorded.inputs).every(([rel, stamp]) => stampOf(rel) === stamp);
    } catch {
      return false;
    }
  }

  async function build() {
    const { build: esbuild } = await import('esbuild');
    const result = await esbuild({
      absWorkingDir: root,
      entryPoints: [ENTRY],
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      // Packages stay imports of node_modules: vitest, allure and undici find their own files.
      packages: 'external',
      outfile: bundleFile,
      sourcemap: 'linked',
      sourcesContent: false,
      metafile: true,
      write: false,
      logLevel: 'silent',
      define: { __PARTNER_CONFORMANCE_ROOT__: JSON.stringify(root) },
    });
    const inputs = {};
    for (const rel of [...Object.keys(result.metafile.inputs), ...ALSO]) inputs[rel] = stampOf(rel);
    const header = `// inputs: ${JSON.stringify({ root, node: process.versions.modules, inputs })}\n`;
    mkdirSync(cacheDir, { recursive: true });
    // Several runs may build at once (npm test starts many): each writes its own file and renames it in.
    const tag = `${process.pid}.${createHash('sha1').update(String(Math.random())).digest('hex').slice(0, 8)}`;
    for (const out of result.outputFiles) {
      const body = out.path.endsWith('.map') ? out.text : header + out.text.replace(/^#!.*\n/, '');
      const tmp = `${out.path}.${tag}.tmp`;
      writeFileSync(tmp, body);
      renameSync(tmp, out.path);
    }
  }

  /** Builds the bundle unless it is fresh; false if esbuild could not (the command line then uses tsx). */
  async function ensureBundle() {
    if (freshBundle()) return true;
    try {
      await build();
      return true;
    } catch {
      return false;
    }
  }

  /**
   * The command line's main(): from the bundle, built first if a source changed; from the TypeScript
   * sources through tsx if esbuild cannot build it (the same behaviour, only slower to start).
   */
  async function loadMain() {
    if (await ensureBundle()) {
      // Source maps stay off (they cost a run about a second): NODE_OPTIONS=--enable-source-maps
      // makes a harness error's stack name the TypeScript sources (cli.mjs.map beside the bundle).
      return (await import(pathToFileURL(bundleFile).href)).main;
    }
    // esbuild could not build it: tsx reports a syntax error in a source as well as esbuild would.
    const { register } = await import('tsx/esm/api');
    register();
    return (await import(pathToFileURL(join(root, ENTRY)).href)).main;
  }

  return { bundleFile, ensureBundle, loadMain };
}

const own = bundleCache(resolve(dirname(fileURLToPath(import.meta.url)), '..'));
/** Builds this checkout's bundle unless it is fresh; false if esbuild could not. */
export const ensureBundle = own.ensureBundle;
/** This checkout's command line main(). */
export const loadMain = own.loadMain;
