import type { MockOptions, MockServer } from '../../mock/server.js';
import type { DataProfile, SeedSizeOptions } from '../../mock/seed/index.js';
import type { Transformation } from '../variant/transformations.js';

/**
 * What a family member's world holds beyond its wire: its data (counts, dates, ties, the second
 * company), its clock, and a neighbour writing beside the run. The wire dimensions vary how a server
 * answers; these vary what it answers about and when, which is what the checks choose their cases from.
 */
export interface World {
  /** Counts of the member's company (and of the second company, unless `data.otherSizes` says). */
  sizes?: SeedSizeOptions;
  /** Spread, ties and the second company's counts (mock/seed/profile.ts); the member's now is added here. */
  data?: Omit<DataProfile, 'now'>;
  /** Seeded data dated back from the member's own now, not from the fixed seed epoch. */
  relative?: boolean;
  /** The member's clock ahead (+) or behind (-) the harness's, in ms; its `Date` header shows it. */
  skewMs?: number;
  /** Another client of the member's company writing its own records every `everyMs` during the run. */
  neighbour?: { everyMs: number };
}

const DAY = 86_400_000;
export const days = (n: number) => n * DAY;

/** Worlds of several dimensions as one: later keys win, counts and profiles merge. */
export function mergeWorlds(worlds: readonly World[]): World {
  const out: World = {};
  for (const w of worlds) {
    if (w.sizes)
      out.sizes = {
        ...out.sizes,
        ...w.sizes,
        purchaseOrders: { ...out.sizes?.purchaseOrders, ...w.sizes.purchaseOrders },
      };
    if (w.data) out.data = { ...out.data, ...w.data };
    if (w.relative !== undefined) out.relative = w.relative;
    if (w.skewMs !== undefined) out.skewMs = w.skewMs;
    if (w.neighbour) out.neighbour = w.neighbour;
  }
  return out;
}

/** The member's clock: the harness's own, moved by its skew. */
export const clockOf = (w: World) => (): number => Date.now() + (w.skewMs ?? 0);

/** The mock options that give the world its data and clock; none for the mock's own world. */
export function mockOptionsOf(w: World): MockOptions {
  const clocked = w.skewMs !== undefined && w.skewMs !== 0;
  const now = clockOf(w);
  return {
    ...(w.sizes ? { seedSizes: w.sizes } : {}),
    ...(clocked ? { now } : {}),
    ...(w.data || w.relative ? { data: { ...w.data, ...(w.relative ? { now: now() } : {}) } } : {}),
  };
}

/**
 * The member's `Date` header (RFC 9110 §6.6.1): the proxy answers with its own header, so the
 * member's clock is shown here, on the way out.
 */
export function clockRule(skewMs: number): Transformation {
  return {
    id: `family-clock-${skewMs}`,
    why: 'S-TIME-clock-skew: the spec says nothing of the server clock; a server is rarely on the client clock',
    response: (_c, a) => ({ ...a, headers: { ...a.headers, date: new Date(Date.now() + skewMs).toUTCString() } }),
  };
}

export interface Neighbour {
  /** Writes sent and refused so far (a refusal is the neighbour's bug, never the run's). */
  writes: number;
  refused: string[];
  stop(): Promise<void>;
}

type Json = Record<string, unknown>;

/**
 * Another client of the member's company: through the mock's own API (not the member's wire), it
 * creates, updates and archives customers, vehicles and items of its own, one write every `everyMs`.
 * It never touches a record it did not create (S-CONS-concurrency: other clients write; the run's
 * records stay the run's). Lists, windows and totals move under the run, as on a shared company.
 */
