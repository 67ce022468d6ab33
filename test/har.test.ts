import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECK_HEADER } from '../harness/pacing/headers.js';
import type { RecordedExchange } from '../harness/core/events.js';
import { buildHar } from '../harness/outputs/har.js';
import { registerSecret } from '../harness/redact.js';
import { fakeTarget, json, pacedClient } from './support/fake-target.js';
import { harSchema } from './support/har-schema.js';

/**
 * Every exchange is recorded once, where it crosses the pacing proxy, already redacted, with the
 * target's own address; exchanges.har is built from those records.
 */
const SECRET = 'sekret-refresh-token-0123456789';
registerSecret(SECRET);

const recorded: RecordedExchange[] = [];
let stop: () => Promise<void>;

beforeAll(async () => {
  const target = await fakeTarget((req, res) =>
    req.method === 'POST' ? json(res, 200, { success: true, echo: SECRET }) : res.destroy(),
  );
  const { pacing, target: routed } = await pacedClient(target.url, {
    record: (ex) => recorded.push(ex),
    token: 'eyJ.real.token',
  });
  const { ApiClient } = await import('../harness/client.js');
  const client = new ApiClient({
    baseUrl: routed.baseUrl,
    token: routed.token,
    timeoutMs: 30_000,
    wireHeaders: { [CHECK_HEADER]: 'ITEM-CREATE-ENVELOPE [part]' },
  });
  const post = await client.post(
    '/items',
    { companyId: 'cmp_a', items: [{ itemName: 'x' }], refreshToken: SECRET },
    { companyId: 'cmp_a' },
  );
  expect(post.exchangeId).toBe(recorded[0]?.id);
  await client.get('/items/itm_1').catch(() => undefined);
  stop = async () => {
    await pacing.close();
    await target.stop();
  };
  (globalThis as { __targetUrl?: string }).__targetUrl = target.url;
}, 60_000);
afterAll(() => stop?.());

describe('exchanges recorded by the pacing proxy, and exchanges.har', () => {
  it('records each exchange once, owned by the check that sent it, with the id the worker can cite', () => {
    expect(recorded).toHaveLength(2);
    expect(recorded.map((e) => e.owner)).toEqual(['ITEM-CREATE-ENVELOPE [part]', 'ITEM-CREATE-ENVELOPE [part]']);
    expect(new Set(recorded.map((e) => e.id)).size).toBe(2);
  });

  it("shows the target's own address, not the local proxy", () => {
    const url = (globalThis as { __targetUrl?: string }).__targetUrl!;
    expect(recorded[0]!.url).toBe(`${url}/items?companyId=cmp_a`);
  });

  it('is redacted: no bearer value, no registered secret, in the request or the answer', () => {
    const text = JSON.stringify(recorded);
    expect(text).not.toContain(SECRET);
    expect(text).not.toContain('eyJ.real.token');
    expect(recorded[0]!.requestHeaders.authorization).toBe('Bearer <redacted>');
  });

  it('builds valid HAR 1.2, one entry per exchange in time order, with clause, variant and a failed exchange as status 0', () => {
    const har = buildHar(recorded, { name: 'partner-api-v2-conformance', version: '0.1.0' });
    const parsed = harSchema.parse(har);
    expect(parsed.log.entries.map((e) => e.request.method)).toEqual(['POST', 'GET']);
    const [post, failed] = parsed.log.entries;
    expect(post!.request.postData?.mimeType).toBe('application/json');
    expect(post!.request.queryString).toEqual([{ name: 'companyId', value: 'cmp_a' }]);
    expect(har.log.entries[0]).toMatchObject({ _clause: 'ITEM-CREATE-ENVELOPE', _variant: 'part' });
    expect(failed!.response.status).toBe(0);
    expect(har.log.entries[1]!.response._error).toBeTruthy();
  });

  it('an empty run gives a valid HAR with no entries', () => {
    expect(harSchema.parse(buildHar([], { name: 'x', version: '1' })).log.entries).toEqual([]);
  });
});
