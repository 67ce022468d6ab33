import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staticToken } from '../harness/auth/session.js';
import { ApiClient } from '../harness/client.js';
import { cleanupRun, settleLedger, withoutUnsentCreates, type SentEvidence } from '../harness/cleanup.js';
import type { LedgerEntry, RecordedExchange, Resource } from '../harness/core/events.js';
import { startPacing, type Pacing } from '../harness/pacing/index.js';
import { defaultProfile, type Profile } from '../harness/core/profile.js';
import type { TargetInfo } from '../harness/core/run-info.js';
import { buildPart } from '../generators/items.js';
import { seededFaker } from '../generators/random.js';
import { startMock, type MockServer } from '../mock/server.js';

let mock: MockServer;
let pacing: Pacing;
let target: TargetInfo;
let direct: ApiClient;
const profile = structuredClone(defaultProfile) as unknown as Profile;

beforeAll(async () => {
  mock = await startMock();
  pacing = startPacing({ getPerMin: 0, writePerMin: 0, maxConcurrency: 4, requestTimeoutMs: 5_000, readonly: false });
  target = await pacing.route({
    id: 'main',
    label: 'mock',
    kind: 'live',
    identity: mock.url,
    publicUrl: mock.url,
    token: staticToken(mock.tokens.full),
    companyId: mock.fixtures.companyId,
  });
  direct = new ApiClient({ baseUrl: mock.url, token: mock.tokens.full, timeoutMs: 5_000 });
});
afterAll(async () => {
  await pacing.close();
  await mock.stop();
});

/** A run's ledger entries, as the hub journals them from a check's ledger. */
function ledgerOf(marker: string) {
  const entries: LedgerEntry[] = [];
  const at = new Date().toISOString();
  return {
    entries,
    created: (resource: Resource, id: string) =>
      void entries.push({ event: 'created', resource, id, target: 'main', marker, at }),
    archived: (resource: Resource, id: string) =>
      void entries.push({ event: 'archived', resource, id, target: 'main', marker, at }),
  };
}

async function createItem(marker: string): Promise<string> {
  const res = await direct.post('/items', {
    companyId: mock.fixtures.companyId,
    items: [buildPart(seededFaker(1, marker), marker)],
  });
  const id = JSON.stringify(res.json).match(/"itemId":"([^"]+)"/)?.[1];
  if (!id) throw new Error(`create failed: ${res.status} ${res.text}`);
  return id;
}

async function statusOf(itemId: string): Promise<unknown> {
  const res = await direct.get(`/items/${itemId}`, { companyId: mock.fixtures.companyId });
  return (res.json as { status?: unknown }).status;
}

const options = (entries: LedgerEntry[], mode: 'full' | 'readonly' = 'full') => ({
  runId: 'r1',
  marker: 'cnf-r1',
  entries,
  mode,
  profile,
  targets: [target],
  timeoutMs: 10_000,
  wireHeaders: pacing.internalHeaders,
});

