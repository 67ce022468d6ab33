import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordedExchange, RunFacts } from '../harness/core/events.js';
import { makePlan, pulledIn, readBudgets, selectFiles } from '../harness/run/plan.js';
import { startMock, type MockServer } from '../mock/server.js';
import { mockEnv, runConformanceCli } from './support/run-cli.js';

/**
 * A selection writes only what its checks need, and says so first (issue 26 item 2): the plan of a
 * -t selection counts the shared fixtures it pulls in (their own fixtures too, writes included),
 * names the appointment requests it would leave (no archive, §3), and against a live target does
 * not create them without --allow-unarchivable.
 */
const root = mkdtempSync(join(tmpdir(), 'cnf-selection-plan-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const read = <T>(dir: string, f: string) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as T;
const exchanges = (dir: string): RecordedExchange[] =>
  readFileSync(join(dir, 'journal.jsonl'), 'utf8')
    .split('\n')
    .filter((l) => l.includes('"type":"exchange"'))
    .map((l) => (JSON.parse(l) as { exchange: RecordedExchange }).exchange);
/** What the checks and their fixtures sent: the plan's scope (the preflight and the cleanup are the run's own). */
const used = (xs: RecordedExchange[]) => {
  const mine = xs.filter((x) => !['preflight', 'cleanup', 'unattributed'].includes(x.owner));
  return { get: mine.filter((x) => x.method === 'GET').length, write: mine.filter((x) => x.method !== 'GET').length };
};
const appointmentCreates = (xs: RecordedExchange[]) =>
  xs.filter((x) => x.method === 'POST' && x.url.includes('/appointmentRequests/create'));

describe('the plan of a -t selection, from the learned budgets', () => {
  const budgets = readBudgets();
  const selection = { mode: 'full' as const, pattern: 'PLATFORM-JSON-ANSWERS' };
  const files = selectFiles(selection, budgets);
  const limits = { getPerMin: 150, writePerMin: 50 };

  it('counts every shared fixture the check pulls in, through the fixtures those use, writes included', () => {
    const plan = makePlan(budgets, selection, files, limits);
    const check = budgets.entries.find((e) => e.key === 'PLATFORM-JSON-ANSWERS')!;
    const closure = pulledIn(budgets, check.uses ?? []);
    // The appointment sample makes the appointment fixture first in full mode: a write pulled in one level down.
    expect(closure.has('shared:appointmentRequests')).toBe(true);
    expect(plan.estimate.sharedTasks).toBe(closure.size);
    expect(plan.estimate.write).toBeGreaterThan(0);
    expect(plan.estimate.unarchivable).toEqual({ records: expect.any(Number), refused: false });
    expect(plan.estimate.unarchivable!.records).toBeGreaterThan(0);
  });

  it('hands vitest only the files that hold a matching check, and keeps a file the budgets do not know', () => {
    const own = budgets.entries.find((e) => e.key === 'PLATFORM-JSON-ANSWERS')!.file!;
    expect(files).toEqual([own]);
    const unknown = 'suites/platform/not-learned-yet.check.ts';
    expect(selectFiles(selection, budgets, [own, unknown, budgets.entries[0]!.file!]).sort()).toEqual(
      [own, unknown].sort(),
    );
    // Every file of a matching check, however many: -t '^ITEM-' holds every items check file.
    const items = new Set(budgets.entries.filter((e) => e.name?.startsWith('ITEM-')).map((e) => e.file));
    expect(new Set(selectFiles({ mode: 'full', pattern: '^ITEM-' }, budgets))).toEqual(items);
    expect(selectFiles({ mode: 'full', pattern: 'NO-SUCH-CHECK' }, budgets)).toEqual([]);
  });

  it('refused: the fixtures that create appointment requests and their writes leave the plan', () => {
    const allowed = makePlan(budgets, selection, files, limits, 'allowed');
    const refused = makePlan(budgets, selection, files, limits, 'refused');
    expect(refused.estimate.unarchivable?.refused).toBe(true);
    expect(refused.estimate.write).toBeLessThan(allowed.estimate.write);
    expect(refused.estimate.checks).toBe(1);
  });
});

describe('-t PLATFORM-JSON-ANSWERS against a live-like target (BASE_URL set)', () => {
  let mock: MockServer;
  beforeAll(async () => {
    mock = await startMock();
  });
  afterAll(() => mock.stop());
  // As the budgets were learned: frugal (rate limits set, high enough not to slow the test), NUM_RUNS 2, a learned seed.
  const env = (dir: string) => ({
    ...mockEnv(mock),
    REPORTS_DIR: dir,
    SEED: '7001',
    NUM_RUNS: '2',
    RATE_LIMIT_GET_PER_MIN: '6000',
    RATE_LIMIT_WRITE_PER_MIN: '6000',
  });

  it('without --allow-unarchivable: names them first, creates none, and uses what it planned', async () => {
    const dir = join(root, 'refused');
    const run = await runConformanceCli(env(dir), ['-t', 'PLATFORM-JSON-ANSWERS']);
    expect(run.code, run.stdout.slice(-3000) + run.stderr.slice(-2000)).toBe(0);
    const plan = read<RunFacts>(dir, 'run.json').planned.plan;
    expect(plan.unarchivable).toMatchObject({ refused: true });
    const lines = run.stdout.split('\n');
    const named = lines.findIndex((l) => /unarchivable: .*appointment request.*--allow-unarchivable/.test(l));
    expect(named, run.stdout.slice(0, 2000)).toBeGreaterThan(-1);
    // Among the start lines, printed before the preflight's first request; the verdict comes last.
    expect(named).toBeLessThan(lines.findIndex((l) => /^Verdict: /.test(l)));
    expect(lines.slice(0, named).some((l) => /^ {2}plan: /.test(l))).toBe(true);
    const xs = exchanges(dir);
    expect(appointmentCreates(xs)).toEqual([]);
    expect(used(xs)).toEqual({ get: plan.get, write: plan.write });
  }, 300_000);

  it('with --allow-unarchivable: creates them, says so first, and uses what it planned', async () => {
    const dir = join(root, 'allowed');
    const run = await runConformanceCli(env(dir), ['-t', 'PLATFORM-JSON-ANSWERS', '--allow-unarchivable']);
    expect(run.code, run.stdout.slice(-3000) + run.stderr.slice(-2000)).toBe(0);
    const plan = read<RunFacts>(dir, 'run.json').planned.plan;
    expect(plan.unarchivable).toMatchObject({ refused: false });
    expect(run.stdout).toMatch(/unarchivable: the run leaves about \d+ appointment request\(s\)/);
    const xs = exchanges(dir);
    expect(appointmentCreates(xs).length).toBe(plan.unarchivable!.records);
    expect(used(xs)).toEqual({ get: plan.get, write: plan.write });
  }, 300_000);
});

// The read-only runs' plan (within 15% of the GETs used, counts that agree) is judged in
// test/readonly.test.ts, on the read-only runs that file makes anyway.
