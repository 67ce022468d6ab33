import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pagingViolations, oversizedPages, walkPages, type WalkedPage } from '../harness/checks/index.js';
import type { Certification } from '../harness/certify/certify.js';
import { itemsPage as itemsPageSchema } from '../contract/schemas.js';
import { adapters } from '../suites/common/resources.js';
import { mockEnv, runConformanceCli } from './support/run-cli.js';
import { startVariantServer, type VariantServer } from './variant/server.js';
import { transformations, VARIANT_MAX_PAGE_SIZE, type TransformationId } from './variant/transformations.js';

/**
 * The suites must not depend on the mock's undocumented choices. The variant
 * server makes other choices wherever the spec is silent; a conforming server, so the full run
 * against it must pass and record the variant's choices in the observed clauses.
 */

/** Transformations that only refuse or normalise input the suites should never send: they guard, and may not fire. */
const guards: TransformationId[] = [
  'appointment-dates-exact-forms',
  'po-dates-days-only',
  'item-create-trims-text',
  'vehicle-writes-trim-text',
];
/** Choices no check provokes today, kept so that a future check cannot come to depend on the mock's answer. */
const latent: TransformationId[] = [
  // The paging walk stops on the reported totals, so it asks no page past the last of these lists.
  'page-past-end-404',
];
/**
 * Other answers to a point an earlier transformation already serves (vehicle search: VIN or plate by
 * prefix): family values of the same dimension, never reached in the composed variant.
 */
const alternatives: TransformationId[] = ['vehicle-search-trigram', 'vehicle-search-exact-vin'];
/** Inconclusive reasons that come from data moving under the run, not from the variant. */
const transient = /kept changing|changed during|changed between|concurrent/i;

