import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Certification } from '../harness/certify/certify.js';
import { bodyOf, hintsOf, negotiate, nextBody, shaped, type CustomerBody } from '../suites/customers/body.js';
import { withoutEchoes } from '../suites/common/tenancy.js';
import { learnStart } from '../suites/appointment-requests/records.js';
import { defaultProfile, type Profile } from '../harness/core/profile.js';
import type { ApiResponse } from '../harness/client.js';
import { mockEnv, runConformanceCli } from './support/run-cli.js';
import { silentChoices } from './support/silent-choices.js';
import { startVariantServer, type VariantServer } from './variant/server.js';
import { transformations as variantChoices } from './variant/transformations.js';

/**
 * Issue 25's cases, each a conforming choice where the spec is silent, on one server: the variant
 * (test/variant) with four more choices (test/support/silent-choices.ts): lists that echo their
 * query in links (S-2.7-request-echo), updates of archived records refused with 409
 * (S-3-update-archived), appointment-request fields under other names (S-2.5-record-fields), and a
 * gateway that accepts customer emails as strings only (S-2.3-customer-body). The run certifies it
 * CONFORMANT and judges each case (not inconclusive), and writes the negotiated body as a profile.
 */

const profile = structuredClone(defaultProfile) as unknown as Profile;
const res = (status: number, text: string): ApiResponse => ({ status, text, json: JSON.parse(text) }) as ApiResponse;

describe('judgements that rest only on what the spec states (units)', () => {
  it('takes nothing echoed for a record: links, meta and queries are dropped before records are looked for', () => {
    const body = {
      data: [],
      links: { self: '/v2/customers?companyId=c-200&search=cnfcword&size=100&page=1' },
      meta: { query: { search: 'cnfcword', customerId: 'cu-1' } },
    };
    expect(JSON.stringify(withoutEchoes(body))).not.toMatch(/cnfcword|cu-1/);
  });

  it('negotiates the customer body from what the refusal names (a JSON pointer), within three more writes', async () => {
    const start = bodyOf(profile.customers);
    const sent: CustomerBody[] = [];
    const n = await negotiate(start, async (b) => {
      sent.push(b);
      return b.emails === 'strings'
        ? res(201, '{"customers":[]}')
        : res(
            400,
            '{"errors":[{"pointer":"/customers/0/emails/0","detail":"customers[0].emails[0] must be a string"}]}',
          );
    });
    expect(n.answer.status).toBe(201);
    expect(n.body).toMatchObject({ emails: 'strings', names: 'first-last', phones: 'objects' });
    expect(sent).toHaveLength(2);
    const input = { firstName: 'A', lastName: 'B', emails: [{ email: 'a@example.com', type: 'Personal' }] };
    expect(shaped(input, n.body)).toMatchObject({ emails: ['a@example.com'] });
    // An update stays partial in any shape.
    expect(shaped({ customerId: 'x', lastName: 'C' }, { ...n.body, names: 'name' })).toEqual({
      customerId: 'x',
      name: 'C',
    });
  });

  it('stops after three more writes when nothing is accepted, and reads singular fields and names', async () => {
    let calls = 0;
    const n = await negotiate(bodyOf(profile.customers), async () => {
      calls += 1;
      return res(422, '{"message":"invalid"}');
    });
    expect(calls).toBe(4);
    expect(n.refused).toHaveLength(4);
    const start = bodyOf(profile.customers);
    expect(hintsOf('"email" is required', start)).toMatchObject({ emails: 'single' });
    expect(hintsOf('name is required', start)).toMatchObject({ names: 'name' });
    expect(nextBody(start, 'phones[0] must be a string', [start])).toMatchObject({ phones: 'strings' });
  });

  it('finds an appointment start under any name by the value the run sent', () => {
    const rec = (begins: string, ends: string, ref: string) => ({ requestRef: ref, window: { begins, ends } });
    const path = learnStart([
      { record: rec('2030-03-04T09:15:00+01:00', '2030-03-04T10:15:00+01:00', 'a'), sent: '2030-03-04 09:15' },
      { record: rec('2030-03-11T09:30:00+01:00', '2030-03-11T10:30:00+01:00', 'b'), sent: '2030-03-11 09:30' },
      { record: rec('2030-03-04T11:00:00+01:00', '2030-03-10T11:00:00+01:00', 'l'), sent: '2030-03-04 11:00' },
    ]);
    expect(path).toBe('window.begins');
  });
});

