import { describe, expect, it } from 'vitest';
import { Deadline, deadlineCause, withinDeadline } from '../harness/check/deadline.js';
import type { RecordedExchange } from '../harness/core/events.js';
import { InconclusiveError } from '../harness/core/errors.js';
import { buildHar } from '../harness/outputs/har.js';
import { Circuit } from '../harness/pacing/circuit.js';
import { Forwarder } from '../harness/pacing/forwarder.js';
import { CHECK_HEADER, QUEUE_GAVE_UP } from '../harness/pacing/headers.js';
import { Pacer } from '../harness/pacing/scheduler.js';
import { PacingCounters } from '../harness/pacing/stats.js';
import type { Upstream } from '../harness/pacing/upstream.js';
import { clipBody } from '../harness/pacing/proxy.js';
import { CheckTime } from '../harness/pacing/time-split.js';
import { fakeTarget, json, pacedClient } from './support/fake-target.js';
import { harSchema } from './support/har-schema.js';

/**
 * Issue 36 case 3: time spent in the run's own pacing queue is the harness's, not the target's. The
 * HAR shows it as `blocked` (`wait` is the target's), and a check whose time runs out because of it
 * is given that time back, or ends naming the queue, never "the target answered too slowly".
 */
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

describe("a check's time in the pacing proxy", () => {
  it('counts wall-clock time once: queued while no request of the check is at the target, else at the target', () => {
    let now = 0;
    const t = new CheckTime(() => now);
    t.enter();
    t.enter(); // two requests queue together for 1 s: 1 s, not 2
    now = 1_000;
    t.toServer();
    now = 1_200; // one at the target, the other still queued: the target's
    t.fromServer();
    t.leave();
    now = 3_200; // the second waits 2 s more alone
    t.toServer();
    now = 3_300;
    t.fromServer();
    t.leave();
    now = 9_000; // nothing in the proxy: nobody's
    expect(t.read()).toEqual({ blockedMs: 3_000, serverMs: 300 });
  });

  it('puts the queue in the HAR as blocked and the answer time as wait, for requests paced behind each other', async () => {
    const target = await fakeTarget((_req, res) => json(res, 200, { ok: true }));
    const recorded: RecordedExchange[] = [];
    // 120 GETs a minute: one every 500 ms, so the fourth of four sent at once queues about 1.5 s.
    const { pacing, target: routed } = await pacedClient(target.url, {
      getPerMin: 120,
      record: (ex) => recorded.push(ex),
    });
    try {
      const { ApiClient } = await import('../harness/client.js');
      const client = new ApiClient({
        baseUrl: routed.baseUrl,
        token: routed.token,
        timeoutMs: 30_000,
        wireHeaders: { [CHECK_HEADER]: 'ITEM-GET-BY-ID' },
      });
      await Promise.all([1, 2, 3, 4].map((n) => client.get(`/items/itm_${n}`)));
      const coordinator = pacing.coordinatorOf('main')!;
      const split = coordinator.times.read('ITEM-GET-BY-ID');
      // Wall-clock: while one of them is at the target the others' queueing is not counted again.
      expect(split.blockedMs).toBeGreaterThanOrEqual(1_000);
      expect(split.serverMs).toBeLessThan(split.blockedMs);
      const har = harSchema.parse(buildHar(recorded, { name: 'x', version: '1' }));
      const last = buildHar(recorded, { name: 'x', version: '1' }).log.entries.at(-1)!;
      expect(har.log.entries).toHaveLength(4);
      expect(last.timings.blocked).toBeGreaterThanOrEqual(1_300);
      expect(last.timings.wait).toBeLessThan(500);
      for (const e of buildHar(recorded, { name: 'x', version: '1' }).log.entries)
        expect(e.timings.blocked + e.timings.send + e.timings.wait + e.timings.receive).toBe(e.time);
    } finally {
      await pacing.close();
      await target.stop();
    }
  });

  it('an exchange recorded before the split existed keeps all its time as wait', () => {
    const ex: RecordedExchange = {
      id: 'a',
      owner: 'X',
      target: 'main',
      startedAt: new Date().toISOString(),
      method: 'GET',
      url: 'http://t/v2/items',
      requestHeaders: {},
      status: 200,
      durationMs: 120,
    };
    expect(buildHar([ex], { name: 'x', version: '1' }).log.entries[0]!.timings).toEqual({
      blocked: 0,
      send: 0,
      wait: 120,
      receive: 0,
    });
  });
});

