import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The fault self-check inside `npm test`: a rotating thirty-second of the hand-written faults (it
 * changes every day; SELFCHECK_SUBSET=k/n pins it) and a rotating hundredth of the faults the
 * operators generate (mock/faults/operators/, about four, known survivors aside; SELFCHECK_OPERATORS=k/n
 * pins it), in one batch beside the conforming mock. Every fault runs every night in
 * .github/workflows/selfcheck.yml (`npm run selfcheck`, `npm run selfcheck -- --operators`). It was a
 * sixteenth until npm test had to fit 319 s on 2 cores (issues 34-36): each faulted mock is a whole
 * run of the catalogue, and the sixteenth (17 runs, 106 CPU-s) was an eighth of npm test's CPU.
 */
const parts = 32;
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
        ['--', 'bin/partner-conformance.js', 'selfcheck', '--subset', subset, '--with-operators', operatorSample],
        {
          env: {
            ...process.env,
            REPORTS_DIR: reports,
            ENV_FILE: '/dev/null',
            NO_COLOR: '1',
            // One check worker: npm test keeps both cores busy, and each worker loads every check file.
            VITEST_MAX_WORKERS: '1',
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
