import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Certification } from '../harness/certify/certify.js';
import { mockEnv, runConformanceCli } from './support/run-cli.js';
import { startVariantServer, type VariantServer } from './variant/server.js';
import type { Transformation } from './variant/transformations.js';
import { expectValidCertification } from './support/certification-schema.js';

/**
 * Never CONFORMANT without evidence: a stand-in server whose
 * updated-date filters always answer an empty list, which once passed three filter clauses and the
 * page-object consistency on totalCount 0; a selection that matches no check; observed clauses
 * counted apart from the strict ones.
 */

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Every list asked with an updated-date bound answers as if nothing matched. */
const emptyUpdatedFilters: Transformation = {
  id: 'updated-filters-always-empty',
  why: 'a broken server, not a choice: the updated-date filters match nothing',
  response: (c, a) => {
    if (
      c.method !== 'GET' ||
      !(c.query.has('updatedDateStart') || c.query.has('updatedDateEnd')) ||
      a.status !== 200 ||
      !isObject(a.body)
    )
      return undefined;
    const body = a.body;
    if (c.path === '/items')
      return {
        ...a,
        body: {
          ...body,
          content: [],
          totalCount: 0,
          totalPages: 0,
          numberOfElements: 0,
          empty: true,
          first: true,
          last: true,
        },
      };
    if (isObject(body.results))
      return {
        ...a,
        body: {
          ...body,
          results: {
            content: [],
            pagination: {
              ...(isObject(body.results.pagination) ? body.results.pagination : {}),
              totalCount: 0,
              totalPages: 0,
            },
          },
        },
      };
    return undefined;
  },
};

describe('no verdict without evidence', () => {
  let standIn: VariantServer;
  const dirs: string[] = [];
  const run = async (env: Record<string, string>, args: string[]) => {
    const dir = mkdtempSync(join(tmpdir(), 'cnf-evidence-'));
    dirs.push(dir);
    const r = await runConformanceCli({ ENV_FILE: '/dev/null', REPORTS_DIR: dir, ...env }, args);
    const file = join(dir, 'certification.json');
    if (existsSync(file)) expectValidCertification(file);
    return { ...r, cert: existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Certification) : undefined };
  };
  beforeAll(async () => {
    standIn = await startVariantServer({}, [emptyUpdatedFilters]);
  });
  afterAll(async () => {
    await standIn.stop();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  it('does not pass updated-date filters that answer nothing, nor page counters of an empty list', async () => {
    // Our own stand-in: the appointment requests the selection creates (no archive, §3) may stay.
    const r = await run(mockEnv(standIn.mock, standIn.url), [
      '-t',
      'FILTER-UPDATED|PAGE-CONSISTENT',
      '--allow-unarchivable',
    ]);
    const verdict = (id: string) => r.cert?.clauses.find((c) => c.id === id)?.verdict;
    expect(standIn.applied['updated-filters-always-empty']).toBeGreaterThan(0);
    for (const id of [
      'VEHICLE-FILTER-UPDATED',
      'ITEM-FILTER-UPDATED',
      'APPT-FILTER-UPDATED-DATE',
      'ITEM-PAGE-CONSISTENT',
    ]) {
      expect(['failed', 'inconclusive'], `${id}: ${verdict(id)}\n${r.stdout.slice(-1500)}`).toContain(verdict(id));
    }
    // The run's own vehicle and item, updated now, are known to match: leaving them out is a failure.
    expect(verdict('VEHICLE-FILTER-UPDATED')).toBe('failed');
    expect(verdict('ITEM-FILTER-UPDATED')).toBe('failed');
    expect(r.cert?.verdict).toBe('non-conformant');
    expect(r.code).toBe(1);
  });

  it('exits 2 and writes no certification when no check matches the selection', async () => {
    const r = await run(mockEnv(standIn.mock, standIn.url), ['-t', 'NO-SUCH-CLAUSE-ANYWHERE']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/no check matched -t "NO-SUCH-CLAUSE-ANYWHERE"/);
    expect(r.cert).toBeUndefined();
  });

  it('counts observed clauses apart: they never make a run conformant by themselves', async () => {
    const r = await run({}, ['-t', 'RECORD-SHAPE']);
    expect(r.cert?.summary.observed).toBeGreaterThan(0);
    expect(r.cert?.strictSummary.passed).toBe(0);
    expect(r.cert?.verdict).toBe('inconclusive');
    expect(r.cert?.verdictCause).toMatch(/no strict clause was judged/);
    expect(r.code).toBe(3);
  });
});
