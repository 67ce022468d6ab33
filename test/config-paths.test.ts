import { spawn } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadSettings, settingsCatalogue, specMissingWarning } from '../harness/config.js';
import { PROJECT_ROOT } from '../harness/core/paths.js';
import { renderOutputs } from '../harness/outputs/registry.js';
import { startLines } from '../harness/outputs/start-lines.js';
import { facts, runCli, sampleCertification, sampleJournal } from './report-fixtures.js';
import { fakeTarget, json } from './support/fake-target.js';
import { runConformanceCli, type CliRun } from './support/run-cli.js';

const settingNames = new Set(settingsCatalogue.map((s) => s.name));

/**
 * A path the user names must exist: a wrong one is exit 2 with one line naming the variable,
 * before anything starts. A path the user never set and the harness cannot find is a warning.
 */
const dir = mkdtempSync(join(tmpdir(), 'cnf-paths-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const aFile = join(dir, 'a-file');
writeFileSync(aFile, 'not a directory');

const errorLines = (r: Pick<CliRun, 'stderr'>) =>
  r.stderr.split('\n').filter((l) => l.trim() && !/^npm warn|ExperimentalWarning|--trace-warnings/i.test(l));

describe('explicit bad paths: exit 2, one line naming the variable', () => {
  const cases: [string, Record<string, string>, RegExp][] = [
    [
      'ENV_FILE',
      { ENV_FILE: '/tmp/nope-cnf.env' },
      /^Configuration error: ENV_FILE points at \/tmp\/nope-cnf\.env, which does not exist$/,
    ],
    [
      'SPEC_PATH',
      { SPEC_PATH: '/tmp/nope-cnf.md' },
      /^Configuration error: SPEC_PATH points at \/tmp\/nope-cnf\.md, which does not exist$/,
    ],
    [
      'CONFORMANCE_PROFILE',
      { CONFORMANCE_PROFILE: '/tmp/nope-cnf-profile.json' },
      /^Configuration error: CONFORMANCE_PROFILE points at \/tmp\/nope-cnf-profile\.json, which does not exist$/,
    ],
    [
      'REPORTS_DIR',
      { REPORTS_DIR: aFile },
      new RegExp(`^Configuration error: REPORTS_DIR points at ${aFile}, which is a file, not a directory$`),
    ],
    [
      'ALLURE_HISTORY_DIR',
      { ALLURE_HISTORY_DIR: aFile },
      new RegExp(`^Configuration error: ALLURE_HISTORY_DIR points at ${aFile}, which is a file, not a directory$`),
    ],
  ];

  it.each(cases)('npm run conformance with a bad %s', async (_name, env, line) => {
    const r = await runConformanceCli({ ENV_FILE: '/dev/null', REPORTS_DIR: join(dir, 'reports'), ...env });
    expect(r.code, r.stdout + r.stderr).toBe(2);
    expect(errorLines(r)).toHaveLength(1);
    expect(errorLines(r)[0]).toMatch(line);
    expect(r.stderr).not.toMatch(/\n\s+at /);
    expect(r.stdout).not.toMatch(/Certifying/);
  });

  it.each(cases.filter(([name]) => ['ENV_FILE', 'REPORTS_DIR', 'ALLURE_HISTORY_DIR'].includes(name)))(
    'npm run report with a bad %s',
    async (_name, env, line) => {
      const r = await runCli('report', [], { ENV_FILE: '/dev/null', REPORTS_DIR: join(dir, 'reports'), ...env });
      expect(r.code, r.stdout + r.stderr).toBe(2);
      expect(errorLines(r)).toHaveLength(1);
      expect(errorLines(r)[0]).toMatch(line);
    },
  );
});

describe('a spec that was never configured and is not beside the checkout', () => {
  const settings = loadSettings({}, { dotenv: false, defaultSpec: join(dir, 'shared/spec/partner-api-v2.md') });

  it('is a warning, not an error: the run goes on without a spec hash', () => {
    expect(settings.spec).toMatchObject({ explicit: false, found: false });
    expect(settings.warnings).toEqual([
      `NO SPEC HASH: the spec was not found at ${join(dir, 'shared/spec/partner-api-v2.md')}; set SPEC_PATH to your copy of partner-api-v2.md, or the certification records no spec hash`,
    ]);
  });

  it('tells a package user that the spec is not shipped and names SPEC_PATH', () => {
    expect(specMissingWarning('/anywhere', true)).toBe(
      'NO SPEC HASH: the spec is not part of the package; set SPEC_PATH to your copy of partner-api-v2.md, or the certification records no spec hash',
    );
    expect(specMissingWarning('/x/spec.md', false)).toMatch(
      /^NO SPEC HASH: the spec was not found at \/x\/spec\.md; set SPEC_PATH/,
    );
  });

  it('is on the console, in the start block', () => {
    const lines = startLines(facts({ warnings: settings.warnings }), { pid: 1, reportsDir: dir });
    expect(lines.filter((l) => l.startsWith('  warning: '))).toEqual([`  warning: ${settings.warnings[0]}`]);
  });

  it('is in the certification: json, markdown and the bundle page', () => {
    const events = sampleJournal(facts({ warnings: settings.warnings }));
    const stage = join(dir, 'stage');
    const cert = sampleCertification(events);
    renderOutputs(stage, cert, events);
    expect(cert.warnings).toEqual(settings.warnings);
    expect(cert.spec.sha256).toBeNull();
    expect(JSON.parse(readFileSync(join(stage, 'certification.json'), 'utf8')).warnings).toEqual(settings.warnings);
    expect(readFileSync(join(stage, 'certification.md'), 'utf8')).toContain(`- Warning: ${settings.warnings[0]}`);
    expect(readFileSync(join(stage, 'certification', 'index.html'), 'utf8')).toContain('set SPEC_PATH to your copy');
  });
});

describe('a .env copied from .env.example beside a config file that names the target, read-only (issue 26)', () => {
  it('reaches that target, not the embedded mock, and sends it no write', async () => {
    const target = await fakeTarget((req, res) =>
      json(res, 200, { items: [], page: { number: 1, size: 20, totalElements: 0, totalPages: 0 } }),
    );
    try {
      const d = mkdtempSync(join(dir, 'case-'));
      copyFileSync(join(PROJECT_ROOT, '.env.example'), join(d, '.env'));
      writeFileSync(
        join(d, 'conformance.config.json'),
        JSON.stringify({
          BASE_URL: target.url,
          COMPANY_ID: 'c-1',
          CONFORMANCE_MODE: 'readonly',
          RATE_LIMIT_GET_PER_MIN: 300,
        }),
      );
      const env: Record<string, string> = {};
      for (const [k, v] of Object.entries(process.env))
        if (v !== undefined && !/^(VITEST|NODE_ENV$|TEST$|PARTNER_CONFORMANCE_)/.test(k) && !settingNames.has(k))
          env[k] = v;
      Object.assign(env, { ACCESS_TOKEN: 'fake-token-123456', VITEST_MAX_WORKERS: '2', NO_COLOR: '1' });
      // The installed command, started in the user's folder: .env and conformance.config.json are found there.
      const child = spawn(
        process.execPath,
        [join(PROJECT_ROOT, 'bin/partner-conformance.js'), 'run', '-t', 'PLATFORM-JSON-ANSWERS'],
        {
          cwd: d,
          env,
        },
      );
      let out = '';
      child.stdout.on('data', (c) => (out += c));
      child.stderr.on('data', (c) => (out += c));
      const code = await new Promise<number | null>((r) => child.on('close', r));
      expect(out).toContain(`Certifying ${target.url} (live target)`);
      expect(out).toMatch(/mode readonly \(from config file conformance\.config\.json\)/);
      expect(out).toContain('rate limits 300 GETs/min');
      expect(code, out).not.toBe(2);
      expect(target.seen.length).toBeGreaterThan(0);
      expect(target.seen.filter((s) => s.method !== 'GET')).toEqual([]);
      const facts = JSON.parse(readFileSync(join(d, 'reports', 'run.json'), 'utf8'));
      expect(facts.mode).toBe('readonly');
      expect(facts.configSources).toMatchObject({
        BASE_URL: 'config file conformance.config.json',
        ACCESS_TOKEN: 'environment ACCESS_TOKEN',
      });
      expect(JSON.stringify(facts)).not.toContain('fake-token-123456');
    } finally {
      await target.stop();
    }
  });
});
