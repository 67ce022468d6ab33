import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, existsSync, readFileSync, rmSync } from 'node:fs';
import type { Certification } from '../harness/certify/certify.js';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMock, type MockServer } from '../mock/server.js';
import { loadProfile } from '../harness/core/profile.js';
import { preflight } from '../harness/run/preflight.js';
import { emptyForUnknownCompanies } from './support/fake-target.js';
import { mockEnv, runConformanceCli } from './support/run-cli.js';

/**
 * Configuration problems are told apart from conformance before any check runs: exit 2 and one
 * line naming the variable for bad credentials, companies and base URLs; exit 3 for a target
 * that does not answer. Each within seconds, and no certification is written.
 */

async function serve(handler: Parameters<typeof createServer>[1]): Promise<{ url: string; server: Server }> {
  const server = createServer(handler);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v2`, server };
}

const forgedJwt = `${Buffer.from('{"alg":"HS256","typ":"JWT"}').toString('base64url')}.${Buffer.from('{"sub":"x","exp":4102444800}').toString('base64url')}.c2lnbmF0dXJl`;

describe('preflight: configuration is not conformance', () => {
  let mock: MockServer;
  let html: { url: string; server: Server };
  let broken: { url: string; server: Server };
  const reports: string[] = [];
  const run = async (env: Record<string, string>) => {
    const dir = mkdtempSync(join(tmpdir(), 'cnf-preflight-'));
    reports.push(dir);
    const r = await runConformanceCli({ ENV_FILE: '/dev/null', REPORTS_DIR: dir, ...env }, [], { timeoutMs: 60_000 });
    const lines = r.stderr.split('\n').filter((l) => l.trim() && !/npm warn/i.test(l));
    return { ...r, lines, certified: existsSync(join(dir, 'certification.json')) };
  };

  beforeAll(async () => {
    mock = await startMock();
    html = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<!doctype html><title>Sign in</title><form>…</form>');
    });
    broken = await serve((_req, res) => {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end('{"error":"boom"}');
    });
  });
  afterAll(async () => {
    await mock.stop();
    html.server.close();
    broken.server.close();
    for (const d of reports) rmSync(d, { recursive: true, force: true });
  });

  it.each([
    [
      'a garbage ACCESS_TOKEN',
      { ACCESS_TOKEN: 'garbage-token-value' },
      /ACCESS_TOKEN was rejected by the target .*HTTP 401/,
    ],
    [
      'a JWT-shaped ACCESS_TOKEN the target did not sign',
      { ACCESS_TOKEN: forgedJwt },
      /ACCESS_TOKEN was rejected by the target .*HTTP 401/,
    ],
    [
      'a COMPANY_ID the token cannot access',
      { COMPANY_ID: 'cmp_not_mine' },
      /COMPANY_ID cmp_not_mine is not accessible with ACCESS_TOKEN .*HTTP 403/,
    ],
    ['a wrong ACCESS_TOKEN_NO_PO', { ACCESS_TOKEN_NO_PO: 'garbage-no-po-token' }, /ACCESS_TOKEN_NO_PO was rejected/],
    [
      'an OTHER_COMPANY_ID the token cannot access',
      { OTHER_COMPANY_ID: 'cmp_elsewhere' },
      /OTHER_COMPANY_ID cmp_elsewhere is not accessible/,
    ],
  ])('exits 2 with one line for %s', async (_what, override, line) => {
    const r = await run({ ...mockEnv(mock), ...override });
    expect(r.code, r.stdout.slice(-1500) + r.stderr).toBe(2);
    expect(r.lines).toHaveLength(1);
    expect(r.lines[0]).toMatch(line);
    expect(r.certified).toBe(false);
    expect(r.durationMs).toBeLessThan(20_000);
  });

  it('exits 2 naming BASE_URL and the content type when the base URL serves a web page', async () => {
    const r = await run({ ...mockEnv(mock), BASE_URL: html.url });
    expect(r.code).toBe(2);
    expect(r.lines).toHaveLength(1);
    expect(r.lines[0]).toMatch(/BASE_URL .* text\/html, not JSON/);
    expect(r.certified).toBe(false);
  });

  it('exits 3, inconclusive, when every try gets a 5xx', async () => {
    const r = await run({ ...mockEnv(mock), BASE_URL: broken.url });
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(/Inconclusive: the target answered HTTP 500/);
    expect(r.certified).toBe(false);
  });
});

/**
 * Wrong ids against a target that answers an unknown company with 200 and an empty list (silence
 * S-TEN-company-mismatch): each is exit 2 within seconds, naming the variable and quoting the
 * server, before any write; a second company that shows nothing is never "isolated" from.
 */
describe('preflight: a wrong id is a configuration error', () => {
  let mock: MockServer;
  let fake: Awaited<ReturnType<typeof emptyForUnknownCompanies>>;
  const reports: string[] = [];
  beforeAll(async () => {
    mock = await startMock();
    fake = await emptyForUnknownCompanies(mock.url, [mock.fixtures.companyId, mock.fixtures.otherCompanyId]);
  });
  afterAll(async () => {
    await fake.stop();
    await mock.stop();
    for (const d of reports) rmSync(d, { recursive: true, force: true });
  });

  it.each([
    [
      'COMPANY_ID',
      'c-999',
      /^Configuration error: COMPANY_ID c-999 shows no record at all.*HTTP 400 Unknown companyId: is COMPANY_ID right\?/,
    ],
    [
      'CUSTOMER_ID',
      'cu-999',
      /^Configuration error: CUSTOMER_ID cu-999 was not found in COMPANY_ID \S+: GET \/customers\/cu-999 answered HTTP 404 customer not found, and no vehicle lists it$/,
    ],
    ['LOCATION_ID', 'l-999', /^Configuration error: LOCATION_ID l-999 was refused .*HTTP 400 .*unknown locationId/],
    [
      'SECOND_LOCATION_ID',
      'l-998',
      /^Configuration error: SECOND_LOCATION_ID l-998 was refused .*HTTP 400 .*unknown locationId:? l-998/,
    ],
  ])('%s=%s: exit 2 in seconds, naming it, with no write', async (name, value, line) => {
    const dir = mkdtempSync(join(tmpdir(), 'cnf-wrong-id-'));
    reports.push(dir);
    const writesBefore = fake.writes();
    const r = await runConformanceCli(
      { ENV_FILE: '/dev/null', REPORTS_DIR: dir, ...mockEnv(mock, fake.url), [name]: value },
      [],
      { timeoutMs: 60_000 },
    );
    const lines = r.stderr.split('\n').filter((l) => l.trim() && !/npm warn/i.test(l));
    expect(r.code, r.stdout.slice(-1500) + r.stderr).toBe(2);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(line);
    expect(fake.writes() - writesBefore).toBe(0);
    expect(existsSync(join(dir, 'certification.json'))).toBe(false);
    expect(r.durationMs).toBeLessThan(30_000);
  });

  it('OTHER_COMPANY_ID=c-999: the tenancy clauses are skipped with the reason, never passed', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cnf-wrong-other-'));
    reports.push(dir);
    const r = await runConformanceCli(
      { ENV_FILE: '/dev/null', REPORTS_DIR: dir, ...mockEnv(mock, fake.url), OTHER_COMPANY_ID: 'c-999' },
      ['-t', '^TENANT-'],
      { timeoutMs: 240_000 },
    );
    expect(r.stdout).toMatch(/note: OTHER_COMPANY_ID c-999 shows no record at all .*tenancy checks are skipped/);
    const cert = JSON.parse(readFileSync(join(dir, 'certification.json'), 'utf8')) as Certification;
    const tenancy = cert.clauses.filter((c) => c.id.startsWith('TENANT-'));
    expect(tenancy.length).toBeGreaterThan(0);
    for (const c of tenancy) {
      expect(c.verdict, c.id).not.toBe('passed');
      for (const ch of c.checks)
        expect(ch.reason ?? '', c.id).toMatch(/OTHER_COMPANY_ID c-999 .*cannot be shown to exist/);
    }
    expect(['conformant', 'passed']).not.toContain(cert.verdict);
  }, 300_000);

  const target = (over: Record<string, string | undefined>) => ({
    id: 'main',
    label: 'fake',
    kind: 'live' as const,
    baseUrl: fake.url,
    publicUrl: fake.url,
    identity: fake.url,
    token: mock.tokens.full,
    companyId: mock.fixtures.companyId,
    otherCompanyId: mock.fixtures.otherCompanyId,
    locationId: mock.fixtures.locationId,
    customerId: mock.fixtures.customerId,
    ...over,
  });
  const options = { timeoutMs: 10_000, internalHeaders: {}, profile: loadProfile() };

  it('proves every id of a right configuration, with nothing to warn about', async () => {
    const facts = await preflight(target({}), options);
    expect(facts.warnings).toEqual([]);
    expect(facts.otherCompanyUnproven).toBeUndefined();
    expect(facts.purchaseOrders).toBe('permitted');
  });

  it('OTHER_COMPANY_ID that shows nothing: not an error, but isolation from it is not judged', async () => {
    const facts = await preflight(target({ otherCompanyId: 'c-999' }), options);
    expect(facts.otherCompanyUnproven).toMatch(
      /OTHER_COMPANY_ID c-999 shows no record at all .*cannot be shown to exist/,
    );
    expect(facts.warnings.join('\n')).toMatch(/tenancy checks are skipped/);
  });

  it('a COMPANY_ID that holds nothing, with no CUSTOMER_ID to refute it: a warning, not an error', async () => {
    const facts = await preflight(target({ companyId: 'c-empty', customerId: undefined, locationId: undefined }), {
      ...options,
      withoutPurchaseOrders: true,
    });
    expect(facts.warnings.join('\n')).toMatch(
      /COMPANY_ID c-empty shows no record at all.*an empty company is possible/,
    );
  });
});
