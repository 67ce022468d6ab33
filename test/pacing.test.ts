import { describe, expect, it } from 'vitest';
import { RateBucket } from '../harness/pacing/rate-bucket.js';
import { Pacer, QueueTimeout } from '../harness/pacing/scheduler.js';

describe('rate bucket (GCRA)', () => {
  it('spaces requests evenly at the configured rate', () => {
    const b = new RateBucket(150); // 400 ms apart
    expect(b.intervalMs).toBe(400);
    expect(b.waitMs(0)).toBe(0);
    b.take(0);
    expect(b.waitMs(0)).toBe(400);
    expect(b.waitMs(399)).toBe(1);
    expect(b.waitMs(400)).toBe(0);
    b.take(400);
    expect(b.waitMs(500)).toBe(300);
  });

  it('never lets more than the limit through in any minute', () => {
    const b = new RateBucket(50);
    let now = 0;
    const sent: number[] = [];
    while (now < 180_000) {
      const wait = b.waitMs(now);
      if (wait === 0) {
        b.take(now);
        sent.push(now);
      }
      now += wait || 7;
    }
    for (const t of sent) expect(sent.filter((s) => s >= t && s < t + 60_000).length).toBeLessThanOrEqual(50);
    expect(sent.length).toBeGreaterThanOrEqual(149);
  });

  it('allows a burst when configured, then the steady rate', () => {
    const b = new RateBucket(60, 3); // 1 s apart, 3 at once
    for (let i = 0; i < 3; i++) {
      expect(b.waitMs(0)).toBe(0);
      b.take(0);
    }
    expect(b.waitMs(0)).toBe(1_000);
  });

  it('is unlimited at 0 per minute, except while paused by a 429', () => {
    const b = new RateBucket(0);
    for (let i = 0; i < 1000; i++) b.take(0);
    expect(b.waitMs(0)).toBe(0);
    b.pauseUntil(2_000);
    expect(b.waitMs(500)).toBe(1_500);
    expect(b.waitMs(2_000)).toBe(0);
  });
});

describe('pacer', () => {
  it('never has more than maxInFlight requests in flight, and serves them all', async () => {
    const pacer = new Pacer({ getPerMin: 0, writePerMin: 0, maxInFlight: 4 });
    let inFlight = 0;
    let peak = 0;
    await Promise.all(
      Array.from({ length: 40 }, async (_, i) => {
        const release = await pacer.acquire(i % 3 ? 'get' : 'write', i % 5);
        inFlight += 1;
        peak = Math.max(peak, inFlight);
        await new Promise((r) => setTimeout(r, 5));
        inFlight -= 1;
        release();
      }),
    );
    expect(peak).toBe(4);
    expect(pacer.stats.maxInFlight).toBe(4);
    expect(pacer.stats.granted).toBe(40);
  });

  it('holds each method class to its own rate (writes do not wait for GETs)', async () => {
    const pacer = new Pacer({ getPerMin: 600, writePerMin: 1200, maxInFlight: 16 }); // 100 ms and 50 ms apart
    const started = performance.now();
    const times: Record<string, number[]> = { get: [], write: [] };
    await Promise.all(
      (['get', 'get', 'get', 'get', 'write', 'write', 'write', 'write'] as const).map(async (cls) => {
        const release = await pacer.acquire(cls);
        times[cls]!.push(performance.now() - started);
        release();
      }),
    );
    const gaps = (ts: number[]) => ts.slice(1).map((t, i) => t - ts[i]!);
    for (const g of gaps(times.get!)) expect(g).toBeGreaterThanOrEqual(95);
    for (const g of gaps(times.write!)) expect(g).toBeGreaterThanOrEqual(45);
    // Four writes at 50 ms finish well before four GETs at 100 ms.
    expect(Math.max(...times.write!)).toBeLessThan(Math.max(...times.get!));
    pacer.close();
  });

  it('serves the check that started first before later ones', async () => {
    const pacer = new Pacer({ getPerMin: 0, writePerMin: 0, maxInFlight: 1 });
    const hold = await pacer.acquire('get', 0);
    const order: number[] = [];
    const waiting = [5, 2, 9, 1].map((p) => pacer.acquire('get', p).then((release) => (order.push(p), release())));
    hold();
    await Promise.all(waiting);
    expect(order).toEqual([1, 2, 5, 9]);
  });

  it('gives up a queued request when its deadline passes', async () => {
    const pacer = new Pacer({ getPerMin: 0, writePerMin: 0, maxInFlight: 1 });
    const hold = await pacer.acquire('get');
    await expect(pacer.acquire('get', 0, AbortSignal.timeout(30))).rejects.toBeInstanceOf(QueueTimeout);
    expect(pacer.queued).toBe(0);
    hold();
  });
});