describe('a request the run’s own queue gives up on', () => {
  it('never reached the target: its time is all blocked, and the refusal says it was the queue', async () => {
    const pacer = new Pacer({ getPerMin: 1, writePerMin: 0, maxInFlight: 4 });
    (await pacer.acquire('get'))(); // the minute's one GET is spent
    let sent = 0;
    const upstream = { send: async () => (sent++, { kind: 'error', code: 'X', message: 'x' }) } as unknown as Upstream;
    const forwarder = new Forwarder({
      upstream,
      pacer,
      circuit: new Circuit(),
      counters: new PacingCounters(),
      budgetMs: 300,
    });
    try {
      const out = await forwarder.forward({ method: 'GET', path: '/v2/items', headers: {} }, 1);
      expect(sent).toBe(0);
      expect(out.transportError?.startsWith(QUEUE_GAVE_UP)).toBe(true);
      expect(out.transportError).toMatch(/not the target's time/);
      expect(out.serverMs).toBe(0);
      expect(out.blockedMs).toBeGreaterThanOrEqual(250);
    } finally {
      pacer.close();
    }
  });
});

describe('a deadline that runs out', () => {
  it('gives back the time the check queued in the run’s pacer, and concludes', async () => {
    let blockedMs = 0;
    const deadline = new Deadline(100, { split: async () => ({ blockedMs, serverMs: 5 }), capMs: 5_000 });
    const work = (async () => {
      blockedMs = 1_200; // a queue longer than the whole plan, then an answer
      await sleep(400);
    })();
    await expect(withinDeadline(work, deadline)).resolves.toBeUndefined();
  });

  it('ends naming the queue, not the target, when queue time fills the cap', async () => {
    const deadline = new Deadline(50, { split: async () => ({ blockedMs: 60_000, serverMs: 400 }), capMs: 200 });
    const err = await withinDeadline(sleep(2_000), deadline).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(InconclusiveError);
    const why = (err as InconclusiveError).why;
    expect(why.kind).toBe('deadline');
    expect(why.message).toMatch(/the run's own pacing queued its requests 60 s/);
    expect(why.message).not.toMatch(/answered too slowly/);
  });

  it('blames the target when its answers took the time', async () => {
    const deadline = new Deadline(50, { split: async () => ({ blockedMs: 0, serverMs: 48_000 }), capMs: 10_000 });
    const err = await withinDeadline(sleep(1_000), deadline).catch((e: unknown) => e);
    expect((err as InconclusiveError).why.message).toMatch(/the target answered too slowly \(the target took 48 s/);
  });

  it('words both sides from the split', () => {
    expect(deadlineCause(60_000, { blockedMs: 137_687, serverMs: 450 }).message).toBe(
      "no conclusion within the 60 s the plan gave it: the run's own pacing queued its requests 138 s; the target took 0 s to answer them",
    );
    expect(deadlineCause(60_000).message).toMatch(/the target answered too slowly$/);
  });
});

describe('recorded bodies (HAR_BODY_LIMIT)', () => {
  it('keeps a body whole up to the limit, and cuts a longer one saying how many bytes are left out', () => {
    const page = JSON.stringify({
      content: Array.from({ length: 2_000 }, (_, i) => ({ id: i, name: 'ü'.repeat(20) })),
    });
    expect(Buffer.byteLength(page)).toBeGreaterThan(64 * 1024);
    expect(clipBody(page, 10 * 1024 * 1024)).toEqual({ text: page });
    const cut = clipBody(page, 1_000);
    expect(cut.cutBytes).toBe(Buffer.byteLength(page) - Buffer.byteLength(cut.text.split('…[')[0]!));
    expect(cut.text).toMatch(/…\[\d+ more bytes: HAR_BODY_LIMIT\]$/);
    expect(cut.text).not.toContain('\uFFFD');
  });

  it('records the cut in the exchange and the HAR, and keeps a 100 KB page whole by default', async () => {
    const big = { content: Array.from({ length: 3_000 }, (_, i) => ({ id: `itm_${i}`, itemName: `item ${i}` })) };
    const target = await fakeTarget((_req, res) => json(res, 200, big));
    const whole: RecordedExchange[] = [];
    const cut: RecordedExchange[] = [];
    const a = await pacedClient(target.url, { record: (ex) => whole.push(ex) });
    const b = await pacedClient(target.url, { record: (ex) => cut.push(ex), bodyLimit: 4_096 });
    try {
      await a.client.get('/items');
      await b.client.get('/items');
      expect(Buffer.byteLength(JSON.stringify(big))).toBeGreaterThan(100_000);
      expect(JSON.parse(whole[0]!.responseBody!)).toEqual(big);
      expect(whole[0]!.truncated).toBeUndefined();
      expect(cut[0]!.truncated?.response).toBe(Buffer.byteLength(JSON.stringify(big)) - 4_096);
      expect(buildHar(cut, { name: 'x', version: '1' }).log.entries[0]!._truncated).toEqual(cut[0]!.truncated);
    } finally {
      await a.pacing.close();
      await b.pacing.close();
      await target.stop();
    }
  });
});
