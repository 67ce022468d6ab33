import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'dotenv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * `npm run mock` as a user starts it: its banner is one paste away from certifying it (export
 * lines for the shell), and `--env-file` writes the same settings for `ENV_FILE=… npm run
 * conformance`. The conformance run itself is not started here.
 */
const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const dir = mkdtempSync(join(tmpdir(), 'cnf-mock-cli-'));
const envFile = join(dir, 'mock.env');
const SETTINGS = ['BASE_URL', 'ACCESS_TOKEN', 'ACCESS_TOKEN_NO_PO', 'ACCESS_TOKEN_EXPIRED', 'COMPANY_ID', 'OTHER_COMPANY_ID', 'LOCATION_ID', 'CUSTOMER_ID', 'RATE_LIMIT_GET_PER_MIN', 'RATE_LIMIT_WRITE_PER_MIN'];

let child: ChildProcess;
let stdout = '';

beforeAll(async () => {
  // Its own process group, so the stop reaches npm, tsx and the mock's node alike.
  child = spawn('npm', ['run', 'mock', '--', '--env-file', envFile, '--port', '0'], { cwd: root, detached: true, env: { ...process.env, NO_COLOR: '1' } });
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
    const out = execFileSync('bash', ['-c', 'eval "$1"; env', 'paste', exportLines().join('\n')], { env: { PATH: process.env.PATH ?? '/usr/bin:/bin' }, encoding: 'utf8' });
    const exported = Object.fromEntries(out.split('\n').flatMap((l) => (/^[A-Z_]+=/.test(l) ? [[l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]] : [])));
    expect(exported.BASE_URL).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v2$/);
    expect(stdout).toContain(`listening on ${exported.BASE_URL}`);
    expect(exported.ACCESS_TOKEN).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(exported).toMatchObject({ COMPANY_ID: 'cmp_harbor_auto', RATE_LIMIT_GET_PER_MIN: '0', RATE_LIMIT_WRITE_PER_MIN: '0' });
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
    const exported = Object.fromEntries(exportLines().map((l) => [l.slice(7, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]));
    expect(fromFile).toEqual(exported);
    expect(statSync(envFile).mode & 0o077).toBe(0);
    expect(stdout).toContain(`ENV_FILE=${envFile} npm run conformance`);
  });
});