describe('run ledger cleanup', () => {
  it('archives what the run created and no check archived, and nothing else', async () => {
    const ledger = ledgerOf('cnf-r1-a');
    const [mine, archivedByCheck, notMine] = await Promise.all([
      createItem('cnf-r1-a'),
      createItem('cnf-r1-b'),
      createItem('someone-else'),
    ]);
    ledger.created('item', mine);
    ledger.created('item', archivedByCheck);
    ledger.archived('item', archivedByCheck);
    // An 'archived' entry for a record the run never created must not lead to any request.
    ledger.archived('item', notMine);
    ledger.created('appointmentRequest', 'apr_1');
    ledger.created('vehicle', 'veh_without_customer');
    const before = mock.requestLog.length;

    const report = await cleanupRun(options(ledger.entries));

    expect(await statusOf(mine)).toBe('Inactive');
    expect(await statusOf(notMine)).toBe('Active');
    expect(await statusOf(archivedByCheck)).toBe('Active'); // the check claimed it; cleanup trusts the ledger
    const patches = mock.requestLog.slice(before).filter((r) => r.method === 'PATCH');
    expect(patches).toHaveLength(1);
    expect(report.summary).toEqual({ created: 4, archivedByChecks: 1, archivedByCleanup: 1, leftovers: 2 });
    expect(report.archivedByCleanup.map((r) => r.id)).toEqual([mine]);
    const reasons = Object.fromEntries(report.leftovers.map((l) => [l.resource, l.reason]));
    expect(reasons.appointmentRequest).toMatch(/no documented archive/);
    expect(reasons.vehicle).toMatch(/customerId/);
  });

  it('counts and archives once a record ledgered by the id its answer gave and, apart, by its locator', async () => {
    const marker = 'cnf-r1-m';
    const input = buildPart(seededFaker(3, marker), marker);
    const res = await direct.post('/items', { companyId: mock.fixtures.companyId, items: [input] });
    const id = JSON.stringify(res.json).match(/"itemId":"([^"]+)"/)![1]!;
    const at = new Date().toISOString();
    const entries: LedgerEntry[] = [
      // The check ledgered it by its itemNumber only; the client's observer by the id of the answer.
      {
        event: 'created',
        resource: 'item',
        locator: { keys: { itemNumber: input.itemNumber } },
        target: 'main',
        marker,
        at,
      },
      { event: 'created', resource: 'item', id, target: 'main', marker, at },
    ];
    const before = mock.requestLog.length;
    const report = await cleanupRun(options(entries));
    expect(await statusOf(id)).toBe('Inactive');
    expect(report.summary).toEqual({ created: 1, archivedByChecks: 0, archivedByCleanup: 1, leftovers: 0 });
    expect(mock.requestLog.slice(before).filter((r) => r.method === 'PATCH')).toHaveLength(1);
  });

  it('isolates a refused id so the rest of its batch is still archived', async () => {
    const ledger = ledgerOf('cnf-r1-c');
    const ids = await Promise.all([createItem('cnf-r1-c1'), createItem('cnf-r1-c2')]);
    for (const id of ids) ledger.created('item', id);
    ledger.created('item', 'itm_gone_meanwhile');
    const report = await cleanupRun(options(ledger.entries));
    for (const id of ids) expect(await statusOf(id)).toBe('Inactive');
    expect(report.leftovers.map((l) => l.id)).toEqual(['itm_gone_meanwhile']);
    expect(report.leftovers[0]!.reason).toMatch(/refused: HTTP 404/);
  });

  it('sends no write in read-only mode and lists the records as leftovers', async () => {
    const ledger = ledgerOf('cnf-r1-d');
    ledger.created('item', 'itm_x');
    const before = mock.requestLog.length;
    const report = await cleanupRun(options(ledger.entries, 'readonly'));
    expect(mock.requestLog.length).toBe(before);
    expect(report.leftovers[0]!.reason).toMatch(/read-only/);
  });

  it('settles a record ledgered by its locator first and by its id once located as one record', () => {
    const at = '2026-01-01T00:00:00Z';
    const locator = { keys: { itemNumber: 'CNF1' } };
    const { created, archivedByChecks } = settleLedger(
      [
        { event: 'created', resource: 'item', locator, target: 'main', marker: 'm1', at },
        { event: 'created', resource: 'item', id: 'itm_1', locator, target: 'main', marker: 'm1', at },
        {
          event: 'created',
          resource: 'item',
          locator: { keys: { itemNumber: 'CNF2' } },
          target: 'main',
          marker: 'm1',
          at,
        },
        { event: 'archived', resource: 'item', id: 'itm_1', target: 'main', marker: 'm1', at },
      ],
      [target],
    );
    expect(created.map((c) => [c.id, c.locator?.keys.itemNumber])).toEqual([
      ['itm_1', 'CNF1'],
      [undefined, 'CNF2'],
    ]);
    expect([...archivedByChecks].map((c) => c.id)).toEqual(['itm_1']);
  });

  it('locates and archives a record no answer gave the id of, by its locator', async () => {
    const part = buildPart(seededFaker(2, 'cnf-r1-e'), 'cnf-r1-e');
    await direct.post('/items', { companyId: mock.fixtures.companyId, items: [part] });
    const locator = { keys: { itemNumber: part.itemNumber } };
    const entry: LedgerEntry = {
      event: 'created',
      resource: 'item',
      locator,
      target: 'main',
      marker: 'cnf-r1-e',
      at: new Date().toISOString(),
    };
    const report = await cleanupRun(options([entry]));
    expect(report.summary).toMatchObject({ created: 1, archivedByCleanup: 1, leftovers: 0 });
    const id = report.archivedByCleanup[0]!.id!;
    expect(await statusOf(id)).toBe('Inactive');
  });

  it('settles ledger entries per target, first creation wins', () => {
    const at = '2026-01-01T00:00:00Z';
    const { created, archivedByChecks } = settleLedger(
      [
        { event: 'created', resource: 'item', id: 'a', target: 'main', marker: 'm1', at },
        { event: 'created', resource: 'item', id: 'a', target: 'main', marker: 'm2', at },
        { event: 'created', resource: 'item', id: 'a', target: 'fault-x', marker: 'm3', at },
        { event: 'archived', resource: 'item', id: 'a', target: 'fault-x', marker: 'm3', at },
      ],
      [target],
    );
    expect(created.map((c) => [c.target, c.marker])).toEqual([
      ['main', 'm1'],
      ['fault-x', 'm3'],
    ]);
    expect(archivedByChecks.size).toBe(1);
  });
});

