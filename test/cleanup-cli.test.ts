import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LedgerRecord, LedgerReport } from '../harness/cleanup.js';
import { buildCustomer, customerTermOf } from '../generators/customers.js';
import { buildPart } from '../generators/items.js';
import { seededFaker } from '../generators/random.js';
import { buildVehicle } from '../generators/vehicles.js';
import { defaultProfile } from '../harness/core/profile.js';
import { startProductionServer, type ProductionServer } from './production/server.js';

/**
 * `npm run cleanup -- <ledger.json>` against the production-like server, whose write answers show
 * no ids and whose lists lag: the leftovers of an earlier run, known only by their locators, are
 * found and archived; a second call archives nothing and says so; a record shown absent was never
 * created (exit 0, every call); one whose absence cannot be shown is exit 1.
 * The journal of a run that never settled its ledger serves as well as its ledger.json.
 */

async function cleanup(args: string[], env: Record<string, string>) {
  const clean = Object.fromEntries(
    Object.entries(process.env).filter(
      ([k]) => !/^(BASE_URL|ACCESS_TOKEN|COMPANY_ID|CONFORMANCE_|VITEST|PARTNER_ID|AUTH_KEY|RATE_LIMIT)/.test(k),
    ),
  );
  const child = spawn(process.execPath, ['--', 'bin/partner-conformance.js', 'cleanup', ...args], {
    env: { ...clean, ENV_FILE: '/dev/null', NO_COLOR: '1', ...env },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  return { code, stdout, stderr, output: `${stdout}\n${stderr}` };
}

const marker = 'cnf-cleanupcli';
const dir = mkdtempSync(join(tmpdir(), 'cnf-cleanup-cli-'));
let server: ProductionServer;
let env: Record<string, string>;

function ledgerFile(name: string, leftovers: LedgerRecord[]): string {
  const report: LedgerReport = {
    runId: 'earlier',
    marker,
    mode: 'full',
    generatedAt: new Date().toISOString(),
    trigger: 'SIGTERM',
    summary: { created: leftovers.length, archivedByChecks: 0, archivedByCleanup: 0, leftovers: leftovers.length },
    created: leftovers,
    archivedByChecks: [],
    archivedByCleanup: [],
    leftovers: leftovers.map((r) => ({ ...r, reason: 'the run was interrupted before its cleanup' })),
  };
  const file = join(dir, name);
  writeFileSync(file, JSON.stringify(report));
  return file;
}

describe('npm run cleanup', () => {
  const leftovers: LedgerRecord[] = [];
  beforeAll(async () => {
    server = await startProductionServer({ burstPerSecond: 0 });
    const f = server.fixtures;
    env = {
      BASE_URL: server.url,
      ACCESS_TOKEN: server.tokens.full,
      COMPANY_ID: f.companyId,
      RATE_LIMIT_GET_PER_MIN: '600',
      RATE_LIMIT_WRITE_PER_MIN: '300',
    };
    const h = { authorization: `Bearer ${server.tokens.full}`, 'content-type': 'application/json' };
    const post = async (path: string, body: unknown) => {
      const res = await fetch(`${server.url}${path}`, { method: 'POST', headers: h, body: JSON.stringify(body) });
      expect(res.status, await res.clone().text()).toBeLessThan(300);
    };
    const fk = seededFaker(5, 'cleanup-cli');
    const createdAt = new Date().toISOString();
    const vehicle = buildVehicle(fk, `${marker}-v`, f.customerId);
    const part = buildPart(fk, `${marker}-i`);
    const customer = buildCustomer(fk, `${marker}-c`, defaultProfile.customers);
    await post('/vehicles', { companyId: f.companyId, vehicles: [vehicle] });
    await post('/items', { companyId: f.companyId, items: [part] });
    await post('/customers', { companyId: f.companyId, customers: [customer] });
    const base = { target: 'main', companyId: f.companyId, marker: `${marker}-x`, createdAt };
    // Known by their locators only, as a run ledgers a record no answer gave the id of.
    leftovers.push(
      {
        ...base,
        resource: 'vehicle',
        customerId: f.customerId,
        locator: { keys: { vin: vehicle.vin, licensePlate: vehicle.licensePlate }, customerId: f.customerId },
      },
      { ...base, resource: 'item', locator: { keys: { itemNumber: part.itemNumber } } },
      {
        ...base,
        resource: 'customer',
        locator: { keys: { term: customerTermOf(customer, defaultProfile.customers) } },
      },
      { ...base, resource: 'appointmentRequest', locator: { keys: { term: '#request-tag#' } } },
    );
    await server.settled();
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('exits 2 on bad usage, naming what is wrong', async () => {
    expect((await cleanup([], env)).code).toBe(2);
    const notJson = join(dir, 'not-json.txt');
    writeFileSync(notJson, 'hello');
    const bad = await cleanup([notJson], env);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/not-json\.txt/);
    const noTarget = await cleanup([ledgerFile('none.json', [])], { ...env, BASE_URL: '' });
    expect(noTarget.code).toBe(2);
    expect(noTarget.stderr).toMatch(/BASE_URL/);
  }, 60_000);

  it('finds and archives the leftovers no answer gave an id for, then archives nothing on a second call', async () => {
    const file = ledgerFile('ledger.json', leftovers);
    expect((await server.activeRecordsCarrying(marker)).length).toBe(3);
    const first = await cleanup([file], env);
    expect(first.code, first.output).toBe(0);
    expect(first.stdout).toMatch(/3 archived/);
    expect(first.stdout).toMatch(/appointmentRequest .*no documented archive/);
    await server.settled();
    expect(await server.activeRecordsCarrying(marker)).toEqual([]);
    const second = await cleanup([file], env);
    expect(second.code, second.output).toBe(0);
    expect(second.stdout).toMatch(/Nothing to archive: 3 already archived/);
  }, 120_000);

  it('takes the journal of a run that ended without its cleanup, and archives what it created', async () => {
    const fk = seededFaker(6, 'cleanup-cli-journal');
    const part = buildPart(fk, `cnf-abandoned-i`);
    const res = await fetch(`${server.url}/items`, {
      method: 'POST',
      headers: { authorization: `Bearer ${server.tokens.full}`, 'content-type': 'application/json' },
      body: JSON.stringify({ companyId: server.fixtures.companyId, items: [part] }),
    });
    expect(res.status).toBeLessThan(300);
    await server.settled();
    const at = new Date().toISOString();
    // What a killed run leaves: its start, and a create ledgered by its locator (no cleanup event).
    const events = [
      { type: 'run-started', at, run: { runId: 'abandoned', target: { companyId: server.fixtures.companyId } } },
      {
        type: 'ledger',
        at,
        runId: 'abandoned',
        entry: {
          event: 'created',
          resource: 'item',
          locator: { keys: { itemNumber: part.itemNumber } },
          target: 'main',
          marker: 'cnf-abandoned-i',
          at,
        },
      },
      {
        type: 'ledger',
        at,
        runId: 'abandoned',
        entry: {
          event: 'created',
          resource: 'item',
          id: 'itm_of_another_run',
          target: 'main',
          marker: 'cnf-someone-else',
          at,
        },
      },
    ];
    const journal = join(dir, 'journal.jsonl');
    writeFileSync(journal, `${events.map((e) => JSON.stringify(e)).join('\n')}\n`);
    expect((await server.activeRecordsCarrying('cnf-abandoned')).length).toBe(1);
    const r = await cleanup([journal], env);
    expect(r.code, r.output).toBe(0);
    expect(r.stdout).toMatch(/1 archived/);
    expect(r.stdout).not.toMatch(/itm_of_another_run/);
    await server.settled();
    expect(await server.activeRecordsCarrying('cnf-abandoned')).toEqual([]);
  }, 60_000);

  it('converges: a leftover shown absent (a create cut off in flight) is never created, exit 0 on every call', async () => {
    const ghost: LedgerRecord = {
      target: 'main',
      resource: 'item',
      companyId: server.fixtures.companyId,
      marker: `${marker}-g`,
      createdAt: new Date().toISOString(),
      locator: { keys: { itemNumber: 'CNFNOSUCHITEM1' } },
      unconfirmed: true,
    };
    const file = ledgerFile('ghost.json', [ghost]);
    const window = { ...env, CONSISTENCY_WINDOW_MS: '1500' };
    const started = Date.now();
    const first = await cleanup([file], window);
    // Absence is judged on reads after the consistency window of the create.
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_500);
    expect(first.code, first.output).toBe(0);
    expect(first.stdout).toMatch(/CNFNOSUCHITEM1.*does not exist .*never created/);
    expect(first.stdout).toMatch(/Nothing to archive: 0 already archived, 1 never created/);
    const second = await cleanup([file], window);
    expect(second.code, second.output).toBe(0);
    expect(second.stdout).toMatch(/1 never created/);
  }, 60_000);

  it('exits 1 when a leftover cannot be found and its absence cannot be shown, and lists it', async () => {
    // §4.3 shows no customer query: a search that finds nothing proves nothing.
    const unseen: LedgerRecord = {
      target: 'main',
      resource: 'customer',
      companyId: server.fixtures.companyId,
      marker: `${marker}-u`,
      createdAt: new Date(Date.now() - 60_000).toISOString(),
      locator: { keys: { term: 'cnfnosuchcustomerterm' } },
    };
    const r = await cleanup([ledgerFile('unseen.json', [unseen])], env);
    expect(r.code, r.output).toBe(1);
    expect(r.stdout).toMatch(/cnfnosuchcustomerterm.*not found, and its absence is not shown/);
  }, 60_000);
});
