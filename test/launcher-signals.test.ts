import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import type { Certification } from '../harness/certify/certify.js';
import { launcherOf, watchLauncher } from '../harness/run/signals.js';

/**
 * A process manager or a CI runner signals the process it started, `npm run conformance`, and
 * nothing else: npm and its shell die, and the harness below them hears nothing. The harness
 * watches its launcher and stops as on SIGTERM: the same INTERRUPTED publication, the cleanup
 * done, and no process of the run left.
 */
const root = fileURLToPath(new URL('..', import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'cnf-launcher-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const onLinux = existsSync('/proc/self/stat');

/** Every descendant of a process, from /proc. */
function descendants(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(name)]);
    } catch {
      // ended meanwhile
    }
  }
  const out: number[] = [];
  const walk = (p: number) => {
    for (const c of children.get(p) ?? []) {
      out.push(c);
      walk(c);
    }
  };
  walk(pid);
  return out;
}

/** The pids among these that `ps` still lists. */
const running = (pids: number[]) =>
  pids.length
    ? spawnSync('ps', ['-o', 'pid=', '-p', pids.join(',')], { encoding: 'utf8' })
        .stdout.split('\n')
        .map((l) => Number(l.trim()))
        .filter(Boolean)
    : [];

describe('the launcher ends', () => {
  it.skipIf(!onLinux)('watchLauncher sees the parent end when a shell leaves its child behind', async () => {
    // A shell that starts this test's probe and leaves once the probe has seen it (a file says so, not
    // a fixed sleep: a loaded machine takes seconds to start node): the probe is handed to another parent.
    const ready = join(work, 'probe-ready');
    const probe = `
      import('${join(root, 'harness/run/signals.ts')}').then(({ launcherOf, watchLauncher }) => {
        console.log(JSON.stringify(launcherOf()));
        require('node:fs').writeFileSync('${ready}', '');
        watchLauncher((why) => { console.log('GONE ' + why); process.exit(0); }, { intervalMs: 50 });
        setTimeout(() => process.exit(3), 10000);
      });`;
    const waitReady = `n=0; while [ ! -e '${ready}' ] && [ $n -lt 300 ]; do sleep 0.1; n=$((n+1)); done`;
    const sh = spawn(
      'sh',
      ['-c', `${process.execPath} --import tsx -e "${probe.replace(/"/g, '\\"')}" & ${waitReady}`],
      {
        cwd: root,
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let out = '';
    sh.stdout.on('data', (c: Buffer) => (out += c.toString()));
    await new Promise((r) => sh.on('close', r));
    // The probe outlives sh by up to the poll: the pipe closes when it exits.
    await new Promise((r) => setTimeout(r, 1_000));
    const [chain] = out.split('\n');
    expect(JSON.parse(chain!)).toEqual([sh.pid]);
    expect(out).toMatch(new RegExp(`GONE the process that launched this run, ${sh.pid} \\(sh -c .*\\), ended`));
    expect(launcherOf()).toContain(process.ppid);
    expect(typeof watchLauncher).toBe('function');
  });

  it.skipIf(!onLinux)(
    'SIGTERM to the npm process of `npm run conformance`: an INTERRUPTED bundle that verifies, and no process left',
    async () => {
      const dir = join(work, 'npm-term');
      const env: Record<string, string> = {};
      for (const [k, v] of Object.entries(process.env))
        if (
          v !== undefined &&
          !k.startsWith('VITEST') &&
          !/^(BASE_URL|ACCESS_TOKEN|COMPANY_ID|CI|REPORTS_DIR)$/.test(k)
        )
          env[k] = v;
      Object.assign(env, {
        REPORTS_DIR: dir,
        ENV_FILE: '/dev/null',
        CONFORMANCE_CONFIG: '/dev/null',
        VITEST_MAX_WORKERS: '2',
        NO_COLOR: '1',
        CI: '1',
        // Paced, so the checks outlast the first progress line (5 s): unpaced, a whole run on the
        // embedded mock now ends its checks in about 4 s, and the signal would land in its cleanup.
        RATE_LIMIT_GET_PER_MIN: '600',
        RATE_LIMIT_WRITE_PER_MIN: '300',
      });
      const npm = spawn('npm', ['run', 'conformance'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
      let out = '';
      let tree: number[] = [];
      let killedAt = 0;
      const closed = new Promise<number>((r) => npm.on('close', () => r(Date.now())));
      const guard = setTimeout(() => {
        for (const pid of [npm.pid!, ...tree]) {
          try {
            process.kill(pid, 'SIGKILL');
          } catch {
            // gone
          }
        }
      }, 150_000);
      await new Promise<void>((ready) => {
        const onData = (c: Buffer) => {
          out += c.toString();
          // Checks under way: the harness has planned them and started its workers (the first progress
          // line, however many have ended: a short run may end most of them before the second).
          if (!killedAt && /\d+\/\d+ checks/.test(out)) {
            tree = descendants(npm.pid!);
            killedAt = Date.now();
            process.kill(npm.pid!, 'SIGTERM');
            ready();
          }
        };
        npm.stdout.on('data', onData);
        npm.stderr.on('data', onData);
        npm.on('close', () => ready());
      });
      const endedAt = await closed;
      clearTimeout(guard);
      expect(killedAt, out.slice(-2000)).toBeGreaterThan(0);
      // npm, its shell and the harness were all there when npm got its SIGTERM.
      expect(tree.length, out.slice(-2000)).toBeGreaterThanOrEqual(2);
      // A helper of the harness (tsx's esbuild service) ends when its pipe from the harness closes: a moment later.
      for (let i = 0; i < 20 && running(tree).length; i++) await new Promise((r) => setTimeout(r, 250));
      const left = running(tree).map(
        (pid) => `${pid} ${spawnSync('ps', ['-o', 'args=', '-p', String(pid)], { encoding: 'utf8' }).stdout.trim()}`,
      );
      expect(left, out.slice(-2000)).toEqual([]);
      expect(endedAt - killedAt).toBeLessThan(60_000);
      expect(out).toMatch(/the process that launched this run, \d+ .*ended: stopping as on SIGTERM/);
      const cert = JSON.parse(readFileSync(join(dir, 'certification', 'certification.json'), 'utf8')) as Certification;
      expect(cert.verdict, out.slice(-3000)).toBe('interrupted');
      const verify = spawnSync('npm', ['run', '--silent', 'verify-bundle', '--', join(dir, 'certification')], {
        cwd: root,
        env,
        encoding: 'utf8',
      });
      expect(verify.status, verify.stdout + verify.stderr).toBe(0);
      expect(readdirSync(dir).filter((f) => f.startsWith('.'))).toEqual([]);
    },
    200_000,
  );
});
