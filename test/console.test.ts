import { describe, expect, it } from 'vitest';
import type { TestCase, TestModule, TestSpecification } from 'vitest/node';
import { areas } from '../contract/clause.js';
import ConsoleReporter from '../harness/report/console-reporter.js';

/** Fake vitest entities, just what the console reads. */
type State = 'passed' | 'failed' | 'skipped';
function check(name: string, o: { mode?: 'run' | 'skip'; state?: State; outcome?: 'skipped' | 'inconclusive' } = {}): TestCase {
  return {
    name,
    fullName: name,
    project: { name: 'conformance' },
    options: { mode: o.mode ?? 'run' },
    module: { relativeModuleId: 'suites/auth/x.check.ts' },
    result: () => (o.state ? { state: o.state, errors: o.state === 'failed' ? [{ message: 'expected 401, got 200\nsecond line' }] : [] } : { state: 'pending' }),
    meta: () => ({ conformance: o.outcome ? { outcome: o.outcome } : {} }),
  } as unknown as TestCase;
}
const mod = (tests: TestCase[], file = 'suites/auth/x.check.ts') =>
  ({ project: { name: 'conformance' }, children: { allTests: () => tests }, errors: () => [], relativeModuleId: file }) as unknown as TestModule;
const specs = (n: number) => Array.from({ length: n }, () => ({ project: { name: 'conformance' } })) as unknown as TestSpecification[];

function sink(isTTY: boolean) {
  const written: string[] = [];
  const out = { isTTY, columns: 200, write: (s: string) => void written.push(s) } as unknown as NodeJS.WriteStream;
  return { out, text: () => written.join('') };
}

/** Suite folders that are not catalogue areas: the console must never show them. */
const FOLDERS = /\b(auth|tenancy|available-slots|appointment-requests|inventory-levels|purchase-orders)\b/;

describe('the conformance console', () => {
  it('counts by catalogue area (the clause\'s), never by suite folder, and shows only the selected areas', () => {
    const { out, text } = sink(false);
    let now = 0;
    const c = new ConsoleReporter({ out, console: { ci: true, noColor: true }, now: () => now });
    c.onTestRunStart(specs(2));
    const auth = [check('AUTH-TOKEN-REQUIRED: …', { state: 'passed' }), check('AUTH-REJECTION-STATUS: …', { state: 'skipped', outcome: 'inconclusive' })];
    // A vehicles check filtered out by -t: the vehicles area must not appear at all.
    const tenancy = [check('TENANT-LIST-ISOLATION [items]: …', { state: 'failed' }), check('VEHICLE-PAGING: …', { mode: 'skip', state: 'skipped' })];
    c.onTestModuleCollected(mod(auth));
    c.onTestModuleCollected(mod(tenancy, 'suites/tenancy/y.check.ts'));
    // The tenancy folder's check is a platform clause: one area, platform.
    expect(c.progressLine()).toBe('[0s] 0/3 checks: platform 0/3; 0 failed, 0 inconclusive, 0 skipped');
    now = 7_000;
    for (const t of [...auth, ...tenancy]) c.onTestCaseResult(t);
    c.onTestModuleEnd(mod(auth));
    expect(c.progressLine()).toBe('[7s] 3/3 checks: platform 3/3; 1 failed, 1 inconclusive, 0 skipped');
    c.onTestRunEnd([], []);
    const printed = text();
    expect(printed).toMatch(/ {2}✗ \[platform\] TENANT-LIST-ISOLATION \[items\]\n {6}expected 401, got 200\n {6}second line/);
    expect(printed).toMatch(/\n {2}platform +1 +1 +0 +1\n/);
    expect(printed).not.toMatch(/vehicles/);
    expect(printed).not.toMatch(FOLDERS);
    expect(printed).not.toMatch(/\x1b\[/);
    for (const line of printed.split('\n').filter((l) => /^ {2}[a-z]+[A-Za-z]* +\d/.test(l))) {
      const area = line.trim().split(/\s+/)[0]!;
      if (area !== 'total') expect(areas as readonly string[]).toContain(area);
    }
  });

  it('without a terminal: at most one progress line per interval, and only when something changed', async () => {
    const { out, text } = sink(false);
    const c = new ConsoleReporter({ out, console: { ci: true, noColor: true }, intervalMs: 20 });
    c.onTestRunStart(specs(1));
    const t = check('ITEM-PAGING: …', { state: 'passed' });
    c.onTestModuleCollected(mod([t]));
    await new Promise((r) => setTimeout(r, 130));
    c.onTestCaseResult(t);
    await new Promise((r) => setTimeout(r, 130));
    c.onTestRunEnd([], []);
    const progress = text().split('\n').filter((l) => /^\[\d+s\]/.test(l));
    // One line for "0/1", one for "1/1": the ticks in between changed nothing.
    expect(progress.map((l) => l.replace(/^\[\d+s\] /, ''))).toEqual(['0/1 checks: items 0/1; 0 failed, 0 inconclusive, 0 skipped', '1/1 checks: items 1/1; 0 failed, 0 inconclusive, 0 skipped']);
  });

  it('on a terminal: one line per area redrawn in place, failures printed above it', () => {
    const { out, text } = sink(true);
    const c = new ConsoleReporter({ out, console: { ci: false, noColor: true } });
    c.onTestRunStart(specs(1));
    const ts = [check('ITEM-PAGING: …', { state: 'passed' }), check('VEHICLE-SORT: …', { state: 'failed' })];
    c.onTestModuleCollected(mod(ts));
    for (const t of ts) c.onTestCaseResult(t);
    c.onTestModuleEnd(mod(ts));
    c.onTestRunEnd([], []);
    const printed = text();
    // The block (items, vehicles, total) is erased and redrawn: cursor up 3 lines, clear below.
    expect(printed).toContain('\x1b[3F\x1b[0J');
    const last = printed.slice(printed.lastIndexOf('\x1b[0J') + 4).split('\nChecks per area')[0]!.trimEnd().split('\n');
    expect(last).toHaveLength(3);
    expect(last[0]).toMatch(/^✓ items +1\/1 +✓ 1 +✗ 0/);
    expect(last[1]).toMatch(/^✓ vehicles +1\/1 +✓ 0 +✗ 1/);
    expect(last[2]).toMatch(/^ {2}total +2\/2 +1\/1 files/);
    expect(printed).toMatch(/ {2}✗ \[vehicles\] VEHICLE-SORT\n/);
  });

  it('in CI, even on a terminal, never redraws', () => {
    const { out, text } = sink(true);
    const c = new ConsoleReporter({ out, console: { ci: true, noColor: false } });
    c.onTestRunStart(specs(1));
    const t = check('ITEM-PAGING: …', { state: 'passed' });
    c.onTestModuleCollected(mod([t]));
    c.onTestCaseResult(t);
    c.onTestRunEnd([], []);
    expect(text()).not.toMatch(/\x1b\[/);
  });
});
