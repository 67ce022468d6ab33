import { describe, expect, it } from 'vitest';
import { seededCompanies, seedSizesWith, fixtures } from '../mock/seed/index.js';
import { dimensions, draw, worldOf } from './family/dimensions.js';
import { startFamilyMember } from './family/server.js';
import { days, mockOptionsOf } from './family/world.js';

/** The family's world dimensions (test/family/world.ts): data, clock and a neighbour, as members see them. */

const DAY = 86_400_000;
const small = seedSizesWith({ items: 60, customers: 30, vehicles: 40, appointmentRequests: 30 });

describe('a data profile', () => {
  it('leaves the documented data alone when it is empty', async () => {
    const plain = await seededCompanies(11, small);
    const profiled = await seededCompanies(11, small, {});
    expect(profiled).toBe(plain);
    const spreadOne = await seededCompanies(11, small, { spread: 1 });
    expect(JSON.stringify([...spreadOne.get(fixtures.companyId)!.purchaseOrders])).toBe(
      JSON.stringify([...plain.get(fixtures.companyId)!.purchaseOrders]),
    );
  });

  it('dates every record back from its now, none after it, over months that cross a year end', async () => {
    const now = Date.parse('2027-01-10T08:00:00Z');
    const company = (await seededCompanies(12, small, { now })).get(fixtures.companyId)!;
    const stamps = [
      ...[...company.purchaseOrders.values()].flatMap((p) => [p.createdDate, p.updatedDate, p.invoiceDate]),
      ...[...company.items.values()].flatMap((i) => [i.createdDate, i.updatedDate]),
      ...[...company.vehicles.values()].flatMap((v) => [v.createdDate, v.updatedDate]),
      ...[...company.customers.values()].flatMap((c) => [c.createdDate, c.updatedDate]),
      ...[...company.appointmentRequests.values()].flatMap((a) => [a.createdAt, a.updatedAt ?? a.createdAt]),
    ].map((s) => Date.parse(s as string));
    expect(Math.max(...stamps)).toBeLessThanOrEqual(now);
    const months = new Set([...company.purchaseOrders.values()].map((p) => p.createdDate.slice(0, 7)));
    expect(months.has('2026-12')).toBe(true);
    expect(months.has('2027-01')).toBe(true);
    expect(months.size).toBeGreaterThan(10);
    // Weeks: the same orders within about 40 days.
    const weeks = (await seededCompanies(12, small, { now, spread: 0.1 })).get(fixtures.companyId)!;
    const oldest = Math.min(...[...weeks.purchaseOrders.values()].map((p) => Date.parse(p.createdDate)));
    expect(now - oldest).toBeLessThan(42 * DAY);
  });

  it('ties records on their sort keys, keeping each record consistent', async () => {
    const company = (await seededCompanies(13, small, { ties: true })).get(fixtures.companyId)!;
    const created = [...company.vehicles.values()].map((v) => v.createdDate);
    expect(new Set(created).size).toBeLessThan(created.length * 0.8);
    const names = [...company.customers.values()].map((c) => c.lastName);
    expect(new Set(names).size).toBeLessThan(names.length);
    for (const v of company.vehicles.values()) {
      expect(Date.parse(v.updatedDate)).toBeGreaterThanOrEqual(Date.parse(v.createdDate));
      expect(v.vehicleName).toBe(`${v.year} ${v.make} ${v.model}`);
    }
  });

  it('gives the second company its own counts', async () => {
    const empty = await seededCompanies(14, small, {
      otherSizes: { items: 0, customers: 0, vehicles: 0, appointmentRequests: 0 },
    });
    expect(empty.get(fixtures.companyId)!.items.size).toBe(60);
    expect(empty.get(fixtures.otherCompanyId)!.items.size).toBe(0);
    expect(empty.get(fixtures.otherCompanyId)!.customers.size).toBe(0);
    // A company of one customer: every seeded vehicle is the fixture customer's.
    const one = (await seededCompanies(14, seedSizesWith({ customers: 1, vehicles: 8 }))).get(fixtures.companyId)!;
    expect(new Set([...one.vehicles.values()].map((v) => v.customerId))).toEqual(new Set([fixtures.customerId]));
  });
});

describe('the world dimensions', () => {
  it('each value gives the member its world, the mock value none', async () => {
    for (const id of ['data-counts', 'po-sources', 'data-dates', 'sort-ties', 'other-company', 'clock', 'neighbour'])
      expect(
        dimensions.find((d) => d.id === id),
        id,
      ).toBeDefined();
    expect(worldOf(draw('list-echo=meta-query'))).toEqual({});
    expect(mockOptionsOf(worldOf(draw('list-echo=meta-query')))).toEqual({});
    const w = worldOf(draw('data-counts=few+po-sources=sparse+clock=ahead-45-days+data-dates=relative-weeks'));
    expect(w.sizes).toMatchObject({ items: 4, purchaseOrders: { inventory: 2, online: 3, orders: 1 } });
    expect(w.skewMs).toBe(days(45));
    const o = mockOptionsOf(w);
    expect(Math.abs(o.data!.now! - (Date.now() + days(45)))).toBeLessThan(5_000);
    expect(o.data!.spread).toBe(0.1);
  });

  it('a member whose clock runs behind shows it in its Date header and stamps its writes by it', async () => {
    const m = await startFamilyMember('clock=behind-4-months+data-dates=relative-months');
    try {
      const headers = { authorization: `Bearer ${m.mock.tokens.full}`, 'content-type': 'application/json' };
      const res = await fetch(`${m.url}/customers`, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          companyId: m.mock.fixtures.companyId,
          customers: [{ firstName: 'Clock', lastName: 'Probe', emails: ['clock@example.com'], phones: ['555 0101'] }],
        }),
      });
      expect(res.status).toBe(200);
      const shown = Date.parse(res.headers.get('date')!);
      expect(Math.abs(shown - (Date.now() - days(122)))).toBeLessThan(5_000);
      const body = (await res.json()) as { data: { customers: { createdDate: string }[] } };
      expect(Math.abs(Date.parse(body.data.customers[0]!.createdDate) - (Date.now() - days(122)))).toBeLessThan(5_000);
    } finally {
      await m.stop();
    }
  });

  it('a neighbour writes its own records twice a second, and only its own', async () => {
    const m = await startFamilyMember('neighbour=writes-twice-a-second');
    const company = m.mock.fixtures.companyId;
    const headers = { authorization: `Bearer ${m.mock.tokens.full}` };
    const read = async (path: string) =>
      (await (await fetch(`${m.mock.url}${path}?companyId=${company}&size=100&page=1`, { headers })).json()) as {
        results?: { content: Record<string, unknown>[] };
      };
    try {
      const before = await read('/customers');
      await new Promise((r) => setTimeout(r, 4_300));
      expect(m.neighbour!.writes).toBeGreaterThanOrEqual(4);
      expect(m.neighbour!.refused).toEqual([]);
      const after = await read('/customers');
      const seeded = new Map(before.results!.content.map((c) => [c.customerId, JSON.stringify(c)]));
      // Every seeded customer as it was; the new ones are the neighbour's.
      for (const c of after.results!.content) {
        const was = seeded.get(c.customerId);
        if (was) expect(JSON.stringify(c)).toBe(was);
        else expect(c.firstName).toBe('Neighbour');
      }
    } finally {
      await m.stop();
    }
    const writes = m.neighbour!.writes;
    await new Promise((r) => setTimeout(r, 700));
    expect(m.neighbour!.writes).toBe(writes);
  });
});
