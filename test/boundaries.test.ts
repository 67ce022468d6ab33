import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative, sep } from 'node:path';
import ts from 'typescript';
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
  return specs.map((spec) => ({
    spec,
    folder: normalize(relative('.', join(dirname(file), spec))).split(/[\\/]/)[0]!,
  }));
}

function violations(root: string, allowed: (folder: string, file: string) => boolean): string[] {
  return tsFiles(root).flatMap((file) =>
    importedFolders(file)
      .filter((i) => !allowed(i.folder, file))
      .map((i) => `${file} imports ${i.spec}`),
  );
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
    expect(
      violations('harness', (folder, file) => folder !== 'mock' || normalize(file) === normalize('harness/target.ts')),
    ).toEqual([]);
  });

  it('contract/ depends on nothing of the project', () => {
    expect(violations('contract', (folder) => folder === 'contract')).toEqual([]);
  });
});

/**
 * Import cycles among the project's own modules (type-only imports count: a cycle of types
 * still couples the modules and breaks the order they load in). Relative imports only, with the
 * `.js` suffix of ESM resolved to the `.ts` source.
 */
const SOURCE_ROOTS = ['contract', 'harness', 'generators', 'suites', 'mock'];

/**
 * Cycles that exist in areas being rewritten by their owners right now; each entry is reported
 * to them rather than edited here. The test fails on any other cycle, and on an entry here that
 * no longer exists (so the list shrinks as they are fixed).
 */
const KNOWN_CYCLES: { files: string[]; note: string }[] = [];

function importGraph(): Map<string, string[]> {
  const files = SOURCE_ROOTS.flatMap((r) => tsFiles(r)).map((f) => normalize(f));
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const info = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const deps = info.importedFiles
      .map((i) => i.fileName)
      .filter((spec) => spec.startsWith('./') || spec.startsWith('../'))
      .map((spec) => {
        const base = normalize(join(dirname(file), spec));
        const candidates = [base.replace(/\.js$/, '.ts'), `${base}.ts`, join(base, 'index.ts')];
        return candidates.find((c) => known.has(c));
      })
      .filter((d): d is string => d !== undefined);
    graph.set(file, [...new Set(deps)]);
  }
  return graph;
}

/** Strongly connected components of more than one module (or a module importing itself): Tarjan. */
function cycles(graph: Map<string, string[]>): string[][] {
  let index = 0;
  const stack: string[] = [];
  const onStack = new Set<string>();
  const idx = new Map<string, number>();
  const low = new Map<string, number>();
  const out: string[][] = [];
  const visit = (v: string): void => {
    idx.set(v, index);
    low.set(v, index);
    index += 1;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, idx.get(w)!));
    }
    if (low.get(v) === idx.get(v)) {
      const scc: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        scc.push(w);
      } while (w !== v);
      if (scc.length > 1 || (graph.get(v) ?? []).includes(v)) out.push(scc.sort());
    }
  };
  for (const v of [...graph.keys()].sort()) if (!idx.has(v)) visit(v);
  return out;
}

/**
 * The house of harness/, bottom to top: the shared types (core/); the pieces every layer uses
 * (configuration, client, pacing, coordination, generic checks…); the check wrapper the workers
 * run (check/, model/); the certificate (certify/); its output handlers (outputs/); the lock and
 * publication (publish/); the run and its hub (run/); the command lines (cli/). An import never
 * goes up.
 */
const LAYERS: [string, RegExp][] = [
  ['core', /^harness\/core\//],
  ['base', /^harness\/(auth|pacing|coordination|checks|locate)\/|^harness\/(?!conformance\.ts)[^/]+\.ts$/],
  ['check', /^harness\/(check|model)\/|^harness\/conformance\.ts$/],
  ['certify', /^harness\/certify\//],
  ['outputs', /^harness\/outputs\//],
  ['publish', /^harness\/publish\//],
  ['run', /^harness\/run\//],
  ['cli', /^harness\/cli\//],
];

const layerOf = (file: string) => LAYERS.findIndex(([, re]) => re.test(file.split(sep).join('/')));

describe('the layers of harness/', () => {
  it('every module of harness/ belongs to one layer', () => {
    expect(tsFiles('harness').filter((f) => layerOf(f) < 0)).toEqual([]);
  });

  it('no import goes back up: a layer imports only its own and the ones below', () => {
    const graph = importGraph();
    const up: string[] = [];
    for (const [file, deps] of graph) {
      if (!file.startsWith(`harness${sep}`)) continue;
      for (const dep of deps.filter((d) => d.startsWith(`harness${sep}`))) {
        if (layerOf(dep) > layerOf(file))
          up.push(`${file} (${LAYERS[layerOf(file)]![0]}) imports ${dep} (${LAYERS[layerOf(dep)]![0]})`);
      }
    }
    expect(up).toEqual([]);
  });

  it('harness/report/ is gone: the certificate, its outputs and their publication each have their folder', () => {
    expect(() => readdirSync('harness/report')).toThrow();
  });
});

describe('import cycles', () => {
  it('the resolver finds a cycle when there is one (type-only imports count)', () => {
    const g = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts']],
      ['d.ts', ['a.ts']],
    ]);
    expect(cycles(g)).toEqual([['a.ts', 'b.ts', 'c.ts']]);
    const graph = importGraph();
    // `import type { RequestContext } from './types.js'` in mock/context.ts is an edge.
    expect(graph.get(normalize('mock/context.ts'))).toContain(normalize('mock/types.ts'));
  });

  it('contract/, harness/, generators/, suites/ and mock/ import no module that imports them back', () => {
    const found = cycles(importGraph()).map((c) => c.map((f) => f.split(sep).join('/')));
    const key = (files: string[]) => [...files].sort().join(' ↔ ');
    const knownKeys = new Set(KNOWN_CYCLES.map((k) => key(k.files)));
    expect(found.filter((c) => !knownKeys.has(key(c))).map(key), 'new import cycles').toEqual([]);
    expect(
      KNOWN_CYCLES.filter((k) => !found.some((c) => key(c) === key(k.files))).map((k) => key(k.files)),
      'fixed: remove them from KNOWN_CYCLES',
    ).toEqual([]);
  });
});

describe('configuration is read in one place', () => {
  it('no module of harness/ but harness/config.ts reads process.env', () => {
    const reads: string[] = [];
    for (const file of tsFiles('harness')) {
      if (normalize(file) === normalize('harness/config.ts')) continue;
      const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
      const visit = (node: ts.Node): void => {
        if (
          ts.isPropertyAccessExpression(node) &&
          node.expression.getText(source) === 'process' &&
          node.name.text === 'env'
        ) {
          reads.push(`${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`);
        }
        ts.forEachChild(node, visit);
      };
      visit(source);
    }
    expect(reads).toEqual([]);
  });
});
