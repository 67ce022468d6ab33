import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { CoordinationClient } from '../harness/coordination/client.js';
import { Coordinator } from '../harness/coordination/coordinator.js';
import { eventually, LagMemory, type WaitClock } from '../harness/eventually.js';
import { createContext } from '../harness/check/context.js';
import type { CheckMeta } from '../harness/check/types.js';
import type { RunInfo, TargetInfo } from '../harness/core/run-info.js';
import type { HubReports } from '../harness/check/hub-reports.js';
import { fakeTarget, json } from './support/fake-target.js';

/** A clock that only moves when the wait sleeps or a read takes time. */
function fakeClock(readMs = 0): WaitClock & { tick(ms: number): void; slept: number[] } {
  let t = 0;
  const slept: number[] = [];
  return {
    now: () => t,
    sleep: async (ms) => void (slept.push(ms), (t += ms)),
    tick: (ms) => void (t += ms + readMs),
    slept,
  };
}

describe('eventually: a read after a write waits for it, bounded', () => {
  it('ends at the first read that shows the write, without sleeping', async () => {
    const clock = fakeClock();
    const wait = await eventually(
      async () => 'there',
      (v) => v === 'there',
      10_000,
      clock,
    );
    expect(wait).toMatchObject({ shown: true, reads: 1, afterMs: 0 });
    expect(clock.slept).toEqual([]);
  });

  it('backs off between reads and reports how long the write took to show', async () => {
    const clock = fakeClock();
    let n = 0;
    const wait = await eventually(
      async () => ++n,
      (v) => v === 4,
      10_000,
      clock,
    );
    expect(wait.shown).toBe(true);
    expect(wait.reads).toBe(4);
    expect(clock.slept).toEqual([250, 500, 1000]);
    expect(wait.afterMs).toBe(1750);
  });

  it('concludes an absence only after the window, and never sleeps past it', async () => {
    const clock = fakeClock();
    const wait = await eventually(
      async () => 'absent',
      () => false,
      5_000,
      clock,
    );
    expect(wait.shown).toBe(false);
    expect(clock.slept.reduce((a, b) => a + b, 0)).toBe(5_000);
    expect(clock.slept.every((ms) => ms <= 2_000)).toBe(true);
    expect(wait.reads).toBe(clock.slept.length + 1);
  });

  it('reads once with a zero window', async () => {
    const clock = fakeClock();
    const wait = await eventually(
      async () => 'absent',
      () => false,
      0,
      clock,
    );
    expect(wait).toMatchObject({ shown: false, reads: 1 });
  });

  it('starts the backoff at the lag already seen, when asked (rate-limited runs), still reading at once first', async () => {
    const memory = new LagMemory();
    expect(memory.firstPauseMs()).toBe(250);
    memory.record({ shown: true, afterMs: 0, reads: 1 }); // shown at once: nothing learned
    memory.record({ shown: false, afterMs: 10_000, reads: 6 }); // never shown: nothing learned
    expect(memory.firstPauseMs()).toBe(250);
    memory.record({ shown: true, afterMs: 1750, reads: 4 });
    expect(memory.firstPauseMs()).toBe(1750);
    const clock = fakeClock();
    let n = 0;
    // A list that shows the write 1.5 s after it: two reads instead of four.
    const wait = await eventually(
      async () => (n++, clock.now()),
      (t) => t >= 1500,
      10_000,
      clock,
      memory.firstPauseMs(),
    );
    expect(wait).toMatchObject({ shown: true, reads: 2 });
    expect(clock.slept).toEqual([1750]);
  });

  it('with a lag learned, reads first once it has passed: one read where the list trails by that lag', async () => {
    const memory = new LagMemory();
    expect(memory.learnedMs()).toBe(0); // nothing learned: the first read comes at once
    memory.record({ shown: true, afterMs: 1750, reads: 4 });
    const clock = fakeClock();
    const wait = await eventually(
      async () => clock.now(),
      (t) => t >= 1500,
      10_000,
      clock,
      memory.firstPauseMs(),
      memory.learnedMs(),
    );
    expect(wait).toMatchObject({ shown: true, reads: 1, afterMs: 1750 });
    expect(clock.slept).toEqual([1750]);
    // Bounded by the window like every other pause: a zero window reads at once.
    const now = fakeClock();
    expect(
      await eventually(
        async () => 'x',
        () => false,
        0,
        now,
        250,
        1750,
      ),
    ).toMatchObject({ reads: 1 });
    expect(now.slept).toEqual([]);
  });
});

describe('the run keeps one lag memory for every worker', () => {
  it('answers each worker with the lag any worker has taught it', async () => {
    const coordinator = new Coordinator({ getPerMin: 150, writePerMin: 50 }, 'main');
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => void coordinator.serve(req.url ?? '', Buffer.concat(chunks), res));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v2`;
      const [first, second] = [new CoordinationClient(url), new CoordinationClient(url)];
      expect(await second.lag()).toEqual({ learnedMs: 0 });
      // Shown at the first read: nothing learned; shown at the fourth, 1.8 s after the write: learned.
      await first.lag({ shown: true, afterMs: 300, reads: 1 });
      expect(await second.lag()).toEqual({ learnedMs: 0 });
      expect(await first.lag({ shown: true, afterMs: 1800, reads: 4 })).toEqual({ learnedMs: 1800 });
      expect(await second.lag()).toEqual({ learnedMs: 1800 });
    } finally {
      server.close();
    }
  });
});

describe('a frugal wait learns the lag from the write it follows', () => {
  it("counts from the write's answer: a send that queued (under the write limit) is not the target's lag", async () => {
    // Writes answered 600 ms after they are sent, as one queued behind others; reads at once.
    const t = await fakeTarget((req, res) =>
      req.method === 'GET' ? json(res, 200, {}) : void setTimeout(() => json(res, 200, { success: true }), 600),
    );
    const taught: { afterMs: number }[] = [];
    const coordination = {
      lag: async (w?: { afterMs: number }) => (w && taught.push(w), { learnedMs: 0 }),
    } as unknown as CoordinationClient;
    const run = {
      marker: 'cnf-lag',
      clientTimeoutMs: 5_000,
      maxConcurrency: 2,
      frugal: true,
      consistencyWindowMs: 3_000,
    };
    const meta = { observations: [], requests: 0, retries: 0, evidence: [], shared: [], waits: [] };
    const ctx = createContext({
      run: run as unknown as RunInfo,
      target: { baseUrl: t.url, token: 't', companyId: 'c' } as unknown as TargetInfo,
      meta: meta as unknown as CheckMeta,
      tag: 'LAG',
      coordination,
      reports: {} as unknown as HubReports,
    });
    try {
      const writtenAt = Date.now();
      await ctx.api.post('/items', { companyId: 'c' });
      let reads = 0;
      // Shown at the second read, one backoff after the answer.
      await ctx.eventually(
        'the write shows',
        async () => ++reads,
        (n) => n >= 2,
        { writtenAt },
      );
      expect(taught).toHaveLength(1);
      expect(taught[0]!.afterMs).toBeLessThan(600);
    } finally {
      await t.stop();
    }
  });
});
