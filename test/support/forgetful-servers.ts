import type { MockOptions } from '../../mock/server.js';
import { lagRule, newState, type MemberState } from '../family/rules.js';
import { startVariantServer, type VariantServer } from '../variant/server.js';
import { isObject, ok, type Answer, type Call, type Json, type Transformation } from '../variant/transformations.js';

/**
 * Two conforming servers on which the run once forgot records it had made (issue 34, "nothing
 * created is forgotten"), as proxies in front of the embedded mock:
 *
 * - the gateway: creates answered 202 with `data.<resource>Ids` and a `Location`, applied 1.5-3 s
 *   later; a customer search over names, e-mail and phone only; customers listed by last name, 25 a
 *   page, 500 of them, so a walk from both ends of the list does not reach the middle;
 * - the fourth server: bulk creates applied element by element, at most six elements a request, with
 *   per-element results (207 when one is refused).
 */

const areas: Record<string, { array: string; idKey: string; noun: string }> = {
  '/vehicles': { array: 'vehicles', idKey: 'vehicleId', noun: 'vehicle' },
  '/items': { array: 'items', idKey: 'itemId', noun: 'item' },
  '/customers': { array: 'customers', idKey: 'customerId', noun: 'customer' },
};

/** The ids of the records the mock created, from its answer (`data.<array>` of records). */
function mockCreated(c: Call, a: Answer): string[] {
  const area = areas[c.path];
  if (!area || c.method !== 'POST' || !ok(a) || !isObject(a.body) || !isObject(a.body.data)) return [];
  const records = a.body.data[area.array];
  return Array.isArray(records)
    ? records.map((r) => (isObject(r) ? r[area.idKey] : undefined)).filter((id): id is string => typeof id === 'string')
    : [];
}

/** S-4.1-create-status, S-CONS-async-writes, S-2.7-write-data: a 202, the new ids in a list of their own, a Location. */
const gatewayCreates: Transformation = {
  id: 'gateway-202-id-lists',
  why: 'S-4.1-create-status, S-CONS-async-writes, S-2.7-write-data (§2.7 data: object; §4.3 no shape)',
  response: (c, a) => {
    const ids = mockCreated(c, a);
    if (!ids.length) return undefined;
    const { noun } = areas[c.path]!;
    return {
      status: 202,
      body: { success: true, message: 'accepted', data: { [`${noun}Ids`]: ids } },
      headers: { location: `/v2${c.path}/${encodeURIComponent(ids[0]!)}` },
    };
  },
};

const CUSTOMER_PAGE = 25;

const text = (v: unknown): string[] =>
  typeof v === 'string' ? [v] : Array.isArray(v) ? v.flatMap(text) : isObject(v) ? Object.values(v).flatMap(text) : [];

/**
 * GET /customers served by the gateway (§4.3 shows no parameter, S-4.3-list-params, S-8-max-page-size,
 * S-PAGE-default-order): `search` over names, e-mail and phone only, ordered by last name, at most 25 a page.
 */
