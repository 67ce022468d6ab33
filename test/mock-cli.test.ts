import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'dotenv';
import type { RunFacts } from '../harness/core/events.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * `npm run mock` as a user starts it: its banner is one paste away from certifying it (export
 * lines for the shell), and `--env-file` writes the same settings for `ENV_FILE=… npm run
 * conformance`. Both ways then certify that standalone mock, never the embedded one.
 */
const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const dir = mkdtempSync(join(tmpdir(), 'cnf-mock-cli-'));
const envFile = join(dir, 'mock.env');
const SETTINGS = [
  'BASE_URL',
  'ACCESS_TOKEN',
  'ACCESS_TOKEN_NO_PO',
  'ACCESS_TOKEN_EXPIRED',
  'COMPANY_ID',
  'OTHER_COMPANY_ID',
  'LOCATION_ID',
  'SECOND_LOCATION_ID',
  'CUSTOMER_ID',
  'RATE_LIMIT_GET_PER_MIN',
  'RATE_LIMIT_WRITE_PER_MIN',
];

let child: ChildProcess;
let stdout = '';

beforeAll(async () => {
  // Its own process group, so the stop reaches npm, tsx and the mock's node alike.
  child = spawn('npm', ['run', 'mock', '--', '--env-file', envFile, '--port', '0'], {
    cwd: root,
    detached: true,
    env: { ...process.env, NO_COLOR: '1' },
  });
  let stderr = '';
  child.stdout!.on('data', (c: Buffer) => (stdout += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (stderr += c.toString()));
  // The banner ends with the curl line.
  await new Promise<void>((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`no banner within 60 s:\n${stdout}\n${stderr}`)), 60_000);
    const poll = setInterval(() => {
      if (/^curl .*\n/m.test(stdout)) {
        clearInterval(poll);
        clearTimeout(timer);
        done();
      }
    }, 50);
    child.on('exit', (code) => {
      clearInterval(poll);
      clearTimeout(timer);
      fail(new Error(`npm run mock exited ${code}:\n${stdout}\n${stderr}`));
    });
  });
}, 90_000);

afterAll(async () => {
  if (child?.pid !== undefined && child.exitCode === null) {
    const exited = new Promise((done) => child.once('exit', done));
    process.kill(-child.pid, 'SIGTERM');
    await Promise.race([exited, new Promise((done) => setTimeout(done, 10_000))]);
  }
  rmSync(dir, { recursive: true, force: true });
});

const exportLines = () => stdout.split('\n').filter((l) => l.startsWith('export '));

describe('npm run mock: the settings one paste away', () => {
  it('prints one export line per setting; evaluated by bash they export BASE_URL and the rest', () => {
    expect(exportLines().map((l) => /^export ([A-Z_]+)=/.exec(l)?.[1])).toEqual(SETTINGS);
    // A clean environment, so only what the lines export shows up.
    const out = execFileSync('bash', ['-c', 'eval "$1"; env', 'paste', exportLines().join('\n')], {
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin' },
      encoding: 'utf8',
    });
    const exported = Object.fromEntries(
      out
        .split('\n')
        .flatMap((l) => (/^[A-Z_]+=/.test(l) ? [[l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]] : [])),
    );
    expect(exported.BASE_URL).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v2$/);
    expect(stdout).toContain(`listening on ${exported.BASE_URL}`);
    expect(exported.ACCESS_TOKEN).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(exported).toMatchObject({
      COMPANY_ID: 'cmp_harbor_auto',
      RATE_LIMIT_GET_PER_MIN: '0',
      RATE_LIMIT_WRITE_PER_MIN: '0',
    });
    for (const k of SETTINGS) expect(exported[k], k).toBeTruthy();
  });

  it('keeps the curl line, and its token and URL work', async () => {
    const curl = stdout.split('\n').find((l) => l.startsWith('curl '))!;
    const [, token, url] = /Bearer ([^"]+)" "([^"]+)"/.exec(curl)!;
    const res = await fetch(url!, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
  });

  it('--env-file writes the same settings as KEY=value lines, which dotenv reads back, readable by the owner only', () => {
    const text = readFileSync(envFile, 'utf8');
    expect(text).not.toMatch(/^export /m);
    const fromFile = parse(text);
    const exported = Object.fromEntries(
      exportLines().map((l) => [l.slice(7, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
    );
    expect(fromFile).toEqual(exported);
    expect(statSync(envFile).mode & 0o077).toBe(0);
    expect(stdout).toContain(`ENV_FILE=${envFile} npm run conformance`);
  });

  it('certifies that mock, not the embedded one, whether its lines are pasted into a shell or read through ENV_FILE', async () => {
    const base = exportLines()
      .find((l) => l.startsWith('export BASE_URL='))!
      .slice('export BASE_URL='.length)
      .replace(/'/g, '');
    // A user's shell: none of the harness's variables set beforehand.
    const clean = Object.fromEntries(
      Object.entries(process.env).filter(
        ([k]) =>
          !/^(BASE_URL|ACCESS_TOKEN|COMPANY_ID|CONFORMANCE_|PARTNER_CONFORMANCE_|VITEST|PARTNER_ID|AUTH_KEY|SEED|REPORTS_DIR|ENV_FILE|RATE_LIMIT)/.test(
            k,
          ),
      ),
    );
    const run = (script: string, reports: string) =>
      new Promise<{ code: number | null; out: string }>((done) => {
        const c = spawn('bash', ['-c', script, 'user', exportLines().join('\n'), reports, envFile], {
          cwd: root,
          env: { ...clean, NO_COLOR: '1', CI: '1' },
        });
        let out = '';
        c.stdout.on('data', (d) => (out += d));
        c.stderr.on('data', (d) => (out += d));
        c.on('close', (code) => done({ code, out }));
      });
    const only = "-t '^ITEM-PAGE-ONE-BASED'";
    const [pasted, fromFile] = await Promise.all([
      run(`cd "$PWD"; eval "$1"; npm run conformance -- ${only} --reports-dir "$2"`, join(dir, 'pasted')),
      run(`ENV_FILE="$3" npm run conformance -- ${only} --reports-dir "$2"`, join(dir, 'from-file')),
    ]);
    for (const [r, reports] of [
      [pasted, 'pasted'],
      [fromFile, 'from-file'],
    ] as const) {
      expect(r.code, r.out.slice(-2000)).toBe(0);
      expect(r.out).not.toMatch(/embedded reference mock/);
      const facts = JSON.parse(readFileSync(join(dir, reports, 'run.json'), 'utf8')) as { target: RunFacts['target'] };
      expect(facts.target).toMatchObject({ kind: 'live', url: base });
    }
  }, 120_000);
});