export function startNeighbour(mock: MockServer, everyMs: number): Neighbour {
  const company = mock.fixtures.companyId;
  const headers = { authorization: `Bearer ${mock.tokens.full}`, 'content-type': 'application/json' };
  const mine = {
    customers: [] as string[],
    vehicles: [] as { id: string; customerId: string }[],
    items: [] as string[],
  };
  let n = 0;
  let stopped = false;
  const state: Neighbour = { writes: 0, refused: [], stop: async () => {} };
  const send = async (method: string, path: string, body: Json): Promise<Json | undefined> => {
    state.writes += 1;
    const res = await fetch(`${mock.url}${path}`, {
      method,
      headers,
      body: JSON.stringify({ companyId: company, ...body }),
    });
    const json = (await res.json().catch(() => undefined)) as Json | undefined;
    if (res.status >= 300 && state.refused.length < 20) state.refused.push(`${method} ${path}: ${res.status}`);
    return res.status < 300 ? ((json?.data as Json | undefined) ?? {}) : undefined;
  };
  const ids = (data: Json | undefined, key: string, id: string): string[] =>
    ((data?.[key] as Json[] | undefined) ?? []).map((r) => String(r[id]));
  const tag = () => `nbr${Date.now().toString(36)}${(n += 1)}`;
  const take = <T>(list: T[]): T | undefined => list.splice(Math.floor(list.length / 2), 1)[0];
  // Each step returns false when it has nothing of its own to work on yet: the tick takes the next one.
  const steps: (() => Promise<unknown> | false)[] = [
    async () => {
      const t = tag();
      const data = await send('POST', '/customers', {
        customers: [{ firstName: 'Neighbour', lastName: t, emails: [`${t}@neighbour.example`], phones: ['555 0100'] }],
      });
      mine.customers.push(...ids(data, 'customers', 'customerId'));
    },
    () => {
      const customerId = mine.customers.at(-1);
      if (!customerId) return false;
      const t = tag();
      const vin = `NBR${t.toUpperCase()}`.padEnd(17, '0').slice(0, 17);
      const vehicle = {
        customerId,
        year: 2018,
        make: 'Neighbour',
        model: t,
        vin,
        licensePlate: t.slice(-7).toUpperCase(),
      };
      return send('POST', '/vehicles', { vehicles: [vehicle] }).then((data) => {
        for (const id of ids(data, 'vehicles', 'vehicleId')) mine.vehicles.push({ id, customerId });
      });
    },
    async () => {
      const t = tag();
      const partDetails = {
        defaultQuantity: 1,
        costPerUnit: 3,
        pricePerUnit: 5,
        isStockItem: false,
        supplier: 'N',
        brand: 'N',
      };
      const data = await send('POST', '/items', {
        items: [
          { itemType: 'part', itemName: `Neighbour part ${t}`, itemNumber: `NB-${t}`, taxable: true, partDetails },
        ],
      });
      mine.items.push(...ids(data, 'items', 'itemId'));
    },
    () => {
      const customerId = mine.customers.at(-1);
      return !!customerId && send('PUT', '/customers', { customers: [{ customerId, notes: `moved ${tag()}` }] });
    },
    () => {
      const v = mine.vehicles.at(-1);
      return !!v && send('PUT', '/vehicles', { vehicles: [{ vehicleId: v.id, mileage: 1000 + n }] });
    },
    () => {
      const v = mine.vehicles.length > 2 ? take(mine.vehicles) : undefined;
      return !!v && send('PATCH', '/vehicles', { vehicles: [{ vehicleId: v.id, customerId: v.customerId }] });
    },
    () => {
      const id = mine.items.length > 2 ? take(mine.items) : undefined;
      return !!id && send('PATCH', '/items', { items: [{ itemId: id }] });
    },
    () => {
      // Only a customer none of its own vehicles names (what archiving a customer does to them is §3's).
      const last = mine.customers.at(-1);
      const id = mine.customers.find((c) => c !== last && !mine.vehicles.some((v) => v.customerId === c));
      if (!id) return false;
      mine.customers.splice(mine.customers.indexOf(id), 1);
      return send('PATCH', '/customers', { customers: [{ customerId: id }] });
    },
  ];
  let i = 0;
  let inFlight: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    if (stopped) return;
    const tick = async () => {
      for (let tries = 0; tries < steps.length; tries++) {
        const sent = steps[i++ % steps.length]!();
        if (sent !== false) return sent;
      }
      return undefined;
    };
    inFlight = inFlight.then(tick).catch((err: unknown) => {
      if (state.refused.length < 20) state.refused.push(`neighbour: ${String(err)}`);
    });
  }, everyMs);
  timer.unref();
  state.stop = async () => {
    stopped = true;
    clearInterval(timer);
    await inFlight;
  };
  return state;
}
