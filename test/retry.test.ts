import { afterEach, describe, expect, it } from 'vitest';
import { ApiClient } from '../harness/client.js';
import { TransportError } from '../harness/core/errors.js';
import { CHECK_HEADER } from '../harness/pacing/headers.js';
import {
  backoffMs,
  MAX_RATE_LIMIT_RETRIES,
  MAX_TRANSIENT_RETRIES,
  parseRetryAfter,
  retryDecision,
} from '../harness/pacing/retry-policy.js';
import { startMock } from '../mock/server.js';
import { fakeTarget, json, pacedClient } from './support/fake-target.js';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});

describe('retry policy', () => {
  const none = { transient: 0, rateLimited: 0 };

  it('retries a 429 for any method, after Retry-After when sent', () => {
    expect(retryDecision('POST', { kind: 'response', status: 429, retryAfter: '2' }, none, () => 0)).toMatchObject({
      delayMs: 2_000,
      reason: '429',
    });
    expect(retryDecision('GET', { kind: 'response', status: 429 }, none, () => 0)).toMatchObject({
      reason: '429',
      rateLimited: true,
    });
  });

  it('backs off exponentially with jitter when no Retry-After is sent', () => {
    const low = [0, 1, 2, 3].map((n) => backoffMs(n, 1_000, () => 0));
    const high = [0, 1, 2, 3].map((n) => backoffMs(n, 1_000, () => 1));
    expect(low).toEqual([500, 1_000, 2_000, 4_000]);
    expect(high).toEqual([1_000, 2_000, 4_000, 8_000]);
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    expect(parseRetryAfter('3')).toBe(3_000);
    expect(parseRetryAfter(new Date(10_000).toUTCString(), 4_000)).toBe(6_000);
    expect(parseRetryAfter('soon')).toBeUndefined();
  });

  it('retries transient faults of a GET at most three times', () => {
    for (const outcome of [
      { kind: 'response', status: 502 },
      { kind: 'response', status: 503 },
      { kind: 'response', status: 504 },
      { kind: 'error', code: 'ECONNRESET' },
      { kind: 'error', code: 'UND_ERR_HEADERS_TIMEOUT' },
    ] as const) {
      expect(retryDecision('GET', outcome, none), JSON.stringify(outcome)).toBeDefined();
      expect(retryDecision('GET', outcome, { transient: MAX_TRANSIENT_RETRIES, rateLimited: 0 })).toBeUndefined();
    }
  });

  it('honours the Retry-After of a 503 that sheds load, as for a 429, and never for a write', () => {
    const shed = { kind: 'response', status: 503, retryAfter: '1' } as const;
    const got = retryDecision('GET', shed, { transient: MAX_TRANSIENT_RETRIES, rateLimited: 0 }, () => 0);
    expect(got).toEqual({ delayMs: 1_000, reason: '503', rateLimited: true });
    expect(retryDecision('GET', shed, { transient: 0, rateLimited: MAX_RATE_LIMIT_RETRIES })).toBeUndefined();
    expect(retryDecision('POST', shed, none)).toBeUndefined();
  });

  it('never replays a write after a transient fault, and never retries a 500', () => {
    for (const method of ['POST', 'PUT', 'PATCH']) {
      expect(retryDecision(method, { kind: 'response', status: 503 }, none)).toBeUndefined();
      expect(retryDecision(method, { kind: 'error', code: 'ECONNRESET' }, none)).toBeUndefined();
    }
    expect(retryDecision('GET', { kind: 'response', status: 500 }, none)).toBeUndefined();
  });
});

describe('pacing proxy forwarding', () => {
  it('forwards path, query, body and headers, swaps the stand-in token, and keeps its own headers to itself', async () => {
    const t = await fakeTarget((_req, res) => json(res, 201, { echoed: true }, { 'x-target': 'yes' }));
    const { pacing, client, target } = await pacedClient(t.url, { token: 'real-secret-token-value' });
    cleanups.push(t.stop, pacing.close);
    const tagged = new ApiClient({ ...client.options, wireHeaders: { [CHECK_HEADER]: 'check-1' } });
    const res = await tagged.request({
      method: 'POST',
      path: '/items',
      query: { companyId: 'c', page: 2 },
      body: { a: 1 },
      headers: { 'x-extra': 'kept' },
    });
    expect(res.status).toBe(201);
    expect(res.headers['x-target']).toBe('yes');
    expect(res.json).toEqual({ echoed: true });
    const seen = t.seen[0]!;
    expect(seen.url).toBe('/v2/items?companyId=c&page=2');
    expect(seen.authorization).toBe('Bearer real-secret-token-value');
    expect(target.token).not.toContain('real-secret-token-value');
    expect(seen.headers['x-extra']).toBe('kept');
    expect(seen.headers['content-type']).toBe('application/json');
    expect(Object.keys(seen.headers).filter((h) => h.startsWith('x-conformance'))).toEqual([]);
  });
});

