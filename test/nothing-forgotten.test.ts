import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Certification } from '../harness/certify/certify.js';
import { Ledger, ledgerAnswer } from '../harness/check/ledger.js';
import type { HubReports } from '../harness/check/hub-reports.js';
import { settleLedger, type LedgerReport } from '../harness/cleanup.js';
import { ApiClient, type Exchange } from '../harness/client.js';
import type { LedgerEntry } from '../harness/core/events.js';
import { defaultProfile, type Profile } from '../harness/core/profile.js';
import type { Report } from '../harness/coordination/protocol.js';
import { probeCustomerSearch } from '../harness/locate/search-probe.js';
import { startMock } from '../mock/server.js';
import { BULK_LIMIT, startFourth, startGateway, type ForgetfulServer } from './support/forgetful-servers.js';
import { recordsCarrying } from './support/mock-records.js';
import { mockEnv, runConformanceCli } from './support/run-cli.js';
import { BULK_BATCH } from '../harness/core/batches.js';

/**
 * Nothing created is forgotten (issue 34, part 5): every record a create answer shows as created
 * is ledgered before the check sees the answer, and the cleanup archives it. Two servers on which
 * the run once left records behind, reproduced in front of the mock (test/support/forgetful-servers.ts).
 */

const profile = structuredClone(defaultProfile) as unknown as Profile;
const root = mkdtempSync(join(tmpdir(), 'cnf-forgotten-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A ledger whose reports are kept, as the hub would journal them. */
function keptLedger() {
  const reports: Report[] = [];
  const hub = { send: async (r: Report) => void reports.push(r), settle: async () => undefined };
  const ledger = new Ledger(hub as unknown as HubReports, 'cnf-run-check');
  const entries = () => reports.flatMap((r) => (r.kind === 'ledger' ? r.entries : []));
  return { ledger, entries };
}

const exchange = (path: string, body: unknown, status: number, json: unknown, headers = {}): Exchange => ({
  id: 'x',
  startedAt: new Date().toISOString(),
  request: { method: 'POST', url: `http://target.invalid/v2${path}`, headers: {}, body: JSON.stringify(body) },
  response: { status, headers, text: JSON.stringify(json), json, durationMs: 1, retries: 0 },
});

describe('the ledger takes every create answer', () => {
  it('ledgers the ids of any key, a Location, and the created elements of a partial bulk, with the owner sent', async () => {
    const { ledger, entries } = keptLedger();
    const o = { ledger, profile, companyId: 'cmp-1' };
    await ledgerAnswer(
      exchange(
        '/customers',
        { companyId: 'cmp-1', customers: [{}, {}] },
        202,
        { data: { customerIds: ['c-1'] } },
        {
          location: '/v2/customers/c-2',
        },
      ),
      o,
    );
    const vehicles = [1, 2, 3].map((i) => ({ customerId: 'own-1', vin: `VIN000000000000${i}` }));
    await ledgerAnswer(
      exchange('/vehicles', { companyId: 'cmp-1', vehicles }, 207, {
        results: [
          { index: 0, id: 'v-0', status: 201 },
          { index: 1, status: 422, error: 'refused' },
          { index: 2, id: 'v-2', status: 201 },
        ],
      }),
      o,
    );
    // Another company's create is archived there; a refused create and a read ledger nothing.
    await ledgerAnswer(exchange('/items', { companyId: 'cmp-2', items: [{}] }, 200, { itemId: 'i-9' }), o);
    await ledgerAnswer(exchange('/items', { companyId: 'cmp-1', items: [{}] }, 400, { itemId: 'i-0' }), o);
    await ledgerAnswer(
      {
        ...exchange('/items', {}, 200, { itemId: 'i-1' }),
        request: { method: 'GET', url: 'http://t/v2/items', headers: {} },
      },
      o,
    );
    await ledgerAnswer(exchange('/appointmentRequests/create', {}, 200, { data: { id: 'a-1' } }), o);
    expect(entries().map((e) => [e.resource, e.id, e.customerId, e.companyId])).toEqual([
      ['customer', 'c-1', undefined, undefined],
      ['customer', 'c-2', undefined, undefined],
      ['vehicle', 'v-0', 'own-1', undefined],
      ['vehicle', 'v-2', 'own-1', undefined],
      ['item', 'i-9', undefined, 'cmp-2'],
    ]);
  });

  it('a body it cannot read ledgers nothing and never throws', async () => {
    const { ledger, entries } = keptLedger();
    const ex = exchange('/customers', {}, 200, {});
    ex.request.body = 'not json';
    await expect(ledgerAnswer(ex, { ledger, profile, companyId: 'c' })).resolves.toBeUndefined();
    expect(entries()).toEqual([]);
  });

  it('settles an id ledgered from the answer and the same record located later as one record', () => {
    const at = new Date().toISOString();
    const base = { target: 'main', marker: 'cnf-run-a', at };
    const locator = { keys: { vin: 'VIN1' }, customerId: 'own-1' };
    const entries: LedgerEntry[] = [
      { ...base, event: 'created', resource: 'vehicle', locator, customerId: 'own-1', beforeWrite: true },
      { ...base, event: 'created', resource: 'vehicle', id: 'v-1' },
      { ...base, event: 'created', resource: 'vehicle', id: 'v-2', customerId: 'own-1' },
      { ...base, event: 'created', resource: 'vehicle', locator, customerId: 'own-1', id: 'v-1' },
      { ...base, event: 'archived', resource: 'vehicle', id: 'v-1' },
    ];
    const { created, archivedByChecks } = settleLedger(entries, [{ id: 'main', companyId: 'cmp-1' }]);
    expect(created.map((r) => [r.id, r.customerId, !!r.locator])).toEqual([
      ['v-1', 'own-1', true],
      ['v-2', 'own-1', false],
    ]);
    expect([...archivedByChecks].map((r) => r.id)).toEqual(['v-1']);
  });
});

describe('the customer search, used only where a probe showed it matches notes', () => {
  it('a search over notes (the mock) is shown to match; one over names, e-mail and phone (the gateway) is not', async () => {
    const [mock, gateway] = await Promise.all([startMock(), startGateway()]);
    try {
      const probe = (url: string, token: string, companyId: string) => {
        const api = new ApiClient({ baseUrl: url, token, timeoutMs: 10_000 });
        return probeCustomerSearch((q) => api.get('/customers', { companyId, ...q }), {
          searchParam: 'search',
          field: 'notes',
        });
      };
      const [onMock, onGateway] = await Promise.all([
        probe(mock.url, mock.tokens.full, mock.fixtures.companyId),
        probe(gateway.url, gateway.mock.tokens.full, gateway.mock.fixtures.companyId),
      ]);
      expect([onMock.matches, onMock.responses.length], onMock.why).toEqual([true, 2]);
      expect([onGateway.matches, onGateway.responses.length], onGateway.why).toEqual([false, 2]);
    } finally {
      await Promise.all([mock.stop(), gateway.stop()]);
    }
  });
});

interface Ran {
  cert: Certification;
  ledger: LedgerReport;
  output: string;
}

async function run(server: ForgetfulServer, name: string, selection: string): Promise<Ran> {
  const reports = join(root, name);
  const r = await runConformanceCli({ ...mockEnv(server.mock, server.url), REPORTS_DIR: reports, SEED: '7' }, [
    '-t',
    selection,
  ]);
  const output = `exit ${r.code}\n${r.stdout.slice(-3000)}\n${r.stderr.slice(-2000)}`;
  const cert = JSON.parse(readFileSync(join(reports, 'certification.json'), 'utf8')) as Certification;
  const ledger = JSON.parse(readFileSync(join(reports, 'ledger.json'), 'utf8')) as LedgerReport;
  return { cert, ledger, output };
}

/** The server's own store (the mock behind it), not the API the run judged: no record of the run is left active. */
async function activeLeft(server: ForgetfulServer, marker: string) {
  const left = (await recordsCarrying(server.mock, marker)).filter((m) => m.state === 'Active');
  return left.map((m) => `${m.path} ${JSON.stringify(m.record).slice(0, 120)}`);
}

const notPassed = (cert: Certification) =>
  cert.clauses
    .filter((c) => c.verdict === 'failed' || c.verdict === 'inconclusive')
    .map((c) => `${c.id}: ${c.reason ?? ''} ${JSON.stringify(c.checks)}`);

describe('a gateway: creates answered 202 with data.customerIds and a Location, a search over names, e-mail and phone', () => {
  it('locates every customer by the ids it answered: no clause inconclusive for locating, nothing left', async () => {
    const server = await startGateway();
    try {
      const { cert, ledger, output } = await run(server, 'gateway', 'CUSTOMER|TENANT-LIST-ISOLATION');
      // Before: four clauses "precondition: the created customer could not be located by its unique word", 5 customers left.
      expect(notPassed(cert), output).toEqual([]);
      expect(cert.runErrors, output).toEqual([]);
      expect(ledger.summary.created, output).toBeGreaterThan(0);
      expect(ledger.summary.leftovers, JSON.stringify(ledger.leftovers).slice(0, 2000)).toBe(0);
      expect(cert.ledger?.leftovers, 'the certificate says 0 left').toBe(0);
      expect(await activeLeft(server, ledger.marker)).toEqual([]);
    } finally {
      await server.stop();
    }
  }, 400_000);
});

describe('the fourth server: bulk creates applied element by element, one refused, per-element results', () => {
  it('archives every created element of a partial bulk create, and no failure is one of locating', async () => {
    // Three a request, below the harness's batches of BULK_BATCH, so that the run meets partial creates.
    const server = await startFourth({}, 3);
    try {
      const { cert, ledger, output } = await run(server, 'fourth-partial', 'CREATE-BULK');
      expect(server.seen.refused, 'the run met a partial bulk create').toBeGreaterThan(0);
      expect(server.seen.created).toBeGreaterThan(0);
      // Before: the created elements never reached the ledger; the run said "4 left" and left 54 active.
      expect(ledger.summary.leftovers, JSON.stringify(ledger.leftovers).slice(0, 2000)).toBe(0);
      expect(cert.ledger?.leftovers, 'the certificate says 0 left').toBe(0);
      expect(await activeLeft(server, ledger.marker)).toEqual([]);
      expect(cert.runErrors, output).toEqual([]);
      // What does not pass names the refused element and the answer's report, never a record of the run not found.
      const refusedRoles = /entry \\?"[a-z-]+\\?".*reports this element refused/;
      for (const line of notPassed(cert)) expect(line, output).toMatch(refusedRoles);
    } finally {
      await server.stop();
    }
  }, 400_000);

  it(`takes the harness's batches whole (BULK_BATCH ${BULK_BATCH} <= ${BULK_LIMIT}): no clause fails or waits on a refused element`, async () => {
    const server = await startFourth();
    try {
      const { cert, ledger, output } = await run(server, 'fourth', 'VEHICLE|ITEM|CUSTOMER');
      // Before (one create of 7 vehicles, one of 7 items): VEHICLE-CREATE-BULK and ITEM-CREATE-BULK failed,
      // VEHICLE-ARCHIVE-NEEDS-IDS and four ITEM-ARCHIVE-* clauses were inconclusive for a refused element.
      expect([server.seen.refused, server.seen.created > 0]).toEqual([0, true]);
      const failed = notPassed(cert).filter((l) =>
        cert.clauses.some((c) => c.verdict === 'failed' && l.startsWith(`${c.id}:`)),
      );
      expect(failed, output).toEqual([]);
      expect(
        notPassed(cert).filter((l) => /element refused|elements are created per request/.test(l)),
        output,
      ).toEqual([]);
      expect(cert.runErrors, output).toEqual([]);
      expect(ledger.summary.leftovers, JSON.stringify(ledger.leftovers).slice(0, 2000)).toBe(0);
    } finally {
      await server.stop();
    }
  }, 600_000);
});