describe('npm run conformance against a server with the silent choices of issue 25', () => {
  let server: VariantServer;
  const reports = mkdtempSync(join(tmpdir(), 'cnf-silent-'));
  beforeAll(async () => {
    server = await startVariantServer({}, [...variantChoices, ...silentChoices]);
  });
  afterAll(async () => {
    await server.stop();
    rmSync(reports, { recursive: true, force: true });
  });

  it('is CONFORMANT, judges each case, and writes the negotiated body as a profile', async () => {
    const profileOut = join(reports, 'learned-profile.json');
    const run = await runConformanceCli(
      // The default property depth (NUM_RUNS unset): a conformance proof, where more runs meet more choices.
      { ...mockEnv(server.mock, server.url), NUM_RUNS: '', ENV_FILE: '/dev/null', REPORTS_DIR: join(reports, 'full') },
      ['--write-profile', profileOut],
    );
    const output = `${run.stdout.slice(-3000)}\n${run.stderr.slice(-2000)}`;
    const cert = JSON.parse(readFileSync(join(reports, 'full', 'certification.json'), 'utf8')) as Certification;
    const verdict = (id: string, variant?: string) => {
      const clause = cert.clauses.find((c) => c.id === id);
      return variant === undefined ? clause?.verdict : clause?.checks.find((k) => k.variant === variant)?.verdict;
    };
    const notPassed = cert.clauses.flatMap((c) =>
      c.checks
        .filter((k) => k.verdict === 'failed' || k.verdict === 'inconclusive')
        .map(
          (k) =>
            `${k.key}: ${k.verdict} ${k.reason ?? ''} ${(k.failures ?? []).map((f) => JSON.stringify(f).slice(0, 300)).join(' ')}`,
        ),
    );
    expect(notPassed, `seed ${cert.seed}\n${output}`).toEqual([]);
    expect(run.code, output).toBe(0);
    for (const t of silentChoices) expect(server.applied[t.id], t.id).toBeGreaterThan(0);
    // Each case judged, not merely not failed.
    for (const [id, variant] of [
      ['TENANT-LIST-ISOLATION', 'customers'],
      ['VEHICLE-UPDATE-PARTIAL', 'archived'],
      ['CUSTOMER-UPDATE-PARTIAL', 'archived'],
      ['APPT-FILTERS-COMBINE', undefined],
      ['CUSTOMER-CREATE-BULK', undefined],
      ['CUSTOMER-ARCHIVE-INACTIVE', undefined],
      ['CUSTOMER-ARCHIVE-ONLY-STATUS', undefined],
    ] as const)
      expect(verdict(id, variant), `${id} ${variant ?? ''}`).toBe('passed');
    const learned = JSON.parse(readFileSync(profileOut, 'utf8')) as Profile;
    expect(learned.customers.emails).toBe('strings');
  }, 420_000);

  it('read-only: CONFORMANT (read-only), exit 0', async () => {
    const run = await runConformanceCli({
      ...mockEnv(server.mock, server.url),
      ENV_FILE: '/dev/null',
      REPORTS_DIR: join(reports, 'readonly'),
      CONFORMANCE_MODE: 'readonly',
    });
    const output = `${run.stdout.slice(-3000)}\n${run.stderr.slice(-2000)}`;
    expect(run.code, output).toBe(0);
    expect(output).toMatch(/CONFORMANT \(read-only/);
  }, 300_000);
});