/**
 * A create ledgered by its locator before it was sent stays in the ledger until it is shown never
 * to have taken effect: refused, or never sent while every request is accounted for. One that may
 * have reached the target is looked for by its locator, archived when found, and reported as never
 * created when reads after the consistency window show it absent (issue 26: a Ctrl-C 45 s in).
 */
describe('creates in flight', () => {
  const at = new Date().toISOString();
  const before = (itemNumber: string): LedgerEntry => ({
    event: 'created',
    resource: 'item',
    locator: { keys: { itemNumber } },
    beforeWrite: true,
    target: 'main',
    marker: 'cnf-r1-f',
    at,
  });
  const post = (itemNumber: string, rest: Partial<RecordedExchange>): RecordedExchange => ({
    id: itemNumber,
    owner: 'x',
    target: 'main',
    startedAt: at,
    method: 'POST',
    url: 'http://x/v2/items',
    requestHeaders: {},
    requestBody: JSON.stringify({ items: [{ itemNumber }] }),
    durationMs: 1,
    ...rest,
  });
  const kept = (e: LedgerEntry, xs: RecordedExchange[], o: SentEvidence = {}) =>
    withoutUnsentCreates([e], xs, o).length === 1;

  it('keeps a create that may have reached the target, drops one surely never made', () => {
    const shutOut = 'the run was interrupted (SIGINT)';
    const notForwarded = (x: RecordedExchange) => x.error === shutOut;
    // Accepted, unanswered (cut off, timed out) or answered 5xx: it may exist.
    expect(kept(before('A1'), [post('A1', { status: 200 })], { drained: true })).toBe(true);
    expect(kept(before('A2'), [post('A2', { error: 'socket hang up' })], { drained: true, notForwarded })).toBe(true);
    expect(kept(before('A3'), [post('A3', { status: 503 })], { drained: true })).toBe(true);
    // No request carried it while one may still be in the proxy, or a create body was clipped: it may exist.
    expect(kept(before('A4'), [], { drained: false })).toBe(true);
    expect(
      kept(before('A5'), [post('Z', { status: 200, requestBody: 'x…[9 more characters]' })], { drained: true }),
    ).toBe(true);
    // Refused, or never sent: nothing to look for.
    expect(kept(before('B1'), [post('B1', { status: 400 })], { drained: true })).toBe(false);
    expect(kept(before('B2'), [post('B2', { error: shutOut })], { drained: false, notForwarded })).toBe(false);
    expect(kept(before('B3'), [], { drained: true })).toBe(false);
  });

  it('archives a create in flight the server accepted, by its locator, and reports one never made as never created', async () => {
    const made = buildPart(seededFaker(7, 'in-flight'), 'cnf-r1-f');
    const res = await direct.post('/items', { companyId: mock.fixtures.companyId, items: [made] });
    expect(res.status).toBeLessThan(300);
    const ghost = 'CNFNEVERMADE7';
    const entries = [before(made.itemNumber as string), before(ghost)];
    expect(settleLedger(entries, [target]).created.every((r) => r.unconfirmed)).toBe(true);
    const report = await cleanupRun({ ...options(entries), windowMs: 0, consistencyWindowMs: 500 });
    expect(report.archivedByCleanup.map((r) => r.locator?.keys.itemNumber)).toEqual([made.itemNumber]);
    expect(report.leftovers).toEqual([]);
    expect(report.neverCreated?.map((r) => r.locator?.keys.itemNumber)).toEqual([ghost]);
    expect(report.neverCreated?.[0]?.reason).toMatch(/^never created: .*GET \/items\?itemNumber=CNFNEVERMADE7/);
    expect(report.summary).toMatchObject({ created: 1, archivedByCleanup: 1, leftovers: 0, neverCreated: 1 });
    const id = JSON.stringify(
      (await direct.get('/items', { companyId: mock.fixtures.companyId, itemNumber: made.itemNumber })).json,
    ).match(/"itemId":"([^"]+)"/)?.[1];
    expect(await statusOf(id!)).toBe('Inactive');
  });
});

describe('a cleanup stopped by a signal', () => {
  it('archives nothing more once stopped, and leaves every record still active with the reason', async () => {
    const ledger = ledgerOf('cnf-r1-s');
    const ids = await Promise.all([createItem('cnf-r1-s1'), createItem('cnf-r1-s2')]);
    for (const id of ids) ledger.created('item', id);
    const report = await cleanupRun({ ...options(ledger.entries), stopped: () => 'the cleanup was stopped by SIGINT' });
    expect(report.archivedByCleanup).toEqual([]);
    expect(report.leftovers.map((r) => [r.id, r.reason])).toEqual(
      ids.map((id) => [id, 'not archived: the cleanup was stopped by SIGINT']),
    );
    for (const id of ids) expect(await statusOf(id)).toBe('Active');
  });
});
