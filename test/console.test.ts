import { describe, expect, it } from 'vitest';
import { areas } from '../contract/clause.js';
import type { CheckOutcome, RecordedExchange } from '../harness/core/events.js';
import { fold, RunConsole } from '../harness/outputs/console.js';
import { check, exchange } from './report-fixtures.js';

function sink(isTTY: boolean, columns = 200) {
  const written: string[] = [];
  const out = { isTTY, columns, write: (s: string) => void written.push(s) } as unknown as NodeJS.WriteStream;
  return { out, text: () => written.join('') };
}

const none = () => undefined;
const failed = (clause: string, ex?: RecordedExchange): CheckOutcome =>
  check({
    clause,
    verdict: 'failed',
    reason: 'a request without a token was accepted',
    failures: [
      {
        kind: 'refusal-missing',
        message: 'GET /items: expected a 4xx status, got HTTP 200',
        expected: 'a 4xx status',
        actual: 200,
        ...(ex ? { exchange: ex.id } : {}),
      },
    ],
  });

/** Suite folders that are not catalogue areas: the console must never show them. */
const FOLDERS = /\b(auth|tenancy|available-slots|appointment-requests|inventory-levels|purchase-orders)\b/;

describe('the conformance console', () => {
  it("counts by catalogue area (the clause's), never by suite folder, and shows only the selected areas", () => {
    const { out, text } = sink(false);
    let now = 0;
    const c = new RunConsole({ out, ci: true, noColor: true, now: () => now });
    c.begin(['AUTH-TOKEN-REQUIRED', 'AUTH-REJECTION-STATUS', 'TENANT-LIST-ISOLATION [items]']);
    // A vehicles check registered but filtered out by -t: the vehicles area must not appear at all.
    c.registered('VEHICLE-PAGING', false);
    expect(c.progressLine()).toBe('[0s] 0/3 checks: platform 0/3; 0 failed, 0 inconclusive, 0 skipped');
    now = 7_000;
    c.checkEnded(check({ clause: 'AUTH-TOKEN-REQUIRED', verdict: 'passed' }), none);
    c.checkEnded(check({ clause: 'AUTH-REJECTION-STATUS', verdict: 'inconclusive', reason: 'no answer' }), none);
    c.checkEnded({ ...failed('TENANT-LIST-ISOLATION'), key: 'TENANT-LIST-ISOLATION [items]', variant: 'items' }, none);
    expect(c.progressLine()).toBe('[7s] 3/3 checks: platform 3/3; 1 failed, 1 inconclusive, 0 skipped');
    c.finishChecks();
    const printed = text();
    expect(printed).toMatch(
      / {2}✗ \[platform\] TENANT-LIST-ISOLATION \[items\]: a request without a token was accepted\n {6}- GET \/items: expected a 4xx status, got HTTP 200\n/,
    );
    expect(printed).not.toMatch(/vehicles/);
    expect(printed).not.toMatch(FOLDERS);
    expect(printed).not.toMatch(/\x1b\[/);
    for (const line of printed.split('\n').filter((l) => /^ {2}[a-z]+[A-Za-z]* +\d/.test(l)))
      expect(areas as readonly string[]).toContain(line.trim().split(/\s+/)[0]!);
  });

  it('ends a failure with the curl line that replays it, or the page anchor of its evidence', () => {
    const { out, text } = sink(false);
    const c = new RunConsole({ out, ci: true, noColor: true, pageHint: 'reports/certification/index.html' });
    c.begin(['AUTH-TOKEN-REQUIRED', 'ITEM-PAGE-ONE-BASED']);
    const ex = exchange('AUTH-TOKEN-REQUIRED', { requestHeaders: {} });
    c.checkEnded(failed('AUTH-TOKEN-REQUIRED', ex), (id) => (id === ex.id ? ex : undefined));
    c.checkEnded(failed('ITEM-PAGE-ONE-BASED'), none);
    expect(text()).toContain(`curl -sS -X GET 'https://partner.example.test/v2/items?companyId=cmp_1&size=5&page=1'`);
    expect(text()).toContain('evidence: reports/certification/index.html#ITEM-PAGE-ONE-BASED');
  });

  it('on a narrow terminal, folds the curl line with backslashes so it still pastes as one command', () => {
    const { out, text } = sink(true, 80);
    const c = new RunConsole({ out, ci: false, noColor: true });
    c.begin(['ITEM-PAGE-ONE-BASED']);
    const long =
      'https://partner.example.test/v2/items?companyId=cmp_harbor_auto&updatedDateEnd=2026-11-24T06%3A50%3A49Z&size=7&page=1';
    const ex = exchange('ITEM-PAGE-ONE-BASED', { url: long, requestHeaders: { authorization: 'Bearer x' } });
    c.checkEnded(failed('ITEM-PAGE-ONE-BASED', ex), (id) => (id === ex.id ? ex : undefined));
    const shown = text()
      .replace(/\x1b\[[0-9;]*[A-Za-z]/g, '')
      .split('\n');
    for (const line of shown) expect(line.length).toBeLessThanOrEqual(80);
    const start = shown.findIndex((l) => l.trim().startsWith('curl '));
    const command = [];
    for (let i = start; ; i++) {
      command.push(shown[i]!.trim());
      if (!shown[i]!.endsWith('\\')) break;
    }
    expect(command.length).toBeGreaterThan(1);
    // What the shell runs: the continuations joined; the GET's pairs rebuild the same query.
    const joined = command.map((l) => l.replace(/\s*\\$/, '')).join(' ');
    const pairs = [...joined.matchAll(/-d '([^']*)'/g)].map((m) => m[1]);
    expect(`${/-G '([^']*)'/.exec(joined)![1]}?${pairs.join('&')}`).toBe(long);
    expect(joined).toContain('-H "Authorization: Bearer $ACCESS_TOKEN"');
  });

  it('without a terminal: at most one progress line per interval, and only when something changed', async () => {
    const { out, text } = sink(false);
    const c = new RunConsole({ out, ci: true, noColor: true, intervalMs: 20 });
    c.begin(['ITEM-PAGING']);
    await new Promise((r) => setTimeout(r, 130));
    c.checkEnded(check({ clause: 'ITEM-PAGING', verdict: 'passed' }), none);
    await new Promise((r) => setTimeout(r, 130));
    c.finishChecks();
    const progress = text()
      .split('\n')
      .filter((l) => /^\[\d+s\]/.test(l));
    // One line for "0/1", one for "1/1": the ticks in between changed nothing.
    expect(progress.map((l) => l.replace(/^\[\d+s\] /, ''))).toEqual([
      '0/1 checks: items 0/1; 0 failed, 0 inconclusive, 0 skipped',
      '1/1 checks: items 1/1; 0 failed, 0 inconclusive, 0 skipped',
    ]);
  });

  it('on a terminal: one line per area redrawn in place; ✓ only for an area that ended with nothing failed or undecided', () => {
    const { out, text } = sink(true);
    const c = new RunConsole({ out, ci: false, noColor: true });
    c.begin(['ITEM-PAGING', 'VEHICLE-SORT', 'CUSTOMER-PAGING', 'PO-LIST-ENVELOPE', 'PO-GET-ENVELOPE']);
    c.checkEnded(check({ clause: 'ITEM-PAGING', verdict: 'passed' }), none);
    c.checkEnded(failed('VEHICLE-SORT'), none);
    c.checkEnded(check({ clause: 'CUSTOMER-PAGING', verdict: 'inconclusive' }), none);
    c.checkEnded(check({ clause: 'PO-LIST-ENVELOPE', verdict: 'passed' }), none);
    const block = c.progressBlock();
    expect(block[0]).toMatch(/^\? customers +1\/1/);
    expect(block[1]).toMatch(/^✓ items +1\/1 +passed 1 +failed 0/);
    expect(block[2]).toMatch(/^ {2}purchaseOrders +1\/2/);
    expect(block[3]).toMatch(/^✗ vehicles +1\/1 +passed 0 +failed 1/);
    expect(block[4]).toMatch(/^ {2}total +4\/5/);
    // The block is erased and redrawn in place: cursor up, clear below.
    expect(text()).toMatch(/\x1b\[\d+F\x1b\[0J/);
    // At the end the block goes: the final table is printed once, by the end lines.
    c.finishChecks();
    expect(text().endsWith('\x1b[0J')).toBe(true);
  });

  it('never draws wider than the terminal, and folds long lines at word boundaries', () => {
    const { out, text } = sink(true, 60);
    const c = new RunConsole({ out, ci: false, noColor: true });
    c.begin(['APPT-FILTER-APPOINTMENT-DATE']);
    for (const line of c.progressBlock()) expect(line.length).toBeLessThan(60);
    c.print(`  plan: ${'word '.repeat(30)}and a curl line curl -sS 'https://host/${'x'.repeat(100)}'`);
    for (const line of text()
      .replace(/\x1b\[[0-9;]*[A-Za-z]/g, '')
      .split('\n'))
      expect(line.length).toBeLessThanOrEqual(60);
    expect(fold('short line', 60)).toEqual(['short line']);
    const folded = fold('  alpha beta gamma delta epsilon zeta eta theta iota kappa', 25);
    expect(folded.every((l) => l.length <= 25)).toBe(true);
    expect(folded.join(' ').replace(/\s+/g, ' ').trim()).toBe(
      'alpha beta gamma delta epsilon zeta eta theta iota kappa',
    );
  });

  it('in CI, even on a terminal, never redraws; the verdict line is coloured and bold only on a terminal', () => {
    const { out, text } = sink(true);
    const c = new RunConsole({ out, ci: true, noColor: false });
    c.begin(['ITEM-PAGING']);
    c.checkEnded(check({ clause: 'ITEM-PAGING', verdict: 'passed' }), none);
    c.finishChecks();
    expect(text()).not.toMatch(/\x1b\[/);
    expect(c.verdictLine('CONFORMANT', 'conformant')).toBe('Verdict: CONFORMANT');
    const tty = new RunConsole({ out: sink(true).out, ci: false, noColor: false });
    expect(tty.verdictLine('NON-CONFORMANT', 'non-conformant')).toBe('Verdict: \x1b[1;31mNON-CONFORMANT\x1b[0m');
  });
});