describe('pacing proxy retries', () => {
  it('retries a GET through 503s and resets, and reports the retry count', async () => {
    const t = await fakeTarget((req, res, n) => {
      if (n === 1) return json(res, 503, { error: 'busy' });
      if (n === 2) return void req.socket.destroy();
      json(res, 200, { ok: true });
    });
    const { pacing, client } = await pacedClient(t.url);
    cleanups.push(t.stop, pacing.close);
    const res = await client.get('/items');
    expect(res.status).toBe(200);
    expect(res.retries).toBe(2);
    expect(t.seen).toHaveLength(3);
    expect(pacing.report().retriesByReason).toEqual({ '503': 1, connection: 1 });
  });

  it('does not replay a write that met a 503 or a reset: the check becomes inconclusive', async () => {
    const t = await fakeTarget((req, res) =>
      req.method === 'PUT' ? req.socket.destroy() : json(res, 503, { error: 'busy' }),
    );
    const { pacing, client } = await pacedClient(t.url);
    cleanups.push(t.stop, pacing.close);
    await expect(client.post('/items', { a: 1 })).rejects.toBeInstanceOf(TransportError);
    await expect(client.put('/items', { a: 1 })).rejects.toBeInstanceOf(TransportError);
    expect(t.seen.map((s) => s.method)).toEqual(['POST', 'PUT']);
    expect(pacing.report().retries).toBe(0);
  });

  it('retries a write after a 429, waiting Retry-After', async () => {
    const t = await fakeTarget((_req, res, n) =>
      n === 1 ? json(res, 429, { error: 'slow down' }, { 'retry-after': '1' }) : json(res, 200, { success: true }),
    );
    const { pacing, client } = await pacedClient(t.url);
    cleanups.push(t.stop, pacing.close);
    const started = performance.now();
    const res = await client.post('/items', { a: 1 });
    expect(res.status).toBe(200);
    expect(res.retries).toBe(1);
    expect(performance.now() - started).toBeGreaterThanOrEqual(950);
    expect(pacing.report()).toMatchObject({ rateLimitedAnswers: 1, retriesByReason: { '429': 1 } });
  });

  it("gets every answer from the mock's own rate limiter by waiting its Retry-After", async () => {
    // 20 a second after a burst of 20; the harness itself does not pace here. Eighty requests, sixteen
    // at a time, meet a 429 unless each answer takes 0.8 s: a loaded machine did let 115 pass a burst
    // of 100 refilled at 10 a second.
    const rateLimit = { getPerMin: 1200, writePerMin: 1200, burst: 20 };
    const mock = await startMock({ knobs: { latencyMs: 0, rateLimit } });
    const { pacing, client } = await pacedClient(mock.url, { token: mock.tokens.full, maxConcurrency: 16 });
    cleanups.push(() => mock.stop(), pacing.close);
    const answers = await Promise.all(
      Array.from({ length: 80 }, () => client.get('/items', { companyId: mock.fixtures.companyId, size: 1, page: 1 })),
    );
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(mock.requestLog.some((r) => r.status === 429)).toBe(true);
    expect(pacing.report().retriesByReason['429']).toBe(mock.requestLog.filter((r) => r.status === 429).length);
    expect(answers.reduce((n, a) => n + a.retries, 0)).toBe(pacing.report().retries);
  });

  it('passes a 500 through untouched: a server error on a valid request is a finding, not noise', async () => {
    const t = await fakeTarget((_req, res) => json(res, 500, { error: 'boom' }));
    const { pacing, client } = await pacedClient(t.url);
    cleanups.push(t.stop, pacing.close);
    const res = await client.get('/items');
    expect(res.status).toBe(500);
    expect(t.seen).toHaveLength(1);
  });

  it('gives up a GET after three retries of a 503, as inconclusive', async () => {
    const t = await fakeTarget((_req, res) => json(res, 503, { error: 'down' }));
    const { pacing, client } = await pacedClient(t.url);
    cleanups.push(t.stop, pacing.close);
    const err = await client.get('/items').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TransportError);
    expect((err as Error).message).toMatch(/503/);
    expect(t.seen).toHaveLength(4);
  });

  it('times out a hanging target and declares it down, failing fast afterwards', async () => {
    const t = await fakeTarget(() => undefined); // never answers
    const { pacing, client } = await pacedClient(t.url, { requestTimeoutMs: 200 });
    cleanups.push(t.stop, pacing.close);
    const started = performance.now();
    const results = await Promise.all(Array.from({ length: 6 }, () => client.get('/items').catch((e: unknown) => e)));
    for (const r of results) expect(r).toBeInstanceOf(TransportError);
    const after = performance.now();
    await expect(client.get('/items')).rejects.toThrow(/stopped answering/);
    expect(performance.now() - after).toBeLessThan(150);
    expect(after - started).toBeLessThan(5_000);
    expect(pacing.report().targetDownEvents).toBe(1);
  });
});
