import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { certifyFamily, familyLines, type MemberVerdict } from './family/certify.js';
import { seedsOf } from './family/command.js';
import { dimensions, draw, drawLine, probes } from './family/dimensions.js';
import { maskOf } from './family/masks.js';
import { startFamilyMember } from './family/server.js';

/**
 * The generated family of conforming servers (test/family/): every member must be CONFORMANT.
 * `npm test` certifies a few members; `npm run selfcheck -- --family 200` certifies many.
 */

/**
 * Members certified here. Random seeds draw some value that still meets a false failure (below), so
 * today these are members of several values each found CONFORMANT alone (`--family probes`).
 */
const CERTIFIED: string[] = [
  'visibility=lists-lag-1s+create-status=202+write-data=count+id-form=ulid+po-id=number+customer-body=emails-objects-only',
];

/**
 * A member with the five conforming choices of issue 25 that the harness once misjudged: a list
 * echoing its query; updates of archived records refused; appointment-request fields under other
 * names; a customer body the server refuses until it is negotiated; lists still filling after a lag.
 */
const FIVE_CASES =
  'list-echo=jsonapi-links-self+archived-writes=refuse-409+appointment-record=requestId-startsAt-endsAt+customer-body=emails-strings-only+visibility=lists-lag-1s';

describe('the family is a generated space of servers', () => {
  it('has one dimension per silence group, each citing its silences, the mock first', () => {
    expect(dimensions.length).toBeGreaterThanOrEqual(30);
    expect(new Set(dimensions.map((d) => d.id)).size).toBe(dimensions.length);
    for (const d of dimensions) {
      expect(d.silences.length, d.id).toBeGreaterThan(0);
      for (const s of d.silences) expect(s, d.id).toMatch(/^S-[A-Z0-9.]+-[A-Za-z0-9.-]+$/);
      expect(d.values[0]!.name, d.id).toBe('mock');
      expect(d.values.length, d.id).toBeGreaterThan(1);
      expect(new Set(d.values.map((v) => v.name)).size, d.id).toBe(d.values.length);
    }
  });

  it('draws one value per dimension, the same for the same seed, and covers every value over 200 seeds', () => {
    expect(draw(17)).toEqual(draw(17));
    expect(drawLine(draw(17))).not.toEqual(drawLine(draw(18)));
    const draws = seedsOf('200').map((s) => draw(s as number));
    for (const d of dimensions)
      for (const v of d.values)
        expect(
          draws.some((x) => x[d.id] === v.name),
          `${d.id}=${v.name}`,
        ).toBe(true);
    expect(probes()).toContain('list-echo=jsonapi-links-self');
    expect(draw('page-base=zero-based')['page-base']).toBe('zero-based');
    expect(() => draw('page-base=sideways')).toThrow(/no family value/);
  });

  it('says why a fault cannot apply to a member', () => {
    expect(maskOf(draw('vehicle-pagination=laravel'), 'vehicles-pagination-missing')).toMatch(/vehicle-pagination/);
    expect(maskOf(draw('vehicle-pagination=spring'), 'items-page-zero-based')).toBeUndefined();
    // Found by `--family-faults 17,54`: faults the member's own answers take away.
    expect(maskOf(draw('archived-writes=refuse-422'), 'customers-update-reactivates')).toMatch(/archived-writes/);
    expect(maskOf(draw('archived-writes=mock'), 'customers-update-reactivates')).toBeUndefined();
    expect(maskOf(draw('lists-of-archived=hidden-newest-first'), 'items-unstable-order-across-pages')).toMatch(
      /lists-of-archived/,
    );
    // Generated faults too, by operator and target.
    expect(maskOf(draw('archived-writes=refuse-422'), 'transition:customer.archive:undone-by-update')).toMatch(
      /archived-writes/,
    );
    expect(maskOf(draw('archived-writes=refuse-422'), 'transition:customer.archive:toggled')).toBeUndefined();
    // Found by `--family-faults 1 --faults vehicles-archive-toggles` and `2 --faults vehicles-search-ignored`.
    expect(maskOf(draw('archived-writes=refuse-422'), 'vehicles-archive-toggles')).toMatch(/archived-writes/);
    expect(maskOf(draw('archived-writes=ignored'), 'vehicles-archive-toggles')).toBeUndefined();
    const searching = draw('search-match=vin-plate-prefix-itemNumber-substring');
    expect(maskOf(searching, 'vehicles-search-ignored')).toMatch(/search-match/);
    expect(maskOf(searching, 'filter:vehicles.customerId:ignored-beside-search')).toMatch(/search-match/);
    expect(maskOf(searching, 'filter:vehicles.customerId:ignored')).toBeUndefined();
    // Found by `--family-faults 1,2,4,8,10,11,production --operators --subset 1/10 --spread`.
    const summaries = draw('items-list-elements=summaries');
    expect(maskOf(summaries, 'type:tireDetails.tireWidth@list')).toMatch(/items-list-elements/);
    expect(maskOf(summaries, 'type:tireDetails.tireWidth@get')).toBeUndefined();
    expect(maskOf(draw('lists-of-archived=hidden-newest-first'), 'scope:vehicles.company:plain')).toMatch(
      /lists-of-archived/,
    );
    expect(maskOf(draw('lists-of-archived=hidden-newest-first'), 'scope:customers.company:plain')).toBeUndefined();
  });

  it('answers with its drawn choices where the spec is silent, and as the mock where it states', async () => {
    const m = await startFamilyMember('unknown-record=403+list-echo=meta-query+id-form=uuid+error-body=drf');
    try {
      const token = m.mock.tokens.full;
      const company = m.mock.fixtures.companyId;
      const get = async (path: string) => {
        const res = await fetch(`${m.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
        return { status: res.status, body: (await res.json()) as Record<string, unknown> };
      };
      const list = await get(`/vehicles?companyId=${company}&customerId=${m.customerId}&size=2&page=1`);
      expect(list.status).toBe(200);
      expect(list.body.meta).toEqual({ query: { companyId: company, customerId: m.customerId, size: '2', page: '1' } });
      const content = (list.body.results as { content: { vehicleId: string; customerId: string }[] }).content;
      expect(content[0]!.vehicleId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4/);
      expect(content[0]!.customerId).toBe(m.customerId);
      const one = await get(`/vehicles/${content[0]!.vehicleId}?companyId=${company}`);
      expect(one.status).toBe(200);
      const unknown = await get(`/items/no-such-item?companyId=${company}`);
      expect(unknown.status).toBe(403);
      expect(Object.keys(unknown.body)).toEqual(['detail']);
      // A stated answer stays: §4.5, §7: an ISO datetime on the slots endpoint is a 400.
      const slots = await get(
        `/appointmentRequests/availableSlots?companyId=${company}&appointmentDateStart=2026-03-02T00:00:00Z&appointmentDateEnd=2026-03-03T00:00:00Z`,
      );
      expect(slots.status).toBe(400);
    } finally {
      await m.stop();
    }
  });
});

it('lists that lag still cut their pages from what they show: counts and pages agree during the lag', async () => {
  const m = await startFamilyMember(
    'visibility=lists-lag-1s+lists-of-archived=hidden-newest-first+page-base=zero-based',
  );
  try {
    const token = m.mock.tokens.full;
    const company = m.mock.fixtures.companyId;
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    type Page = { results: { content: { vehicleId: string }[]; pagination: { totalCount: number; page: number } } };
    const page = async (p: number) =>
      (await (await fetch(`${m.url}/vehicles?companyId=${company}&size=2&page=${p}`, { headers })).json()) as Page;
    const vehicle = { customerId: m.customerId, year: 2020, make: 'Lag', model: 'Probe', vin: 'LAGPROBE000000001' };
    // The read during the lag must come within its second: on a loaded machine (npm test) it may not,
    // and then the write is tried again rather than judged on a read made after the lag.
    let before: Page | undefined;
    let during: Page | undefined;
    for (let attempt = 0; attempt < 4 && !during; attempt++) {
      before = await page(0);
      const sentAt = Date.now();
      const answer = await fetch(`${m.url}/vehicles`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ companyId: company, vehicles: [vehicle, vehicle] }),
      });
      expect(answer.status).toBe(200);
      const read = await page(0);
      if (Date.now() - sentAt < 800) during = read;
      else await new Promise((r) => setTimeout(r, 1_100));
    }
    expect(during, 'no read came within the lag in four tries').toBeDefined();
    // Newest first: the two new vehicles would fill page 0; during the lag the page is cut without them.
    expect(during!.results.pagination.page).toBe(0);
    expect(during!.results.content.map((v) => v.vehicleId)).toEqual(before!.results.content.map((v) => v.vehicleId));
    expect(during!.results.pagination.totalCount).toBe(before!.results.pagination.totalCount);
    await new Promise((r) => setTimeout(r, 1_100));
    const after = await page(0);
    expect(after.results.pagination.totalCount).toBe(before!.results.pagination.totalCount + 2);
    expect(after.results.content).toHaveLength(2);
  } finally {
    await m.stop();
  }
});

describe('the family certified by the suites', () => {
  const reports = mkdtempSync(join(tmpdir(), 'cnf-family-'));
  afterAll(() => rmSync(reports, { recursive: true, force: true }));

  it('every member certified is CONFORMANT, the five cases of issue 25 together too', async () => {
    const keys = [...CERTIFIED, FIVE_CASES];
    const report = await certifyFamily(keys, { reportsDir: reports, batch: keys.length });
    const lines = familyLines(report).join('\n');
    const of = (k: string) => report.members.find((m) => m.seed === k) as MemberVerdict;
    expect(report.runErrors, lines).toEqual([]);
    for (const k of keys) expect(of(k).conformant, lines).toBe(true);
  }, 240_000);
});
