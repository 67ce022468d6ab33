import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Keeps the judge apart from the judged: a mistake shared by the suites and the mock is one that
 * nobody sees. Reads the import specifiers of every TypeScript file and checks where they point.
 */
function tsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    return e.isDirectory() ? tsFiles(p) : p.endsWith('.ts') ? [p] : [];
  });
}

/** Top-level folders a file imports from (relative imports only; packages are not judged here). */
function importedFolders(file: string): { spec: string; folder: string }[] {
  const text = readFileSync(file, 'utf8');
  const specs = [...text.matchAll(/(?:from\s+|import\s*\(\s*)['"](\.{1,2}\/[^'"]+)['"]/g)].map((m) => m[1]!);
  return specs.map((spec) => ({ spec, folder: normalize(relative('.', join(dirname(file), spec))).split(/[\\/]/)[0]! }));
}

function violations(root: string, allowed: (folder: string, file: string) => boolean): string[] {
  return tsFiles(root).flatMap((file) => importedFolders(file).filter((i) => !allowed(i.folder, file)).map((i) => `${file} imports ${i.spec}`));
}

describe('module boundaries', () => {
  it('suites/ and generators/ never import the mock', () => {
    const judge = (folder: string) => folder !== 'mock';
    expect([...violations('suites', judge), ...violations('generators', judge)]).toEqual([]);
  });

  it('mock/ takes only types and enums from contract/, never the harness, suites or generators', () => {
    expect(violations('mock', (folder) => folder === 'mock' || folder === 'contract')).toEqual([]);
  });

  it('harness/ touches the mock only where it starts it (harness/target.ts)', () => {
    expect(violations('harness', (folder, file) => folder !== 'mock' || normalize(file) === normalize('harness/target.ts'))).toEqual([]);
  });

  it('contract/ depends on nothing of the project', () => {
    expect(violations('contract', (folder) => folder === 'contract')).toEqual([]);
  });
});