function gatewayCustomerList(state: MemberState, lagMs: number): Transformation {
  // A new customer reaches the list lagMs after its create was answered (the lag rule records when).
  const young = (r: Json) => Date.now() - (state.created.get(String(r.customerId)) ?? 0) < lagMs;
  return {
    id: 'gateway-customer-list',
    why: 'S-4.3-list-params, S-8-max-page-size, S-PAGE-default-order (§4.3: nothing shown, §8: no maximum)',
    serve: async (c, upstream) => {
      if (c.method !== 'GET' || c.path !== '/customers') return undefined;
      const term = (c.query.get('search') ?? '').trim().toLowerCase();
      const all: Json[] = [];
      for (let page = 1; page <= 100; page++) {
        const query = new URLSearchParams(c.query);
        for (const k of ['search', 'page', 'size']) query.delete(k);
        query.set('size', '100');
        query.set('page', String(page));
        const got = await upstream({ ...c, query });
        if (!ok(got)) return got;
        const results = isObject(got.body) && isObject(got.body.results) ? got.body.results : undefined;
        const content = Array.isArray(results?.content) ? (results.content as Json[]) : [];
        all.push(...content);
        if (content.length < 100) break;
      }
      const matching = all
        .filter((r) => !young(r))
        .filter(
          (r) =>
            !term ||
            [r.firstName, r.lastName, r.companyName, r.emails, r.phones]
              .flatMap(text)
              .some((s) => s.toLowerCase().includes(term)),
        )
        .sort(
          (a, b) =>
            String(a.lastName).localeCompare(String(b.lastName)) ||
            String(a.firstName).localeCompare(String(b.firstName)) ||
            String(a.customerId).localeCompare(String(b.customerId)),
        );
      const size = Math.min(Number(c.query.get('size')) || CUSTOMER_PAGE, CUSTOMER_PAGE);
      const page = Math.max(1, Number(c.query.get('page')) || 1);
      return {
        status: 200,
        body: {
          message: 'Customers retrieved successfully',
          results: {
            content: matching.slice((page - 1) * size, page * size),
            pagination: { page, size, totalCount: matching.length, totalPages: Math.ceil(matching.length / size) },
          },
        },
      };
    },
  };
}

export const BULK_LIMIT = 6;

/**
 * S-BULK-partial, S-8-bulk-count-limit, S-BULK-result-mapping, S-2.7-write-data: each element is
 * its own create; past `limit` in one request an element is refused; the answer gives one result per
 * element, by index (207 when one was refused).
 */
function elementwiseCreates(seen: { refused: number; created: number }, limit: number): Transformation {
  const tails = new WeakMap<Call, number>();
  return {
    id: 'fourth-elementwise-creates',
    why: 'S-BULK-partial, S-8-bulk-count-limit, S-BULK-result-mapping (§4: bulk, nothing said of partial success)',
    request: (c) => {
      const area = areas[c.path];
      if (!area || c.method !== 'POST' || !isObject(c.body)) return false;
      const key = Object.keys(c.body).find((k) => Array.isArray((c.body as Json)[k]));
      const elements = key ? ((c.body as Json)[key] as unknown[]) : [];
      if (!key || elements.length <= limit) return false;
      tails.set(c, elements.length - limit);
      c.body = { ...c.body, [key]: elements.slice(0, limit) };
      return true;
    },
    response: (c, a) => {
      const ids = mockCreated(c, a);
      if (!ids.length) return undefined;
      const refused = tails.get(c) ?? 0;
      seen.created += ids.length;
      seen.refused += refused;
      const results = [
        ...ids.map((id, index) => ({ index, id, success: true, status: 201 })),
        ...Array.from({ length: refused }, (_, i) => ({
          index: ids.length + i,
          success: false,
          status: 422,
          message: `at most ${limit} elements are created per request`,
        })),
      ];
      return {
        status: refused ? 207 : 200,
        body: { success: true, message: `${ids.length} created, ${refused} refused`, data: { results } },
      };
    },
  };
}

export interface ForgetfulServer extends VariantServer {
  /** What the fourth server's creates did (zeros on the gateway). */
  seen: { refused: number; created: number };
}

export async function startGateway(options: MockOptions = {}): Promise<ForgetfulServer> {
  const state = newState();
  const server = await startVariantServer(
    { ...options, seedSizes: { customers: 500, ...options.seedSizes } },
    // Lists lag 3 s behind a create, reads by id 1.5 s (the family's rule, which records the creates); the
    // customer list lags the same way in its own rule (once, not through the lag rule's page-by-page reread).
    [gatewayCustomerList(state, 3000), lagRule(state, 3000, 1500), gatewayCreates],
  );
  return { ...server, seen: { refused: 0, created: 0 } };
}

/** `limit`: the most elements one create applies (BULK_LIMIT, above the harness's batches; lower meets partial creates). */
export async function startFourth(options: MockOptions = {}, limit = BULK_LIMIT): Promise<ForgetfulServer> {
  const seen = { refused: 0, created: 0 };
  const server = await startVariantServer(options, [elementwiseCreates(seen, limit)]);
  return { ...server, seen };
}