async function getJson(
  base: string,
  path: string,
  token?: string,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${base}${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe('the variant conforming server', () => {
  let variant: VariantServer;
  beforeAll(async () => {
    variant = await startVariantServer();
  });
  afterAll(() => variant.stop());

  it('cites the spec for every transformation', () => {
    expect(new Set(transformations.map((t) => t.id)).size).toBe(transformations.length);
    for (const t of transformations) expect(t.why, t.id).toMatch(/§\d/);
  });

  it('answers differently from the mock where the spec is silent', async () => {
    const { mock } = variant;
    const token = mock.tokens.full;
    const company = `companyId=${mock.fixtures.companyId}`;
    const [mockList, variantList, mockUnknown, variantUnknown, mockNoToken, variantNoToken] = await Promise.all([
      getJson(mock.url, `/appointmentRequests?${company}`, token),
      getJson(variant.url, `/appointmentRequests?${company}`, token),
      getJson(mock.url, `/items/no-such-item?${company}`, token),
      getJson(variant.url, `/items/no-such-item?${company}`, token),
      getJson(mock.url, `/items?${company}`),
      getJson(variant.url, `/items?${company}`),
    ]);
    expect(Object.keys(mockList.body)).toEqual(['message', 'results']);
    expect(Object.keys(variantList.body)).toEqual(['warnings', 'links', 'data', 'paging']);
    expect([mockUnknown.status, variantUnknown.status]).toEqual([404, 400]);
    expect([mockNoToken.status, variantNoToken.status]).toEqual([401, 403]);
    expect(variant.applied['appointment-list-envelope']).toBeGreaterThan(0);
  });

  it('guards: refuses date forms the spec does not name, which the mock accepts', async () => {
    const { mock } = variant;
    const token = mock.tokens.full;
    const company = `companyId=${mock.fixtures.companyId}`;
    const millis = `appointmentDateStart=${encodeURIComponent('2026-01-01T00:00:00.000Z')}`;
    const [mockAppt, variantAppt, exactAppt, variantOrders] = await Promise.all([
      getJson(mock.url, `/appointmentRequests?${company}&${millis}`, token),
      getJson(variant.url, `/appointmentRequests?${company}&${millis}`, token),
      getJson(
        variant.url,
        `/appointmentRequests?${company}&appointmentDateStart=2026-01-01T00:00:00Z&appointmentStartDate=junk`,
        token,
      ),
      getJson(variant.url, `/purchaseOrders?${company}&createdDateStart=2026-01-01T00:00:00Z`, token),
    ]);
    expect([mockAppt.status, variantAppt.status, exactAppt.status]).toEqual([200, 400, 200]);
    expect(variantOrders.status).toBe(400);
    expect(variantOrders.body.error).not.toBeNull();
  });

  it('keeps the documented shapes: the items page object and the PO list envelope', async () => {
    const { mock } = variant;
    const token = mock.tokens.full;
    const company = `companyId=${mock.fixtures.companyId}`;
    const [mockItems, variantItems, variantOrders] = await Promise.all([
      getJson(mock.url, `/items?${company}&size=5&page=2`, token),
      getJson(variant.url, `/items?${company}&size=5&page=2`, token),
      getJson(variant.url, `/purchaseOrders?${company}&size=5&page=1`, token),
    ]);
    // §2.7: the same page-object fields as the mock (the variant hides inactive items, so the counts may differ).
    expect(Object.keys(variantItems.body).sort()).toEqual(Object.keys(mockItems.body).sort());
    expect(itemsPageSchema.safeParse(variantItems.body).success).toBe(true);
    expect(Object.keys(variantOrders.body).sort()).toEqual(['data', 'error', 'pagination', 'status']);
    expect(variantOrders.body.error).toBeNull();
  });
});

describe('npm run conformance against the variant conforming server', () => {
  let variant: VariantServer;
  const reports = mkdtempSync(join(tmpdir(), 'cnf-variant-'));
  beforeAll(async () => {
    variant = await startVariantServer();
  });
  afterAll(async () => {
    await variant.stop();
    rmSync(reports, { recursive: true, force: true });
  });

  it('passes with no failed clause and records the variant choices', async () => {
    const run = await runConformanceCli({
      ...mockEnv(variant.mock, variant.url),
      // The default property depth: this is a conformance proof, where more runs meet more choices.
      NUM_RUNS: '',
      ENV_FILE: '/dev/null',
      REPORTS_DIR: reports,
    });
    const output = `${run.stdout.slice(-3000)}\n${run.stderr.slice(-2000)}`;
    const cert = JSON.parse(readFileSync(join(reports, 'certification.json'), 'utf8')) as Certification;
    const failed = cert.clauses.filter((c) => c.verdict === 'failed').map((c) => c.id);
    expect(failed, `seed ${cert.seed}\n${output}`).toEqual([]);
    expect(cert.runErrors).toEqual([]);
    expect(cert.summary['not-run']).toBe(0);
    // Exit 3 is accepted only for data moving under the run, each inconclusive clause explained.
    const inconclusive = cert.clauses
      .filter((c) => c.verdict === 'inconclusive')
      .map((c) => `${c.id}: ${c.reason ?? ''}`);
    expect(
      run.code === 0 || (run.code === 3 && inconclusive.length > 0 && inconclusive.every((r) => transient.test(r))),
      `exit ${run.code}, seed ${cert.seed}, inconclusive: ${inconclusive.join('; ')}\n${output}`,
    ).toBe(true);

    // The run really met the variant: every transformation but the guards and latent ones changed some exchange.
    const unused = transformations
      .map((t) => t.id)
      .filter(
        (id) => !guards.includes(id) && !latent.includes(id) && !alternatives.includes(id) && variant.applied[id] === 0,
      );
    expect(unused).toEqual([]);

    const observed = (clause: string) => cert.observations.filter((o) => o.clause === clause);
    // One observation per registered adapter (read by id, documented paging), whichever resources are on the new design.
    expect(observed('UNKNOWN-ID-STATUS').map((o) => o.value)).toEqual(
      Array(adapters.filter((a) => a.get).length).fill(400),
    );
    const rejections = observed('AUTH-REJECTION-STATUS').map((o) => Object.keys(o.value as Record<string, number>));
    expect(rejections.length).toBeGreaterThan(0);
    expect(new Set(rejections.flat())).toEqual(new Set(['403']));
    expect(
      observed('PAGE-SIZE-LIMITS')
        .filter((o) => o.name.endsWith('size=1000'))
        .map((o) => o.value),
    ).toEqual(Array(adapters.filter((a) => a.documentedList).length).fill(`${VARIANT_MAX_PAGE_SIZE} records`));
  }, 300_000);
});

// Found by the variant: walkPages took a page shorter than the size asked for the last one.
describe('walkPages when the server serves fewer records per page than asked (§8: maximum not shown)', () => {
  const served =
    (all: number, perPage: number, withTotal: boolean) =>
    async (page: number): Promise<WalkedPage> => {
      const ids = Array.from({ length: all }, (_, i) => `r${i}`).slice((page - 1) * perPage, page * perPage);
      return { page, ids, ...(withTotal ? { total: all } : {}) };
    };

  it.each([true, false])(
    'walks every record once and ends on an empty page (total reported: %s)',
    async (withTotal) => {
      const walk = await walkPages(50, served(160, 40, withTotal));
      expect(walk.pages.flatMap((p) => p.ids)).toHaveLength(160);
      expect(pagingViolations(walk)).toEqual([]);
      expect(walk.end).toBe(withTotal ? 'total' : 'empty');
    },
  );

  it('still sees pages larger than size', async () => {
    const walk = await walkPages(50, served(160, 51, true));
    expect(oversizedPages(walk).length).toBeGreaterThan(0);
  });
});
