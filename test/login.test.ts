import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jwtClaims, jwtExpiryMs, placeholderFor } from '../harness/auth/jwt.js';
import { LoginSession, staticToken } from '../harness/auth/session.js';
import { ApiClient } from '../harness/client.js';
import { ConfigError, TransportError } from '../harness/core/errors.js';
import { startPacing } from '../harness/pacing/index.js';
import { startMock, type MockServer } from '../mock/server.js';

let mock: MockServer;
beforeAll(async () => {
  mock = await startMock({ knobs: { latencyMs: 0, accessTokenTtlSeconds: 4 } });
});
afterAll(() => mock.stop());

const sessionOptions = () => ({
  baseUrl: mock.url,
  partnerId: mock.partner.partnerId,
  authKey: mock.partner.authKey,
  loginPath: '/partners/login',
  refreshPath: '/partners/generateNewAccessToken',
  timeoutMs: 5_000,
});

async function itemsStatus(token: string): Promise<number> {
  const client = new ApiClient({ baseUrl: mock.url, token, timeoutMs: 5_000 });
  return (await client.get('/items', { companyId: mock.fixtures.companyId, size: 1, page: 1 })).status;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('login with PARTNER_ID and AUTH_KEY', () => {
  it('logs in, then refreshes the access token before it expires (from the JWT exp)', async () => {
    const session = await LoginSession.start(sessionOptions());
    try {
      const first = await session.current();
      // Read before any await: on a loaded machine the refresh may already be due a moment later.
      const refreshAt = session.refreshAt;
      const expiry = jwtExpiryMs(first)!;
      expect(refreshAt).toBeLessThan(expiry);
      expect(await itemsStatus(first)).toBe(200);
      await sleep(expiry - Date.now() + 300);
      const second = await session.current();
      expect(session.refreshes).toBeGreaterThanOrEqual(1);
      expect(session.logins).toBe(1);
      expect(second).not.toBe(first);
      expect(await itemsStatus(first)).toBe(401);
      expect(await itemsStatus(second)).toBe(200);
    } finally {
      session.stop();
    }
  });

  it('renews a token past its refresh time before handing it out, though the timer has not fired', async () => {
    let clock = Date.now();
    const session = await LoginSession.start({ ...sessionOptions(), now: () => clock });
    try {
      await session.current();
      expect(session.refreshes).toBe(0);
      // The timer is seconds away in real time; on a busy loop it fires late. The request must not wait for it.
      clock = session.refreshAt + 1;
      await session.current();
      expect(session.refreshes).toBe(1);
    } finally {
      session.stop();
    }
  });

  it('takes full URLs for the login and refresh paths', async () => {
    const session = await LoginSession.start({
      ...sessionOptions(),
      baseUrl: 'http://127.0.0.1:9/v2',
      loginPath: `${mock.url}/partners/login`,
      refreshPath: `${mock.url}/partners/generateNewAccessToken`,
    });
    try {
      await session.renew();
      expect([session.logins, session.refreshes]).toEqual([1, 1]);
    } finally {
      session.stop();
    }
  });

  it('falls back to a fresh login when the refresh is refused', async () => {
    const session = await LoginSession.start({ ...sessionOptions(), refreshPath: '/partners/no-such-route' });
    try {
      await session.renew();
      expect(session.logins).toBe(2);
      expect(await itemsStatus(await session.current())).toBe(200);
    } finally {
      session.stop();
    }
  });

  it('a refused login is a configuration error naming the path variable', async () => {
    await expect(LoginSession.start({ ...sessionOptions(), authKey: 'wrong-key-value' })).rejects.toThrow(ConfigError);
    await expect(LoginSession.start({ ...sessionOptions(), loginPath: '/partners/elsewhere' })).rejects.toThrow(
      /AUTH_LOGIN_PATH/,
    );
  });

  it('workers hold a stand-in; the proxy sends the current real token, also after a refresh', async () => {
    const session = await LoginSession.start(sessionOptions());
    const pacing = startPacing({
      getPerMin: 0,
      writePerMin: 0,
      maxConcurrency: 2,
      requestTimeoutMs: 5_000,
      readonly: false,
    });
    try {
      const target = await pacing.route({
        id: 'main',
        label: 'mock',
        kind: 'live',
        identity: mock.url,
        publicUrl: mock.url,
        token: session,
        companyId: mock.fixtures.companyId,
      });
      const real = await session.current();
      expect(target.token).not.toBe(real);
      expect(target.token.split('.').slice(0, 2)).toEqual(real.split('.').slice(0, 2));
      expect(jwtClaims(target.token)).toEqual(jwtClaims(real));
      const worker = new ApiClient({ baseUrl: target.baseUrl, token: target.token, timeoutMs: 10_000 });
      const query = { companyId: mock.fixtures.companyId, size: 1, page: 1 };
      expect((await worker.get('/items', query)).status).toBe(200);
      await sleep(jwtExpiryMs(real)! - Date.now() + 300);
      expect((await worker.get('/items', query)).status).toBe(200);
      expect(session.refreshes).toBeGreaterThanOrEqual(1);
      // A tampered stand-in is not swapped: it reaches the target as it is and is refused.
      expect((await worker.withToken(`${target.token}x`).get('/items', query)).status).toBe(401);
    } finally {
      session.stop();
      await pacing.close();
    }
  });

  it('a fixed ACCESS_TOKEN that expires during the run stops requests as inconclusive, not as 401 failures', async () => {
    let clock = Date.now();
    const token = staticToken(mock.tokens.full, () => clock);
    const pacing = startPacing({
      getPerMin: 0,
      writePerMin: 0,
      maxConcurrency: 2,
      requestTimeoutMs: 5_000,
      readonly: false,
    });
    try {
      const target = await pacing.route({
        id: 'main',
        label: 'mock',
        kind: 'live',
        identity: mock.url,
        publicUrl: mock.url,
        token,
        companyId: mock.fixtures.companyId,
      });
      const worker = new ApiClient({ baseUrl: target.baseUrl, token: target.token, timeoutMs: 10_000 });
      const before = mock.requestLog.length;
      clock = jwtExpiryMs(mock.tokens.full)! + 1;
      const err = await worker.get('/items', { companyId: mock.fixtures.companyId }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(TransportError);
      expect((err as Error).message).toMatch(/ACCESS_TOKEN expired/);
      expect(mock.requestLog.length).toBe(before);
    } finally {
      await pacing.close();
    }
  });

  it('stand-ins of opaque tokens carry nothing of the real value', () => {
    const p = placeholderFor('opaque-secret-value-123', 'token');
    expect(p).not.toContain('opaque-secret-value-123');
  });
});
