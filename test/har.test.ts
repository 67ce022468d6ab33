import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Exchange } from '../harness/client.js';
import { ExchangeLog } from '../harness/exchange-log.js';
import { registerSecret } from '../harness/redact.js';
import { buildHar, writeHar } from '../harness/report/har.js';
import { harSchema } from './support/har-schema.js';

const dir = mkdtempSync(join(tmpdir(), 'cnf-har-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const SECRET = 'sekret-refresh-token-0123456789';
registerSecret(SECRET);

const exchanges: Exchange[] = [
  {
    id: 'ex1',
    startedAt: '2026-01-01T10:00:01.000Z',
    request: {
      method: 'POST',
      url: 'http://127.0.0.1:5555/v2/items?companyId=cmp_a',
      headers: { authorization: 'Bearer eyJ.abc.def', 'content-type': 'application/json' },
      body: JSON.stringify({ companyId: 'cmp_a', items: [{ itemName: 'x' }], refreshToken: SECRET }),
    },
    response: { status: 200, headers: { 'content-type': 'application/json' }, text: '{"success":true}', json: { success: true }, durationMs: 12, retries: 1 },
  },
  {
    id: 'ex2',
    startedAt: '2026-01-01T10:00:00.000Z',
    request: { method: 'GET', url: 'http://127.0.0.1:5555/v2/items/itm_1', headers: { authorization: 'Bearer zzz' } },
    error: 'GET /v2/items/itm_1: no answer from the target (ECONNREFUSED)',
  },
];

describe('exchanges.har', () => {
  const log = new ExchangeLog(dir, { clause: 'ITEM-CREATE-PART-ENVELOPE', target: 'main' });
  for (const ex of exchanges) log.record(ex);
  log.flush();
  const file = join(dir, 'exchanges.har');
  const count = writeHar(dir, file, { name: 'partner-api-v2-conformance', version: '0.1.0' }, new Map([['main', { from: 'http://127.0.0.1:5555/v2', to: 'https://partner.example/v2' }]]));
  const text = readFileSync(file, 'utf8');
  const har = JSON.parse(text) as unknown;

  it('is valid HAR 1.2 with one entry per exchange, in time order', () => {
    expect(count).toBe(2);
    const parsed = harSchema.parse(har);
    expect(parsed.log.entries.map((e) => e.request.method)).toEqual(['GET', 'POST']);
  });

  it('shows the target address, not the local proxy', () => {
    const urls = harSchema.parse(har).log.entries.map((e) => e.request.url);
    expect(urls).toEqual(['https://partner.example/v2/items/itm_1', 'https://partner.example/v2/items?companyId=cmp_a']);
    expect(text).not.toContain('127.0.0.1:5555');
  });

  it('keeps bodies, query, clause and retries, and marks a failed exchange with status 0', () => {
    const [failed, post] = harSchema.parse(har).log.entries;
    expect(post!.request.postData?.mimeType).toBe('application/json');
    expect(post!.request.queryString).toEqual([{ name: 'companyId', value: 'cmp_a' }]);
    expect(post!.response.content.text).toBe('{"success":true}');
    expect((har as { log: { entries: Record<string, unknown>[] } }).log.entries[1]).toMatchObject({ _clause: 'ITEM-CREATE-PART-ENVELOPE', _retries: 1 });
    expect(failed!.response.status).toBe(0);
    const raw = (har as { log: { entries: { response: { _error?: string } }[] } }).log.entries[0]!;
    expect(raw.response._error).toMatch(/ECONNREFUSED/);
  });

  it('is redacted: no bearer value, no registered secret', () => {
    expect(text).not.toContain(SECRET);
    expect(text).not.toContain('eyJ.abc.def');
    expect(text).toContain('Bearer <redacted>');
  });

  it('an empty run gives a valid HAR with no entries', () => {
    expect(harSchema.parse(buildHar([], { name: 'x', version: '1' })).log.entries).toEqual([]);
  });
});
