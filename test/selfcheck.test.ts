import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The fault self-check inside `npm test`: a rotating sixteenth of the faults (it changes every day, so
 * sixteen days of CI cover every fault); `npm run selfcheck` runs them all. SELFCHECK_SUBSET=k/n pins it.
 * A sixteenth (11 or 12) and the generated sample fit one batch of the self-check (40 faulted mocks).
 * It was an eighth until the suites grew past the time npm test had when issue 25 was filed (393 s
 * on the 2 cores that measured both): the self-check was the longest file, and half of it is what
 * the rest needed. Beside them, in the same batch, a rotating hundredth of the faults the operators
 * generate (mock/faults/operators/, about four, known survivors aside; SELFCHECK_OPERATORS=k/n pins
 * it): `npm run selfcheck -- --operators` runs them all.
 */
const parts = 16;
const day = Math.floor(Date.now() / 86_400_000);
const subset = process.env.SELFCHECK_SUBSET ?? `${day % parts}/${parts}`;
const operatorParts = 100;
const operatorSample = process.env.SELFCHECK_OPERATORS ?? `${day % operatorParts}/${operatorParts}`;

describe('fault self-check', () => {
  it(
    `catches every fault of subset ${subset} and generated-fault sample ${operatorSample}, precisely, with no failure on the conforming mock`,
    // About two minutes on a quiet machine; under a load average of 23 the eighth took 568 s.
    { timeout: 900_000 },
    async () => {
      const reports = mkdtempSync(join(tmpdir(), 'cnf-selfcheck-'));
      const child = spawn(
        process.execPath,
        ['bin/partner-conformance.js', 'selfcheck', '--subset', subset, '--with-operators', operatorSample],
        {
          env: {
            ...process.env,
            REPORTS_DIR: reports,
            ENV_FILE: '/dev/null',
            NO_COLOR: '1',
            VITEST: undefined,
            VITEST_MODE: undefined,
            VITEST_POOL_ID: undefined,
            VITEST_WORKER_ID: undefined,
          },
        },
      );
      let out = '';
      child.stdout.on('data', (d) => (out += d));
      child.stderr.on('data', (d) => (out += d));
      const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
      const report = JSON.parse(readFileSync(join(reports, 'selfcheck.json'), 'utf8')) as {
        summary: string;
        cleanFailures: string[];
        clausesWithoutFault: string[];
        rows: { id: string; precise: boolean; unnamed: string[] }[];
      };
      // The sample ran: some of the rows are generated faults (`<operator>:<target>`).
      expect(report.rows.some((r) => r.id.includes(':'))).toBe(true);
      console.log(`selfcheck subset ${subset}: ${report.summary}`);
      expect(report.cleanFailures, out.slice(-3000)).toEqual([]);
      expect(report.clausesWithoutFault).toEqual([]);
      const m = /^detected (\d+)\/(\d+) faults, precise (\d+)\/(\d+)$/.exec(report.summary);
      expect(m, report.summary).not.toBeNull();
      expect(Number(m![2])).toBeGreaterThan(0);
      expect(m![1], out.slice(-3000)).toEqual(m![2]);
      // Hand-written faults are caught precisely; generated ones are caught (their precision is measured).
      const handWritten = report.rows.filter((r) => !r.id.includes(':'));
      expect(handWritten.filter((r) => !r.precise).map((r) => r.id)).toEqual([]);
      // Every failure a hand-written fault provokes names the exchange that shows it (request and curl line).
      expect(handWritten.flatMap((r) => r.unnamed.map((u) => `${r.id}: ${u}`))).toEqual([]);
      expect(code).toBe(0);
    },
  );
});
