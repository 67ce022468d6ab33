import { afterEach, describe, expect, it } from 'vitest';
import { BurstControl } from '../harness/pacing/burst.js';
import { fakeTarget, json, pacedClient } from './support/fake-target.js';

describe('burst control (AIMD on the pace, after 429s)', () => {
  it("halves the requests in flight and imposes half the last second's rate on a 429, once per episode", () => {
    const b = new BurstControl({ maxInFlight: 8, quietMs: 3_000 });
    for (let t = 0; t < 1_000; t += 25) b.started(t); // 40 requests in the last second
    expect(b.rateLimited(1_000, 1_000)).toBe(true);
    expect(b.inFlight).toBe(4);
    expect(b.perSecond).toBe(20);
    // More 429s of the same burst do not cut again.
    expect(b.rateLimited(1_100, 1_000)).toBe(false);
    expect(b.inFlight).toBe(4);
    // The next episode halves the rate imposed before (or the last second's, if lower).
    for (let t = 2_000; t < 3_000; t += 40) b.started(t); // 25 in the last second
    expect(b.rateLimited(3_000, 1_000)).toBe(true);
    expect([b.inFlight, b.perSecond]).toEqual([2, 10]);
    expect(b.stats).toMatchObject({ cuts: 2, lowestInFlight: 2, lowestPerSecond: 10 });
  });

  it('spaces requests at the imposed rate', () => {
    const b = new BurstControl({ maxInFlight: 4 });
    b.started(0);
    b.rateLimited(0);
    expect(b.perSecond).toBe(1);
    expect(b.waitMs(0)).toBe(1_000);
    expect(b.waitMs(600)).toBe(400);
  });

  it('steps up by one after each quiet period, back to the configured pace', () => {
    const b = new BurstControl({ maxInFlight: 4, quietMs: 3_000, releasePerSecond: 4 });
    b.started(0);
    b.rateLimited(0);
    expect([b.inFlight, b.perSecond]).toEqual([2, 1]);
    b.recover(2_000); // not quiet long enough yet
    expect(b.inFlight).toBe(2);
    b.recover(3_000);
    expect([b.inFlight, b.perSecond]).toEqual([3, 2]);
    b.recover(6_000);
    b.recover(9_000);
    b.recover(12_000);
    expect([b.inFlight, b.perSecond]).toEqual([4, undefined]);
  });
});

describe('a server with a burst limit (429 with Retry-After: 1 over 10 requests a second)', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const c of cleanups.splice(0)) await c();
  });

  it('is not hammered: the pace comes down after the first 429s, every request is answered', async () => {
    const accepted: number[] = [];
    let limited = 0;
    const t = await fakeTarget((_req, res) => {
      const now = performance.now();
      while (accepted.length && accepted[0]! < now - 1_000) accepted.shift();
      if (accepted.length >= 10) {
        limited += 1;
        return json(res, 429, { detail: 'Too many requests' }, { 'retry-after': '1' });
      }
      accepted.push(now);
      json(res, 200, { ok: true });
    });
    const { pacing, client } = await pacedClient(t.url, { maxConcurrency: 8 });
    cleanups.push(t.stop, pacing.close);
    const answers = await Promise.all(Array.from({ length: 80 }, (_, i) => client.get('/items', { page: i })));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    const report = pacing.report();
    expect(report.rateLimitedAnswers).toBe(limited);
    expect(report.burst?.cuts).toBeGreaterThanOrEqual(1);
    expect(report.burst?.lowestInFlight).toBeLessThan(8);
    // Without the cut the same 80 requests meet about 40 429s (8 in flight against 10 a second, each
    // Retry-After releasing the next full burst); with it, a handful before the pace settles.
    expect(limited).toBeLessThan(20);
  }, 60_000);
});
