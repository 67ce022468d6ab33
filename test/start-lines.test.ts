import { describe, expect, it } from 'vitest';
import type { Certification } from '../harness/certify/certify.js';
import { startLines } from '../harness/outputs/start-lines.js';
import { visibilityLine } from '../harness/outputs/summary-lines.js';
import { facts } from './report-fixtures.js';

const lines = (plan: Parameters<typeof facts>[0]) => startLines(facts(plan), { pid: 1, reportsDir: '/tmp/r' });
const planOf = (p: object) => ({
  planned: { keys: [], plan: { checks: 106, sharedTasks: 34, get: 258, write: 0, lowerBoundMs: 0, ...p } },
});

describe('the start lines say what the plan holds before the first request', () => {
  it('registered vs run vs skipped, in the words the tables count them', () => {
    const out = lines({ ...planOf({ registered: 178 }), mode: 'readonly' }).join('\n');
    expect(out).toContain('plan: 178 checks (106 run, 72 skipped: they need a write) and 34 shared fixtures');
  });

  it('names the appointment requests a selection would leave, and whether they are refused', () => {
    const refused = lines(planOf({ checks: 1, registered: 1, unarchivable: { records: 4, refused: true } }));
    expect(
      refused.some((l) => /would leave about 4 appointment request.*no archive \(§3\).*--allow-unarchivable/.test(l)),
    ).toBe(true);
    const allowed = lines(planOf({ checks: 1, registered: 1, unarchivable: { records: 4, refused: false } }));
    expect(allowed.some((l) => /leaves about 4 appointment request\(s\) on the target/.test(l))).toBe(true);
    expect(lines(planOf({ checks: 1, registered: 1 })).some((l) => /unarchivable/.test(l))).toBe(false);
  });

  it('the consistency window is per wait, and the slowest wait is counted as it is measured', () => {
    expect(lines({}).join('\n')).toContain('consistency window 10000 ms per wait (no new read after it)');
    const v = { waits: 12, shown: 12, slowestMs: 45_300, notShown: 0 };
    const line = visibilityLine({ visibility: v } as unknown as Certification);
    // A read sent inside the window can queue behind the rate limits: the slowest may exceed the window, and says why.
    expect(line).toContain('the slowest showed after 45.3 s, counted from the start of its wait');
    expect(line).toMatch(/queued under the rate limits included; the window only stops new reads/);
  });
});
