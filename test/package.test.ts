import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../harness/core/paths.js';

/**
 * The package is private (never published): `npm pack` makes the tarball a project installs, then
 * `npx partner-conformance run` works there, as the README says. The packed
 * files hold every module the command and the check files load, and every package they import
 * is a dependency (not a devDependency, which an installing project never gets).
 */

const pkg = JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8')) as {
  bin: Record<string, string>;
  dependencies: Record<string, string>;
};

function packedFiles(): Set<string> {
  const out = execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
    cwd: PROJECT_ROOT,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const [entry] = JSON.parse(out) as { files: { path: string }[] }[];
  return new Set(entry!.files.map((f) => f.path));
}

const specifiers = (source: string) =>
  [...source.matchAll(/(?:from\s+|import\s*\(\s*|^import\s+)'([^']+)'/gm)].map((m) => m[1]!);

/** A relative import as the file it names (sources import `.js`, the files are `.ts`). */
function fileOf(from: string, spec: string): string {
  const path = resolve(dirname(from), spec);
  return existsSync(path) ? path : path.replace(/\.js$/, '.ts');
}

const packageName = (spec: string) =>
  spec
    .split('/')
    .slice(0, spec.startsWith('@') ? 2 : 1)
    .join('/');

function checkFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return checkFiles(path);
    return e.name.endsWith('.check.ts') ? [path] : [];
  });
}

/** Every module reachable from the command and the check files, and the packages they import. */
function moduleGraph(): { files: Set<string>; packages: Map<string, string> } {
  const entries = [
    join(PROJECT_ROOT, pkg.bin['partner-conformance']!),
    join(PROJECT_ROOT, 'vitest.config.ts'),
    ...checkFiles(join(PROJECT_ROOT, 'suites')),
  ];
  const files = new Set<string>();
  const packages = new Map<string, string>();
  const queue = [...entries];
  while (queue.length) {
    const file = queue.pop()!;
    if (files.has(file)) continue;
    files.add(file);
    for (const spec of specifiers(readFileSync(file, 'utf8'))) {
      if (spec.startsWith('.')) queue.push(fileOf(file, spec));
      else if (!spec.startsWith('node:') && !builtinModules.includes(spec)) {
        packages.set(packageName(spec), relative(PROJECT_ROOT, file));
      }
    }
  }
  return { files, packages };
}

describe('the installable package', () => {
  it('packs every module the command and the checks load, and depends on every package they import', () => {
    const packed = packedFiles();
    const { files, packages } = moduleGraph();
    expect(files.size).toBeGreaterThan(100);
    const missing = [...files].map((f) => relative(PROJECT_ROOT, f)).filter((f) => !packed.has(f));
    expect(missing, 'modules left out of package.json "files"').toEqual([]);
    const undeclared = [...packages].filter(([name]) => !(name in pkg.dependencies)).map(([n, by]) => `${n} (${by})`);
    expect(undeclared, 'imported packages that are not dependencies').toEqual([]);
    // The test runner and the loader the command runs on.
    expect(Object.keys(pkg.dependencies)).toEqual(expect.arrayContaining(['vitest', 'tsx', 'allure']));
    expect(packed.has('README.md') && packed.has('.env.example')).toBe(true);
    expect(
      [...packed].filter((f) => /^(test\/(?!selfcheck\/|family\/|variant\/|production\/)|reports\/|bench\/)/.test(f)),
    ).toEqual([]);
    // The spec is never copied into the project: a package user names theirs with SPEC_PATH.
    expect([...packed].filter((f) => /partner-api-v2\.md$|(^|\/)spec\//.test(f))).toEqual([]);
  });

  it('is installed as the README says: private, so from a tarball or the repository, with SPEC_PATH for the spec', () => {
    const manifest = JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8')) as { private?: boolean };
    const readme = readFileSync(join(PROJECT_ROOT, 'README.md'), 'utf8');
    const commands = readme.split('\n').filter((l) => /^npm install \S/.test(l));
    if (manifest.private)
      expect(commands.filter((l) => /^npm install partner-api-v2-conformance\b/.test(l))).toEqual([]);
    expect(commands.some((l) => /^npm install \S+\.tgz/.test(l))).toBe(true);
    expect(readme).toMatch(/^npm pack\b/m);
    expect(readme).toMatch(/^export SPEC_PATH=/m);
  });

  it('starts its command with a Node shebang, from a file the package marks executable', () => {
    const bin = readFileSync(join(PROJECT_ROOT, pkg.bin['partner-conformance']!), 'utf8');
    expect(bin.split('\n')[0]).toBe('#!/usr/bin/env node');
    // It runs the harness from the cached bundle, or through tsx where esbuild cannot build one.
    expect(bin).toContain("from './bundle-cache.js'");
    expect(readFileSync(join(PROJECT_ROOT, 'bin/bundle-cache.js'), 'utf8')).toContain("import('tsx/esm/api')");
    expect(Object.keys(pkg.dependencies)).toContain('esbuild');
  });
});
