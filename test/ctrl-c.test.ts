import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import type { Certification } from '../harness/certify/certify.js';
import { verifyManifest } from '../harness/outputs/manifest.js';

/**
 * Ctrl-C the way a person does it: `npm run conformance` in a real pseudo-terminal (util-linux
 * `script`), and the ETX byte (^C) typed into it, which the terminal turns into SIGINT for the
 * whole foreground process group (npm, the harness, everything under it; npm also forwards it).
 * At three moments (loading, checks, cleanup), twice each: the prompt comes back within 10 s,
 * exit 130, and an INTERRUPTED certification is published that verifies, with no lock left; at the
 * cleanup, every check having finished, the run's own verdict is published instead (still exit 130).
 */
const SCRIPT = '/usr/bin/script';
const root = fileURLToPath(new URL('..', import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'cnf-ctrl-c-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

type Moment = 'loading' | 'checks' | 'cleanup';

/** When to type ^C, from what the terminal shows. */
const ready: Record<Moment, (screen: string) => boolean> = {
  loading: (s) => s.includes('Certifying '),
  checks: (s) => [...s.matchAll(/total +(\d+)\/\d+/g)].some((m) => Number(m[1]) >= 20),
  cleanup: (s) => s.includes('cleanup: archiving'),
};

interface Try {
  moment: Moment;
  typedAt?: number;
  exitedAt: number;
  code: number | null;
  screen: string;
  dir: string;
}

function tryOnce(moment: Moment, n: number, target: Record<string, string> = {}, args = ''): Promise<Try> {
  const dir = join(work, `${moment}-${n}`);
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env))
    if (
      v !== undefined &&
      !k.startsWith('VITEST') &&
      !/^(BASE_URL|ACCESS_TOKEN|COMPANY_ID|CI|NO_COLOR|REPORTS_DIR|SEED)$/.test(k)
    )
      env[k] = v;
  Object.assign(
    env,
    {
      REPORTS_DIR: dir,
      ENV_FILE: '/dev/null',
      SEED: String(100 + n),
      TERM: 'xterm',
      COLUMNS: '120',
      LINES: '40',
      // One check worker: six runs, two at a time, each loading every check file per worker.
      VITEST_MAX_WORKERS: '1',
    },
    target,
  );
  return new Promise((done, fail) => {
    // -q quiet, -f flush, -e exit with the command's code; the typescript goes to /dev/null.
    const child = spawn(SCRIPT, ['-qfec', `npm run conformance${args ? ` -- ${args}` : ''}`, '/dev/null'], {
      cwd: resolve(root),
      env,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let screen = '';
    let typedAt: number | undefined;
    const onData = (c: Buffer) => {
      screen += c.toString();
      if (typedAt === undefined && ready[moment](screen)) {
        typedAt = Date.now();
        child.stdin.write('\x03');
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    const guard = setTimeout(() => child.kill('SIGKILL'), 120_000);
    child.on('error', fail);
    child.on('close', (code) => {
      clearTimeout(guard);
      done({ moment, typedAt, exitedAt: Date.now(), code, screen, dir });
    });
  });
}

// Six tries, two at each moment. It was ten, a sixth of npm test's CPU once npm test had to fit 319 s
// on 2 cores; for more, run this file again (npx vitest run --project self test/ctrl-c.test.ts).
const plan: Moment[] = ['loading', 'checks', 'cleanup', 'checks', 'loading', 'cleanup'];

describe('Ctrl-C in a terminal', () => {
  it.skipIf(!existsSync(SCRIPT))(
    'gives the prompt back within 10 s and publishes a certification that verifies (INTERRUPTED, or the verdict of the run once every check finished), 6 times out of 6',
    async () => {
      const { startMock } = await import('../mock/server.js');
      // The embedded mock archives in milliseconds: the cleanup moment needs a target that takes its time.
      // One clause's checks (their fixtures make customers and vehicles) are enough to reach a real cleanup.
      const slow = await startMock({ knobs: { latencyMs: 150 } });
      const f = slow.fixtures;
      const slowTarget = {
        BASE_URL: slow.url,
        ACCESS_TOKEN: slow.tokens.full,
        COMPANY_ID: f.companyId,
        CUSTOMER_ID: f.customerId,
        LOCATION_ID: f.locationId,
        OTHER_COMPANY_ID: f.otherCompanyId,
        RATE_LIMIT_GET_PER_MIN: '0',
        RATE_LIMIT_WRITE_PER_MIN: '0',
        MAX_CONCURRENCY: '8',
      };
      // Checks: a third of the catalogue (63 checks, two areas) is under way at the 20th, as the whole
      // would be, for half the CPU of loading every check file.
      const triesAt: Record<'checks' | 'cleanup', [Record<string, string>, string]> = {
        checks: [{}, "-t '^(ITEM|VEHICLE)-'"],
        cleanup: [slowTarget, "-t '^VEHICLE-CREATE'"],
      };
      const tries: Try[] = [];
      try {
        // Two at a time: each try is a whole run with its own REPORTS_DIR.
        for (let i = 0; i < plan.length; i += 2)
          tries.push(
            ...(await Promise.all(
              plan
                .slice(i, i + 2)
                .map((m, j) => (m === 'loading' ? tryOnce(m, i + j) : tryOnce(m, i + j, ...triesAt[m]))),
            )),
          );
      } finally {
        await slow.stop();
      }
      const problems: string[] = [];
      for (const t of tries) {
        const label = `${t.moment} #${tries.indexOf(t)}`;
        const tail = t.screen.replace(/\x1b\[[0-9;?]*[A-Za-z]/g, '').slice(-1500);
        if (t.typedAt === undefined) {
          problems.push(`${label}: the run ended before ^C could be typed (${t.code})`);
          continue;
        }
        const tookMs = t.exitedAt - t.typedAt;
        if (tookMs > 10_000) problems.push(`${label}: the prompt came back ${tookMs} ms after ^C`);
        if (t.code !== 130) problems.push(`${label}: exit ${t.code}, expected 130\n${tail}`);
        const file = join(t.dir, 'certification', 'certification.json');
        if (!existsSync(file)) {
          problems.push(`${label}: no certification bundle was published\n${tail}`);
          continue;
        }
        const cert = JSON.parse(readFileSync(file, 'utf8')) as Certification;
        if ((cert.verdict === 'interrupted') !== (t.moment !== 'cleanup'))
          problems.push(`${label}: the bundle says ${cert.verdict}`);
        const check = verifyManifest(join(t.dir, 'certification'));
        if (!check.ok) problems.push(`${label}: the bundle does not verify: ${check.problems.join(', ')}`);
        const left = readdirSync(t.dir).filter((f) => f.startsWith('.'));
        if (left.length) problems.push(`${label}: left behind in REPORTS_DIR: ${left.join(', ')}`);
        const shown =
          t.moment === 'cleanup' ? /stopping the cleanup[\s\S]*Verdict: (?!INTERRUPTED)/ : /Verdict: INTERRUPTED/;
        if (!shown.test(t.screen.replace(/\x1b\[[0-9;?]*[A-Za-z]/g, '')))
          problems.push(
            `${label}: the terminal never showed the ${t.moment === 'cleanup' ? "run's own" : 'INTERRUPTED'} verdict\n${tail}`,
          );
      }
      console.log(
        tries
          .map((t) => `${t.moment}: ^C → prompt in ${t.typedAt ? t.exitedAt - t.typedAt : '?'} ms, exit ${t.code}`)
          .join('\n'),
      );
      expect(problems).toEqual([]);
    },
    600_000,
  );
});

describe('a second Ctrl-C', () => {
  it.skipIf(!existsSync(SCRIPT))(
    'leaves at once and writes what is left to archive, with the npm run cleanup line',
    async () => {
      const { startMock } = await import('../mock/server.js');
      // A slow target from the first ^C on, so the cleanup after it is still under way at the second;
      // until then a little latency only, so the checks take seconds, not a minute, to create vehicles.
      const mock = await startMock({ knobs: { latencyMs: 300 } });
      const dir = join(work, 'twice');
      const f = mock.fixtures;
      const env: Record<string, string> = {};
      for (const [k, v] of Object.entries(process.env))
        if (v !== undefined && !k.startsWith('VITEST') && !/^(CI|NO_COLOR|REPORTS_DIR|SEED)$/.test(k)) env[k] = v;
      Object.assign(env, {
        REPORTS_DIR: dir,
        ENV_FILE: '/dev/null',
        TERM: 'xterm',
        BASE_URL: mock.url,
        ACCESS_TOKEN: mock.tokens.full,
        COMPANY_ID: f.companyId,
        CUSTOMER_ID: f.customerId,
        LOCATION_ID: f.locationId,
        RATE_LIMIT_GET_PER_MIN: '0',
        RATE_LIMIT_WRITE_PER_MIN: '0',
        MAX_CONCURRENCY: '4',
      });
      try {
        const result = await new Promise<{ code: number | null; screen: string; secondAt?: number; exitedAt: number }>(
          (done, fail) => {
            const child = spawn(SCRIPT, ['-qfec', "npm run conformance -- -t '^VEHICLE-CREATE'", '/dev/null'], {
              cwd: resolve(root),
              env,
              stdio: ['pipe', 'pipe', 'pipe'],
            });
            let screen = '';
            let first = false;
            let secondAt: number | undefined;
            const onData = (c: Buffer) => {
              screen += c.toString();
              // The first ^C once vehicles were created; the second a little over a second later (a repeat within one second is the same keypress), during the cleanup.
              if (!first && /vehicles +[1-9]\d*\/\d+/.test(screen.replace(/\x1b\[[0-9;?]*[A-Za-z]/g, ''))) {
                first = true;
                mock.knobs.latencyMs = 2000;
                child.stdin.write('\x03');
                setTimeout(() => {
                  secondAt = Date.now();
                  child.stdin.write('\x03');
                }, 1_150);
              }
            };
            child.stdout.on('data', onData);
            child.stderr.on('data', onData);
            const guard = setTimeout(() => child.kill('SIGKILL'), 180_000);
            child.on('error', fail);
            child.on('close', (code) => {
              clearTimeout(guard);
              done({ code, screen: screen.replace(/\x1b\[[0-9;?]*[A-Za-z]/g, ''), secondAt, exitedAt: Date.now() });
            });
          },
        );
        expect(result.code, result.screen.slice(-2000)).toBe(130);
        expect(result.secondAt, 'the run ended before the second ^C').toBeDefined();
        expect(result.exitedAt - result.secondAt!).toBeLessThan(3_000);
        const line = /archive them with: npm run cleanup -- (\S+leftovers-\S+\.json)/.exec(result.screen);
        expect(line, result.screen.slice(-2000)).not.toBeNull();
        const left = JSON.parse(readFileSync(line![1]!, 'utf8')) as {
          marker: string;
          leftovers: { resource: string; id?: string }[];
        };
        expect(left.marker).toMatch(/^cnf-/);
        expect(left.leftovers.length).toBeGreaterThan(0);
        expect(readdirSync(dir).filter((f) => f === '.lock')).toEqual([]);
      } finally {
        await mock.stop();
      }
    },
    240_000,
  );
});
